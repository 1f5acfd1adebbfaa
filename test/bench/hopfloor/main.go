/*
Copyright 2026 The kubecarry Authors.

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

// hopfloor is the least a proxy hop in front of a kube-apiserver can do,
// measured as a separate process: hack/bench-peerproxy.sh runs it next to
// the servers and loads it like the proxying server, so that every run shows
// what one extra hop costs on this machine before any Kubernetes code runs.
//
// It does the part of the Mixed Version Proxy's hop that no implementation
// can skip: it terminates the client's mutual TLS, takes the user (name,
// groups, credential ID) from the verified client certificate, and forwards
// the request over one reused
// HTTP/2 connection with the front-proxy client certificate and the
// identity headers, using the same HTTP/2 client as kube-apiserver
// (k8s.io/apimachinery's transport defaults, golang.org/x/net/http2). It
// has no filter chain: no authorization, flow control, audit or metrics.
package main

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"
	"time"

	utilnet "k8s.io/apimachinery/pkg/util/net"
	x509request "k8s.io/apiserver/pkg/authentication/request/x509"
	"k8s.io/client-go/transport"
)

type options struct {
	listen        string
	certFile      string
	keyFile       string
	clientCAFile  string
	upstream      string
	upstreamCA    string
	proxyCertFile string
	proxyKeyFile  string
	http1         bool
}

func main() {
	var o options
	flag.StringVar(&o.listen, "listen", "", "host:port to serve HTTPS on (required)")
	flag.StringVar(&o.certFile, "tls-cert", "", "serving certificate (required)")
	flag.StringVar(&o.keyFile, "tls-key", "", "serving key (required)")
	flag.StringVar(&o.clientCAFile, "client-ca", "", "CA bundle that verifies client certificates; every client must present one (required)")
	flag.StringVar(&o.upstream, "upstream", "", "https URL of the kube-apiserver to forward to (required)")
	flag.StringVar(&o.upstreamCA, "upstream-ca", "", "CA bundle that verifies the upstream's serving certificate (required)")
	flag.StringVar(&o.proxyCertFile, "proxy-cert", "", "front-proxy client certificate presented to the upstream (required)")
	flag.StringVar(&o.proxyKeyFile, "proxy-key", "", "front-proxy client key (required)")
	flag.BoolVar(&o.http1, "upstream-http1", false, "speak HTTP/1.1 keep-alive to the upstream instead of HTTP/2, one connection per concurrent request")
	flag.Parse()
	server, err := newServer(o)
	if err != nil {
		fmt.Fprintf(os.Stderr, "hopfloor: %v\n", err)
		os.Exit(2)
	}
	fmt.Fprintf(os.Stderr, "hopfloor: forwarding https://%s to %s\n", o.listen, o.upstream)
	if err := server.ListenAndServeTLS("", ""); err != nil {
		fmt.Fprintf(os.Stderr, "hopfloor: %v\n", err)
		os.Exit(1)
	}
}

func newServer(o options) (*http.Server, error) {
	if o.listen == "" || o.certFile == "" || o.keyFile == "" || o.clientCAFile == "" ||
		o.upstream == "" || o.upstreamCA == "" || o.proxyCertFile == "" || o.proxyKeyFile == "" {
		return nil, errors.New("-listen, -tls-cert, -tls-key, -client-ca, -upstream, -upstream-ca, -proxy-cert and -proxy-key are required")
	}
	target, err := url.Parse(o.upstream)
	if err != nil || target.Scheme != "https" || target.Host == "" {
		return nil, fmt.Errorf("-upstream must be an https URL with a host, not %q", o.upstream)
	}
	serving, err := tls.LoadX509KeyPair(o.certFile, o.keyFile)
	if err != nil {
		return nil, fmt.Errorf("serving certificate: %w", err)
	}
	clientCAs, err := loadPool(o.clientCAFile)
	if err != nil {
		return nil, fmt.Errorf("-client-ca: %w", err)
	}
	upstreamCAs, err := loadPool(o.upstreamCA)
	if err != nil {
		return nil, fmt.Errorf("-upstream-ca: %w", err)
	}
	proxyCert, err := tls.LoadX509KeyPair(o.proxyCertFile, o.proxyKeyFile)
	if err != nil {
		return nil, fmt.Errorf("front-proxy client certificate: %w", err)
	}
	upstreamTransport := newUpstreamTransport(&tls.Config{
		RootCAs:      upstreamCAs,
		Certificates: []tls.Certificate{proxyCert},
		MinVersion:   tls.VersionTLS12,
	}, o.http1)
	return &http.Server{
		Addr:              o.listen,
		Handler:           newProxy(target, upstreamTransport),
		ReadHeaderTimeout: 10 * time.Second,
		TLSConfig: &tls.Config{
			Certificates: []tls.Certificate{serving},
			ClientCAs:    clientCAs,
			ClientAuth:   tls.RequireAndVerifyClientCert,
			MinVersion:   tls.VersionTLS12,
		},
	}, nil
}

// newUpstreamTransport speaks HTTP/2 like kube-apiserver's peer transport
// (client-go's defaults configure x/net's HTTP/2 with its health checks),
// or HTTP/1.1 keep-alive with http1.
func newUpstreamTransport(config *tls.Config, http1 bool) *http.Transport {
	// Over HTTP/1.1 every concurrent request needs its own connection; keep
	// more idle than the benchmark's connections (net/http keeps 2), so that
	// none is re-dialled with a TLS handshake during a run.
	rt := &http.Transport{TLSClientConfig: config, MaxIdleConnsPerHost: 64}
	if http1 {
		return rt
	}
	return utilnet.SetTransportDefaults(rt)
}

// newProxy forwards every request to target as the user that
// kube-apiserver's x509 authenticator makes of its verified client
// certificate, and refuses requests that came without one.
func newProxy(target *url.URL, upstream http.RoundTripper) http.Handler {
	proxy := &httputil.ReverseProxy{
		Transport: upstream,
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(target)
			// Like a peer-proxied request, so the upstream serves it
			// itself.
			r.Out.Header.Set("X-Kubernetes-Peer-Proxied", "true")
		},
		ErrorHandler: func(w http.ResponseWriter, _ *http.Request, err error) {
			http.Error(w, "hopfloor: "+err.Error(), http.StatusBadGateway)
		},
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.TLS == nil || len(r.TLS.PeerCertificates) == 0 {
			http.Error(w, "hopfloor: a client certificate is required", http.StatusUnauthorized)
			return
		}
		// The same conversion as kube-apiserver's x509 authenticator: the
		// common name is the user, each organization a group, and the
		// certificate's SHA-256 fingerprint its credential ID.
		resp, ok, err := x509request.CommonNameUserConversion.User(r.TLS.PeerCertificates)
		if err != nil {
			http.Error(w, "hopfloor: client certificate: "+err.Error(), http.StatusUnauthorized)
			return
		}
		if !ok {
			http.Error(w, "hopfloor: the client certificate has no common name to name a user", http.StatusUnauthorized)
			return
		}
		out := r.Clone(r.Context())
		// The identity comes from the connection only: headers the client
		// sent must not be able to name another user.
		for name := range out.Header {
			if strings.HasPrefix(strings.ToLower(name), "x-remote-") {
				out.Header.Del(name)
			}
		}
		out.Header.Del("Authorization")
		u := resp.User
		transport.SetAuthProxyHeaders(out, u.GetName(), u.GetUID(), u.GetGroups(), u.GetExtra())
		proxy.ServeHTTP(w, out)
	})
}

func loadPool(file string) (*x509.CertPool, error) {
	pem, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("no PEM certificates in %s", file)
	}
	return pool, nil
}
