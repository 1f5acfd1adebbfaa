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

package workload

import (
	"context"
	"net"
	"net/http"
	"sync"
	"time"

	utilnet "k8s.io/apimachinery/pkg/util/net"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// client is one client of the API with a connection of its own, as a
// separate process would have: behind a TCP load balancer a connection
// stays on the server it was balanced to, so clients that share one
// connection would all talk to the same server.
type client struct {
	kube    kubernetes.Interface
	dynamic dynamic.Interface
	http    *http.Client
}

// newClient builds a client from base whose every HTTP attempt is recorded
// with the class of the context it was made with (none when rec is nil).
func newClient(base *rest.Config, rec *history.Recorder) (*client, error) {
	cfg := rest.CopyConfig(base)
	// The workload sets its own pace; client-go's rate limiter would only
	// add waits that look like server latency.
	cfg.QPS, cfg.Burst = 1000, 1000
	// A Dial function of its own makes client-go build this client a
	// transport instead of sharing its cached one, and so a connection.
	cfg.Dial = (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	cfg.WrapTransport = func(rt http.RoundTripper) http.RoundTripper {
		return &recordingTransport{next: rt, rec: rec}
	}

	httpClient, err := rest.HTTPClientFor(cfg)
	if err != nil {
		return nil, err
	}
	kube, err := kubernetes.NewForConfigAndClient(cfg, httpClient)
	if err != nil {
		return nil, err
	}
	dyn, err := dynamic.NewForConfigAndClient(cfg, httpClient)
	if err != nil {
		return nil, err
	}
	return &client{kube: kube, dynamic: dyn, http: httpClient}, nil
}

// reconnect drops the client's idle connection so that its next call
// opens a new one through the load balancer, the way a short-lived client
// (kubectl, a CI job) reaches a different server each time.
func (c *client) reconnect() { utilnet.CloseIdleConnectionsFor(c.http.Transport) }

// recordingTransport records every round trip: client-go retries some
// answers (429 and 5xx with Retry-After, connection resets of idempotent
// requests) without telling its caller, and the report counts them.
type recordingTransport struct {
	next http.RoundTripper
	rec  *history.Recorder
}

func (t *recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	a := history.Attempt{Class: history.ClassOf(req.Context()), Start: time.Now()}
	resp, err := t.next.RoundTrip(req)
	if last, ok := req.Context().Value(lastAnswerKey{}).(*lastAnswer); ok {
		if err == nil {
			last.set(resp.StatusCode, resp.Header.Get("Retry-After"))
		} else {
			last.set(history.NoAnswer, "")
		}
	}
	if t.rec == nil {
		return resp, err
	}
	switch {
	case err != nil:
		// A call the workload itself ended (the run is over) is not
		// something the server did.
		if req.Context().Err() == context.Canceled {
			return resp, err
		}
		a.Error = err.Error()
	default:
		a.Code = resp.StatusCode
		a.RetryAfter = resp.Header.Get("Retry-After")
	}
	t.rec.Attempt(a)
	return resp, err
}

// WrappedRoundTripper lets utilnet.CloseIdleConnectionsFor reach the
// transport underneath.
func (t *recordingTransport) WrappedRoundTripper() http.RoundTripper { return t.next }

// lastAnswer is the status and Retry-After header of the last HTTP attempt
// under a call: client-go's error does not always carry the header.
type lastAnswer struct {
	mu         sync.Mutex
	code       int
	retryAfter string
}

type lastAnswerKey struct{}

func withLastAnswer(ctx context.Context, last *lastAnswer) context.Context {
	return context.WithValue(ctx, lastAnswerKey{}, last)
}

func (l *lastAnswer) set(code int, retryAfter string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.code, l.retryAfter = code, retryAfter
}

func (l *lastAnswer) get() (int, string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.code, l.retryAfter
}
