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
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/rest"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

func TestSumCounter(t *testing.T) {
	text := `# HELP apiserver_request_total [STABLE] Counter of apiserver requests
# TYPE apiserver_request_total counter
apiserver_request_total{code="200",component="apiserver",dry_run="",group="batch",resource="jobs",scope="resource",subresource="",verb="GET",version="v1"} 41
apiserver_request_total{code="404",component="apiserver",dry_run="",group="batch",resource="jobs",scope="resource",subresource="",verb="GET",version="v1"} 2
apiserver_request_total{code="200",component="apiserver",dry_run="",group="batch",resource="jobs",scope="namespace",subresource="",verb="LIST",version="v1"} 7
apiserver_request_total{code="200",component="apiserver",dry_run="",group="",resource="configmaps",scope="resource",subresource="",verb="GET",version="v1"} 9
apiserver_request_total_other{group="batch",resource="jobs",verb="GET"} 100
`
	got, err := SumCounter([]byte(text), "apiserver_request_total", map[string]string{"group": "batch", "resource": "jobs", "verb": "GET"})
	if err != nil || got != 43 {
		t.Errorf("got %v, %v; want 43", got, err)
	}
	// No sample yet: zero.
	if got, err := SumCounter([]byte("# nothing\n"), "apiserver_request_total", nil); err != nil || got != 0 {
		t.Errorf("empty: %v %v", got, err)
	}
	if _, err := SumCounter([]byte(`apiserver_request_total{verb="GET"} x`+"\n"), "apiserver_request_total", nil); err == nil {
		t.Error("malformed value accepted")
	}
}

