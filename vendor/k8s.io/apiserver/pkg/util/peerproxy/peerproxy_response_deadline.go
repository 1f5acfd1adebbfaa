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
	"errors"
	"fmt"
	"net/http"
	"time"

	apirequest "k8s.io/apiserver/pkg/endpoints/request"
)

// A peer can answer pings, TLS handshakes and discovery (served from
// memory) while every request that needs storage hangs: a kube-apiserver
// cut from etcd. The transport's timeouts never fire for it, so without a
// bound of their own the requests routed to it waited for the request
// timeout (60 s) and the peer was never avoided. A get or list that may be
// sent to a second peer (see mayResend) is therefore given a deadline for
// the peer's response headers; when it passes, the attempt is abandoned,
// the peer backed off like an unreachable one, and the request resent to
// the next capable peer (or answered 503 with Retry-After).
//
// The deadlines are long for what they bound: a live peer answers a get
// from storage in milliseconds. A list of a large collection is read from
// storage in full before the first header is written, so it gets more.
// Variables only so that tests need not wait for them.
var (
	peerGetResponseHeaderTimeout  = 5 * time.Second
	peerListResponseHeaderTimeout = 30 * time.Second
)

// errPeerResponseHeaderTimeout is the cause of an attempt abandoned at its
// response header deadline.
var errPeerResponseHeaderTimeout = errors.New("peer sent no response headers in time")

// responseHeaderTimeout is the response header deadline of req, 0 when it
// has none (it may not be resent, or it is a watch, whose headers may
// legitimately wait).
func responseHeaderTimeout(req *http.Request) time.Duration {
	if !mayResend(req) {
		return 0
	}
	info, _ := apirequest.RequestInfoFrom(req.Context())
	switch {
	case !info.IsResourceRequest:
		// A discovery document (the only non-resource read mayResend
		// allows).
		return peerDocumentResponseHeaderTimeout
	case info.Verb == "list":
		return peerListResponseHeaderTimeout
	}
	return peerGetResponseHeaderTimeout
}

// withResponseHeaderDeadline arms the response header deadline d for
// out, the request to the peer, on recorder. The returned function
// releases it; call it when the proxying ends.
func withResponseHeaderDeadline(out *http.Request, recorder *connectErrorRecorder, d time.Duration) (*http.Request, func()) {
	ctx, cancel := context.WithCancelCause(out.Context())
	recorder.headerTimeout = d
	recorder.abandon = cancel
	return out.WithContext(ctx), func() { cancel(nil) }
}

// roundTripWithHeaderDeadline sends req through rt and abandons it (by
// cancelling its context) if no response headers came within d. An
// abandoned round trip returns an error wrapping
// errPeerResponseHeaderTimeout and no response, also when the headers
// raced the deadline: the caller may then resend the request elsewhere.
func roundTripWithHeaderDeadline(rt http.RoundTripper, req *http.Request, d time.Duration, abandon context.CancelCauseFunc) (*http.Response, error) {
	timer := time.AfterFunc(d, func() { abandon(errPeerResponseHeaderTimeout) })
	resp, err := rt.RoundTrip(req)
	if timer.Stop() || !errors.Is(context.Cause(req.Context()), errPeerResponseHeaderTimeout) {
		return resp, err
	}
	if resp != nil {
		_ = resp.Body.Close()
	}
	return nil, fmt.Errorf("abandoned after %s: %w", d, errPeerResponseHeaderTimeout)
}

// peerUpgradeDialTimeout bounds the dial and TLS handshake of an upgrade
// request (a WebSocket or SPDY stream), which the upgrade-aware proxy
// makes itself with the request's context instead of through the peer
// transport and its timeouts. A variable only for tests.
var peerUpgradeDialTimeout = peerDialTimeout + peerTLSHandshakeTimeout

// errPeerUpgradeDialTimeout is the cause of an upgrade request whose peer
// could not be dialled and handshaken in time: the peer received nothing,
// so another may be tried.
var errPeerUpgradeDialTimeout = errors.New("peer did not complete the TLS handshake in time")

// withUpgradeDialDeadline gives out, an upgrade request to a peer, a
// context that expires peerUpgradeDialTimeout from now, and records it on
// resp so that its expiry is recognised as a connection failure. Only the
// dial and the handshake use that context: once the stream is established
// it is never consulted again, so the stream outlives the deadline.
func withUpgradeDialDeadline(out *http.Request, resp *responder) (*http.Request, func()) {
	ctx, cancel := context.WithTimeoutCause(out.Context(), peerUpgradeDialTimeout, errPeerUpgradeDialTimeout)
	resp.dialCtx = ctx
	return out.WithContext(ctx), cancel
}

// upgradeDialTimedOut reports whether err is an upgrade request's dial or
// handshake that ran into withUpgradeDialDeadline's deadline (the TLS
// package reports it as the context's plain deadline error).
func (r *responder) upgradeDialTimedOut(err error) bool {
	return r.dialCtx != nil && errors.Is(err, context.DeadlineExceeded) &&
		errors.Is(context.Cause(r.dialCtx), errPeerUpgradeDialTimeout) && r.ctx.Err() == nil
}
