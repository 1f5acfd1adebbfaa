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
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

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

func TestStatusMessage(t *testing.T) {
	if got := StatusMessage([]byte(`{"kind":"Status","apiVersion":"v1","status":"Failure","message":"jobs.batch \"j\" not found","reason":"NotFound","code":404}`)); got != `jobs.batch "j" not found` {
		t.Errorf("got %q", got)
	}
	if got := StatusMessage([]byte("  404 page not found\n")); got != "404 page not found" {
		t.Errorf("got %q", got)
	}
	if got := StatusMessage([]byte(strings.Repeat("x", 200))); len(got) != 123 {
		t.Errorf("long body not cut: %d", len(got))
	}
}

// TestGetRecordsWhatCameBack runs the workload's GET against a fake server
// that answers each Job differently.
func TestGetRecordsWhatCameBack(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/apis/batch/v1/namespaces/ns/jobs/ok":
			writeBody(t, w, `{"kind":"Job"}`)
		case "/apis/batch/v1/namespaces/ns/jobs/busy":
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
			writeBody(t, w, `{"kind":"Status","message":"no peer"}`)
		case "/apis/batch/v1/namespaces/ns/jobs/gone":
			w.WriteHeader(http.StatusNotFound)
			writeBody(t, w, `{"kind":"Status","message":"jobs.batch \"gone\" not found"}`)
		case "/apis/batch/v1/namespaces/ns/jobs/frozen":
			<-release
		}
	}))
	defer srv.Close()
	defer close(release)

	rec := history.NewRecorder("", nil)
	rec.BeginPhase(history.Phase{Name: "b"})
	client := srv.Client()
	client.Timeout = 200 * time.Millisecond
	w := &Workload{Client: client, Through: srv.URL, Namespace: "ns", Rec: rec}
	for _, tc := range []struct {
		job        string
		code       int
		retryAfter string
		message    string
	}{
		{"ok", 200, "", ""},
		{"busy", 503, "1", "no peer"},
		{"gone", 404, "", `jobs.batch "gone" not found`},
		{"frozen", history.NoAnswer, "", "Client.Timeout exceeded"},
	} {
		got := w.Get(context.Background(), Job{Name: tc.job})
		if got.Code != tc.code || got.RetryAfter != tc.retryAfter || !strings.Contains(got.Message, tc.message) || got.Phase != "b" {
			t.Errorf("%s: %+v", tc.job, got)
		}
	}
	reqs := rec.History().Requests
	if len(reqs) != 4 || reqs[3].Duration < 200*time.Millisecond {
		t.Errorf("recorded %+v", reqs)
	}
}

func TestRandomUID(t *testing.T) {
	a, b := randomUID(), randomUID()
	if a == b || len(a) != 36 || strings.Count(a, "-") != 4 {
		t.Errorf("%q %q", a, b)
	}
}

func TestWaitInFlight(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(100 * time.Millisecond)
	}))
	defer srv.Close()
	rec := history.NewRecorder("", nil)
	w := &Workload{Client: srv.Client(), Through: srv.URL, Namespace: "ns", Rec: rec}
	if w.WaitInFlight(context.Background(), 20*time.Millisecond) {
		t.Fatal("in flight with no request")
	}
	go func() {
		time.Sleep(10 * time.Millisecond)
		w.Get(context.Background(), Job{Name: "j"})
	}()
	start := time.Now()
	if !w.WaitInFlight(context.Background(), time.Second) {
		t.Fatal("missed the request")
	}
	if since := time.Since(start); since > 90*time.Millisecond {
		t.Errorf("returned after %s, the request was still in flight much earlier", since)
	}
	// The request has not finished: it is in flight right now.
	if len(rec.History().Requests) != 0 {
		t.Error("returned after the request finished")
	}
}

