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
	"strings"
	"sync"
	"sync/atomic"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/endpoints/handlers/responsewriters"
	apirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/util/peerproxy/metrics"
	"k8s.io/klog/v2"
)

// proxyWithFailover proxies r to one of the capable peers at endpoints. A
// peer that cannot be connected to is put in backoff and the next one is
// tried, as long as the request body was not consumed; a peer that dropped
// the request after it may have received it is left the same way, but such
// a request is sent again at most once, and only if it is a read (see
// resendDecision). When no peer answers the client gets 503 with
// Retry-After. A crashed peer's leases stay behind for up to an hour, so
// without this a share of the requests would fail although a healthy
// capable peer exists.
func (h *peerProxyHandler) proxyWithFailover(w http.ResponseWriter, r *http.Request, endpoints []string, gvr schema.GroupVersionResource) {
	canRetry := wrapBodyForFailover(r)
	var tried []string
	resent := false
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
		if !isConnectError(err) {
			// The peer may have received the request: one resend at most.
			if resent {
				break
			}
			resent = true
		}
	}
	metrics.IncPeerProxiedRequest(r.Context(), strconv.Itoa(http.StatusServiceUnavailable), gvr.Group, gvr.Version, gvr.Resource)
	gv := schema.GroupVersion{Group: gvr.Group, Version: gvr.Version}
	responsewriters.ErrorNegotiated(peersUnavailable(fmt.Sprintf("no peer apiserver serving %s could be reached (tried %v)", gvr, tried)), h.serializer, gv, w, r)
}

// peerRetryAfterSeconds is the Retry-After of a 503 answered because no
// capable peer could be reached. client-go waits that long and retries (up
// to 10 times by default), so a peer that is back within seconds, or a
// failover in the meantime, spares its callers the error altogether.
const peerRetryAfterSeconds = 1

// peersUnavailable is the 503 for a request that a peer serves but none
// answered. It carries Retry-After: the object is not gone, only its
// servers are out of reach for now.
func peersUnavailable(message string) *apierrors.StatusError {
	err := apierrors.NewServiceUnavailable(message)
	err.ErrStatus.Details = &metav1.StatusDetails{RetryAfterSeconds: peerRetryAfterSeconds}
	return err
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
	if errors.Is(err, errPeerUpgradeDialTimeout) {
		return true
	}
	if isTLSHandshakeTimeout(err) {
		// A stopped peer's kernel accepts the TCP connection; the request
		// is written only after the handshake, which never completed.
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
// the connection was never made: the peer received nothing. Otherwise the
// peer may have received the request, and only a request that changes
// nothing and can be sent again as it was may go: see mayResend.
func isReplayableFailure(req *http.Request, err error) bool {
	if errors.Is(err, errPeerResponseHeaderTimeout) {
		// Abandoned by this server, not by the client; armed only for
		// requests that may be resent.
		return mayResend(req)
	}
	if req.Context().Err() != nil {
		// The client went away or ran out of time.
		return false
	}
	if isConnectError(err) {
		return true
	}
	return mayResend(req)
}

// mayResend reports whether req may be sent to a second peer after the
// first may have received it. That is decided by what the request is, not
// by its HTTP method alone:
//   - only the read verbs get and list (watch streams are answered as they
//     go, and a failure mid-stream is the client's to handle);
//   - never a connect subresource (proxy, exec, attach, portforward): a GET
//     there opens a session on a node or a Pod, which a second peer would
//     open again;
//   - never a request with a body.
//
// Of the non-resource requests only the discovery documents the proxy
// serves from peers (see discoveryDocumentGroupVersion) are reads.
//
// The caller sends such a request again at most once.
func mayResend(req *http.Request) bool {
	info, ok := apirequest.RequestInfoFrom(req.Context())
	if !ok {
		return false
	}
	if !info.IsResourceRequest {
		_, document := discoveryDocumentGroupVersion(req)
		return document && !hasBody(req)
	}
	if info.Verb != "get" && info.Verb != "list" {
		return false
	}
	switch info.Subresource {
	case "proxy", "exec", "attach", "portforward":
		return false
	}
	return !hasBody(req)
}

// hasBody reports whether req carries a request body.
func hasBody(req *http.Request) bool {
	if req.ContentLength > 0 {
		return true
	}
	return req.ContentLength < 0 && req.Body != nil && req.Body != http.NoBody
}

// isTLSHandshakeTimeout reports whether err is net/http's TLS handshake
// timeout, which it does not export as a type.
func isTLSHandshakeTimeout(err error) bool {
	var netErr net.Error
	return errors.As(err, &netErr) && netErr.Timeout() && strings.Contains(err.Error(), "TLS handshake timeout")
}

// connectErrorRecorder remembers the error of a round trip after which
// another peer may be tried (isReplayableFailure).
type connectErrorRecorder struct {
	http.RoundTripper
	err error
	// headerTimeout, if set, is the response header deadline of the round
	// trip, enforced through abandon (see withResponseHeaderDeadline).
	headerTimeout time.Duration
	abandon       context.CancelCauseFunc
}

// WrappedRoundTripper lets the upgrade-aware proxy find the transport's TLS
// configuration and dialer for upgrade requests, which it dials itself.
func (c *connectErrorRecorder) WrappedRoundTripper() http.RoundTripper { return c.RoundTripper }

func (c *connectErrorRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	if c.headerTimeout > 0 {
		resp, err = roundTripWithHeaderDeadline(c.RoundTripper, req, c.headerTimeout, c.abandon)
	} else {
		resp, err = c.RoundTripper.RoundTrip(req)
	}
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
