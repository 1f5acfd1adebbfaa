/*
Copyright 2026 The Kubernetes Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

package peerproxy

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"

	"golang.org/x/net/http2"

	utilnet "k8s.io/apimachinery/pkg/util/net"
	"k8s.io/client-go/transport"
)

// Timeouts of the transport to peer kube-apiservers. A peer that hangs (a
// frozen VM, a stopped process, a partition) keeps its leases for a while,
// so the proxy keeps choosing it; what matters is how fast a connection to
// it is found dead so that the request can go to another capable peer or be
// answered 503 while the client still waits. client-go's defaults (30 s
// dial, 10 s TLS handshake, HTTP/2 ping after 30 s idle with 15 s to answer)
// are sized for clients of a remote API; these are sized for servers that
// talk over the control plane network, where a healthy peer answers a ping
// or completes a handshake within milliseconds even under load.
const (
	// peerDialTimeout bounds the TCP connect (or the egress dialer). A
	// partition that drops SYNs otherwise holds a request for 30 s.
	peerDialTimeout = 3 * time.Second
	// peerTLSHandshakeTimeout bounds the handshake. A stopped process's
	// kernel still accepts the TCP connection, so only the handshake shows
	// that nobody is there.
	peerTLSHandshakeTimeout = 3 * time.Second
	// peerHTTP2ReadIdleTimeout is how long a connection may be silent
	// before the transport pings the peer, and peerHTTP2PingTimeout how long
	// the answer may take before the connection and every request on it are
	// failed. Pings cost one frame a peer answers from its connection's
	// read loop, independent of how busy its handlers are, so a slow but
	// live peer is not cut off; only a process that is not scheduled at all
	// (stopped, frozen, starved of CPU) misses one.
	//
	// The ping timeout is what cuts a connection to a peer that stalls for
	// a moment, and with it every watch proxied over it, whose clients
	// then all re-list at once from a peer that was just short of CPU. It
	// was 2 s; it is 5 s, so a stall of a few seconds (CPU throttling, a
	// paused VM) costs the watches nothing. Gets and lists no longer
	// depend on it to fail over (they have a response header deadline of
	// their own, see peerGetResponseHeaderTimeout); a watch to a peer that
	// is really gone is cut within 7 s.
	peerHTTP2ReadIdleTimeout = 2 * time.Second
	peerHTTP2PingTimeout     = 5 * time.Second
)

// newPeerTransport builds the round tripper to peer kube-apiservers from
// config: its TLS settings, client certificate and dialer (the egress
// selector's, if any), with the timeouts above. Like client-go's transports
// it honours DISABLE_HTTP2.
func newPeerTransport(config *transport.Config) (http.RoundTripper, error) {
	tlsConfig, err := transport.TLSConfigFor(config)
	if err != nil {
		return nil, fmt.Errorf("building the TLS configuration for peers: %w", err)
	}
	dial := (&net.Dialer{KeepAlive: 30 * time.Second}).DialContext
	if config.DialHolder != nil && config.DialHolder.Dial != nil {
		dial = config.DialHolder.Dial
	}
	t := &http.Transport{
		TLSClientConfig:     tlsConfig,
		TLSHandshakeTimeout: peerTLSHandshakeTimeout,
		MaxIdleConnsPerHost: 25,
		DialContext:         dialWithTimeout(dial, peerDialTimeout),
	}
	t = utilnet.SetOldTransportDefaults(t)
	if os.Getenv("DISABLE_HTTP2") == "" {
		t2, err := http2.ConfigureTransports(t)
		if err != nil {
			return nil, fmt.Errorf("configuring HTTP/2 to peers: %w", err)
		}
		t2.ReadIdleTimeout = peerHTTP2ReadIdleTimeout
		t2.PingTimeout = peerHTTP2PingTimeout
	}
	return transport.HTTPWrappersForConfig(config, t)
}

// dialWithTimeout bounds every dial of dial by timeout.
func dialWithTimeout(dial func(ctx context.Context, network, address string) (net.Conn, error), timeout time.Duration) func(ctx context.Context, network, address string) (net.Conn, error) {
	return func(ctx context.Context, network, address string) (net.Conn, error) {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		return dial(ctx, network, address)
	}
}