// fakeServer answers each Job GET differently and counts the attempts.
func fakeServer(t *testing.T, attempts *atomic.Int32) *httptest.Server {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		attempts.Add(1)
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/apis/batch/v1/namespaces/ns/jobs/ok":
			_, _ = w.Write([]byte(`{"kind":"Job","apiVersion":"batch/v1","metadata":{"name":"ok"}}`))
		case "/apis/batch/v1/namespaces/ns/jobs/busy":
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte(`{"kind":"Status","apiVersion":"v1","status":"Failure","message":"no peer","code":503}`))
		case "/apis/batch/v1/namespaces/ns/jobs/gone":
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"kind":"Status","apiVersion":"v1","status":"Failure","message":"jobs.batch \"gone\" not found","reason":"NotFound","code":404}`))
		case "/apis/batch/v1/namespaces/ns/jobs/frozen":
			<-release
		}
	}))
	t.Cleanup(func() { close(release); srv.Close() })
	return srv
}

// TestProbeRecordsWhatCameBack: a probe is one HTTP attempt, and the call
// records the status, the Retry-After header and the message as the
// server gave them.
func TestProbeRecordsWhatCameBack(t *testing.T) {
	var attempts atomic.Int32
	srv := fakeServer(t, &attempts)
	rec := history.NewRecorder("", "", nil)
	w := New(Config{REST: &rest.Config{Host: srv.URL}, Namespace: "ns", CallTimeout: 300 * time.Millisecond}, rec)
	c, err := newClient(w.cfg.REST, rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ok", "busy", "gone", "frozen"} {
		w.probe(context.Background(), c, ClassProbeJob, name, "/apis/batch/v1/namespaces/ns/jobs/"+name)
	}
	h := rec.History()
	if len(h.Calls) != 4 {
		t.Fatalf("calls %+v", h.Calls)
	}
	if n := attempts.Load(); n != 4 {
		t.Errorf("%d HTTP attempts for 4 probes: client-go retried", n)
	}
	want := []struct {
		code       int
		retryAfter string
		message    string
	}{
		{200, "", ""},
		{503, "1", "no peer"},
		{404, "", `jobs.batch "gone" not found`},
		{history.NoAnswer, "", "context deadline exceeded"},
	}
	for i, c := range h.Calls {
		if c.Class != ClassProbeJob || !c.Exists || c.Code != want[i].code || c.RetryAfter != want[i].retryAfter || !strings.Contains(c.Error, want[i].message) {
			t.Errorf("call %d: %+v, want %+v", i, c, want[i])
		}
	}
	if len(h.Attempts) != 4 || h.Attempts[1].Code != 503 || h.Attempts[1].RetryAfter != "1" || h.Attempts[1].Class != ClassProbeJob {
		t.Errorf("attempts %+v", h.Attempts)
	}
}

// TestCallCutShortByTheRunIsNotRecorded: a call the drill itself ended is
// not something the server did.
func TestCallCutShortByTheRunIsNotRecorded(t *testing.T) {
	var attempts atomic.Int32
	srv := fakeServer(t, &attempts)
	rec := history.NewRecorder("", "", nil)
	w := New(Config{REST: &rest.Config{Host: srv.URL}, Namespace: "ns", CallTimeout: time.Minute}, rec)
	c, err := newClient(w.cfg.REST, rec)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	w.probe(ctx, c, ClassProbeJob, "frozen", "/apis/batch/v1/namespaces/ns/jobs/frozen")
	if h := rec.History(); len(h.Calls) != 0 || len(h.Attempts) != 0 {
		t.Errorf("recorded %+v %+v", h.Calls, h.Attempts)
	}
}

func TestWaitInFlight(t *testing.T) {
	w := New(Config{}, history.NewRecorder("", "", nil))
	if w.WaitInFlight(context.Background(), 20*time.Millisecond) {
		t.Error("nothing was in flight")
	}
	go func() {
		time.Sleep(10 * time.Millisecond)
		w.inFlight.Store(time.Now().UnixNano())
	}()
	if !w.WaitInFlight(context.Background(), time.Second) {
		t.Error("a probe in flight was not seen")
	}
}

func TestStatusCode(t *testing.T) {
	if got := statusCode(nil); got != http.StatusOK {
		t.Errorf("nil: %d", got)
	}
	if got := statusCode(context.DeadlineExceeded); got != history.NoAnswer {
		t.Errorf("no answer: %d", got)
	}
}

func TestRandomUID(t *testing.T) {
	a, b := randomUID(), randomUID()
	if a == b || len(a) != 36 || strings.Count(a, "-") != 4 {
		t.Errorf("UIDs %q %q", a, b)
	}
}

func TestStorageResourceOfEveryKind(t *testing.T) {
	w := &Workload{newResource: NewResource{GVR: schema.GroupVersionResource{Group: "example.io", Version: "v1", Resource: "policies"}, Kind: "Policy"}}
	for _, kind := range []string{"ConfigMap", "Job", "ClusterRole", "Policy"} {
		if w.storageResourceOf(kind) == "" {
			t.Errorf("no storage resource for %s: its dependents could not be checked in etcd", kind)
		}
	}
}

// TestProbesReadTheBatchV1Document: besides the Jobs, the probes GET the
// batch/v1 discovery document, one request at a time, and a 404 for it is
// recorded as one for something that exists.
func TestProbesReadTheBatchV1Document(t *testing.T) {
	var documents atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/apis/batch/v1" {
			documents.Add(1)
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"kind":"Status","apiVersion":"v1","status":"Failure","message":"the server could not find the requested resource","reason":"NotFound","code":404}`))
			return
		}
		_, _ = w.Write([]byte(`{"kind":"Job","apiVersion":"batch/v1","metadata":{"name":"j"}}`))
	}))
	t.Cleanup(srv.Close)
	rec := history.NewRecorder("", "", nil)
	w := New(Config{REST: &rest.Config{Host: srv.URL}, Namespace: "ns", CallTimeout: time.Second, ProbeInterval: 10 * time.Millisecond}, rec)
	w.jobs = []owner{{name: "j"}}
	ctx, cancel := context.WithCancel(context.Background())
	if err := w.probes(ctx); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for documents.Load() < 3 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	w.background.Wait()
	var found int
	for _, c := range rec.History().Calls {
		if c.Class != ClassProbeDocument {
			continue
		}
		found++
		if c.Code != http.StatusNotFound || !c.Exists || c.Object != "batch/v1" {
			t.Errorf("document probe recorded as %+v, want a 404 for the existing batch/v1", c)
		}
	}
	if found < 3 {
		t.Errorf("%d document probes recorded, want at least 3", found)
	}
}