func TestSeeDeletedDependents(t *testing.T) {
	var selector string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		selector = r.URL.Query().Get("labelSelector")
		writeBody(t, w, `{"kind":"ConfigMapList","items":[{"metadata":{"name":"kept"}}]}`)
	}))
	defer srv.Close()
	rec := history.NewRecorder("", nil)
	rec.BeginPhase(history.Phase{Name: "c"})
	before := time.Now().Add(-time.Second)
	for _, d := range []history.Dependent{
		{Name: "kept", Created: before, CreateCode: 201},
		{Name: "gone", Created: before, CreateCode: 201},
		{Name: "never-created", Created: before, CreateCode: 500},
		{Name: "control", Created: before, CreateCode: 201, Control: true},
		{Name: "too-new", Created: time.Now().Add(time.Hour), CreateCode: 201},
	} {
		rec.AddDependent(d)
	}
	w := &Workload{Client: srv.Client(), Through: srv.URL, Namespace: "ns", Rec: rec}
	w.SeeDeletedDependents(context.Background())
	if selector != DependentLabel+"=dependent" {
		t.Errorf("label selector %q", selector)
	}
	for _, d := range rec.History().Dependents {
		if gone := !d.Deleted.IsZero(); gone != (d.Name == "gone") {
			t.Errorf("%s: deleted %v", d.Name, d.Deleted)
		}
	}
}

// TestDependentCreatedWhenAnswered: a LIST that starts while a create is
// still on its way must not count that dependent as deleted.
func TestDependentCreatedWhenAnswered(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			time.Sleep(50 * time.Millisecond)
			w.WriteHeader(http.StatusCreated)
			return
		}
		writeBody(t, w, `{"kind":"ConfigMapList","items":[]}`)
	}))
	defer srv.Close()
	rec := history.NewRecorder("", nil)
	w := &Workload{Client: srv.Client(), Through: srv.URL, Namespace: "ns", Rec: rec}
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.CreateDependent(context.Background(), "slow", Job{Name: "j", UID: "u"}, false)
	}()
	time.Sleep(10 * time.Millisecond)
	w.SeeDeletedDependents(context.Background()) // starts while the create is in flight
	<-done
	if d := rec.History().Dependents[0]; !d.Deleted.IsZero() {
		t.Errorf("a dependent whose create had not been answered was seen deleted: %+v", d)
	}
}

func TestFinalClearsWhatAListMissed(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/gone") {
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	defer srv.Close()
	rec := history.NewRecorder("", nil)
	seen := time.Now()
	rec.AddDependent(history.Dependent{Name: "here", CreateCode: 201, Deleted: seen})
	rec.AddDependent(history.Dependent{Name: "gone", CreateCode: 201, Deleted: seen})
	w := &Workload{Client: srv.Client(), Through: srv.URL, Namespace: "ns", Rec: rec}
	w.Final(context.Background())
	ds := rec.History().Dependents
	if ds[0].FinalCode != 200 || !ds[0].Deleted.IsZero() {
		t.Errorf("here: %+v", ds[0])
	}
	if ds[1].FinalCode != 404 || !ds[1].Deleted.Equal(seen) {
		t.Errorf("gone: %+v", ds[1])
	}
}

// writeBody writes the answer of a fake server. A short write shows up as a
// wrong body in the test that reads it; this names the cause.
func writeBody(t *testing.T, w http.ResponseWriter, body string) {
	t.Helper()
	if _, err := io.WriteString(w, body); err != nil {
		t.Errorf("the fake server could not write its answer: %v", err)
	}
}

func TestControlRecordsTheLastAnswerWhenTheDependentIsNotSeenDeleted(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			w.WriteHeader(http.StatusCreated)
			return
		}
		http.Error(w, "etcd is unavailable", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	rec := history.NewRecorder("", nil)
	w := &Workload{Client: srv.Client(), Through: srv.URL, Namespace: "ns", Rec: rec}
	if err := w.Control(context.Background(), "control-end", "end", time.Second); err != nil {
		t.Fatal(err)
	}
	d := rec.History().Dependents[0]
	if !d.Deleted.IsZero() || d.FinalCode != http.StatusServiceUnavailable || !strings.Contains(d.FinalMessage, "503") {
		t.Errorf("control dependent %+v: want not deleted, final code 503 and a message naming it", d)
	}
}
