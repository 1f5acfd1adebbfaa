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
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"net"
	"net/http"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/endpoints/handlers/responsewriters"
	"k8s.io/apiserver/pkg/util/peerproxy/metrics"
	"k8s.io/klog/v2"
)

// proxyWithFailover proxies r to one of the capable peers at endpoints. A
// peer that cannot be connected to, or that drops a safe request without
// answering it (see isReplayableFailure), is put in backoff and the next one
// is tried, as long as the request body was not consumed; when none can be
// reached the client gets 503. A crashed peer's leases stay behind for up
// to an hour, so without this a share of the requests would fail although
// a healthy capable peer exists.
func (h *peerProxyHandler) proxyWithFailover(w http.ResponseWriter, r *http.Request, endpoints []string, gvr schema.GroupVersionResource) {
	canRetry := wrapBodyForFailover(r)
	var tried []string
	for _, endpoint := range h.backoff.order(endpoints) {
		err := h.proxyToPeer(r, w, endpoint, gvr, true)
		if err == nil {
			h.backoff.markReachable(endpoint)
			return
		}
		tried = append(tried, endpoint)
		h.backoff.markUnreachable(endpoint)
		// It may have moved: read its address again next time.
		h.endpoints.forgetAddress(endpoint)
		metrics.IncPeerProxyError(r.Context(), metrics.ProxyErrorPeerUnreachable, gvr.Group, gvr.Version, gvr.Resource)
		klog.InfoS("Peer apiserver unreachable, trying the next capable peer", "peer", endpoint, "gvr", gvr, "err", err)
		if !canRetry() {
			break
		}
	}
	metrics.IncPeerProxiedRequest(r.Context(), strconv.Itoa(http.StatusServiceUnavailable), gvr.Group, gvr.Version, gvr.Resource)
	gv := schema.GroupVersion{Group: gvr.Group, Version: gvr.Version}
	responsewriters.ErrorNegotiated(apierrors.NewServiceUnavailable(fmt.Sprintf("no peer apiserver serving %s could be reached (tried %v)", gvr, tried)), h.serializer, gv, w, r)
}

// unreachablePeerBackoff is how long a peer that could not be connected to
// is tried only after all other capable peers. It matches the peer
// discovery refresh interval: by then the refresh has either dropped the
// peer (it is gone) or fetched from it again (it is back).
const unreachablePeerBackoff = defaultPeerDiscoveryRefreshInterval

// peerBackoff remembers peers that could not be connected to.
type peerBackoff struct {
	mu    sync.Mutex
	until map[string]time.Time // host:port -> end of backoff
	now   func() time.Time
	rand  func(n int) int
}

func newPeerBackoff() *peerBackoff {
	return &peerBackoff{until: map[string]time.Time{}, now: time.Now, rand: rand.Intn}
}

func (b *peerBackoff) markUnreachable(hostport string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.until[hostport] = b.now().Add(unreachablePeerBackoff)
}

func (b *peerBackoff) markReachable(hostport string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.until, hostport)
}

// order returns the endpoints in the order to try them: a random rotation
// (spreading load over the capable peers, as upstream's random choice
// does) of the sorted peers not in backoff, then the ones in backoff,
// which are still better than no answer.
func (b *peerBackoff) order(endpoints []string) []string {
	if len(endpoints) == 0 {
		return nil
	}
	endpoints = append([]string(nil), endpoints...)
	sort.Strings(endpoints)
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	start := b.rand(len(endpoints))
	ordered := make([]string, 0, len(endpoints))
	var backedOff []string
	for i := range endpoints {
		ep := endpoints[(start+i)%len(endpoints)]
		if until, ok := b.until[ep]; ok {
			if now.Before(until) {
				backedOff = append(backedOff, ep)
				continue
			}
			delete(b.until, ep)
		}
		ordered = append(ordered, ep)
	}
	return append(ordered, backedOff...)
}

// isConnectError reports whether err means the connection to the peer was
// never established, so the peer received nothing and another peer can be
// tried safely, whatever the request's method.
func isConnectError(err error) bool {
	var opErr *net.OpError
	if errors.As(err, &opErr) && opErr.Op == "dial" {
		return true
	}
	var (
		certErr      *tls.CertificateVerificationError
		recordErr    tls.RecordHeaderError
		alertErr     tls.AlertError
		authorityErr x509.UnknownAuthorityError
		hostnameErr  x509.HostnameError
		invalidErr   x509.CertificateInvalidError
	)
	return errors.As(err, &certErr) || errors.As(err, &recordErr) || errors.As(err, &alertErr) ||
		errors.As(err, &authorityErr) || errors.As(err, &hostnameErr) || errors.As(err, &invalidErr)
}

// isReplayableFailure reports whether a round trip that got no response
// from the peer, failing with err, may be sent to another peer. It may when
// the connection was never made. For the safe methods it also may when the
// connection broke before the peer answered: they change nothing, so a peer
// that received the request before it vanished cannot apply it twice. That
// is what a peer that crashes under a live HTTP/2 connection looks like to
// the request that races its teardown. A request whose client went away or
// ran out of time is never sent again.
func isReplayableFailure(req *http.Request, err error) bool {
	if req.Context().Err() != nil {
		return false
	}
	if isConnectError(err) {
		return true
	}
	switch req.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return true
	}
	return false
}

// connectErrorRecorder remembers the error of a round trip after which
// another peer may be tried (isReplayableFailure).
type connectErrorRecorder struct {
	http.RoundTripper
	err error
}

func (c *connectErrorRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := c.RoundTripper.RoundTrip(req)
	if err != nil && isReplayableFailure(req, err) {
		c.err = err
	}
	return resp, err
}

// replayableBody lets a request body be sent to a second peer after the
// first could not be connected to. The transport closes the body of a
// failed request, so Close is deferred to the server, which closes the
// original body when the handler returns; and a body that was read from
// at all is never replayed.
type replayableBody struct {
	io.ReadCloser
	read atomic.Bool
}

func (b *replayableBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if n > 0 {
		b.read.Store(true)
	}
	return n, err
}

func (b *replayableBody) Close() error { return nil }

// wrapBodyForFailover prepares req for tries on several peers. It reports
// whether the request can be retried after a failed try.
func wrapBodyForFailover(req *http.Request) func() bool {
	if req.Body == nil || req.Body == http.NoBody {
		return func() bool { return true }
	}
	body := &replayableBody{ReadCloser: req.Body}
	req.Body = body
	return func() bool { return !body.read.Load() }
}
