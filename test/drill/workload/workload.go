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

// Package workload is the client side of a fault drill: Jobs created through
// a server that serves batch/v1, then a steady sequence of GETs of those Jobs
// through the server under test (which reaches them only through its peers),
// and ConfigMaps created through it whose ownerReferences point at the Jobs.
// Every request and its outcome goes into the history; nothing here decides
// whether an outcome is good.
//
// The client is plain net/http with a fixed timeout and no retries, so every
// 503, 404 and hang the server under test gives is seen as it was.
package workload

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// NewClient returns an HTTP client that authenticates with a client
// certificate, trusts caFile, and gives up on a request after timeout
// (headers and body).
func NewClient(caFile, certFile, keyFile string, timeout time.Duration) (*http.Client, error) {
	ca, err := os.ReadFile(caFile)
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(ca) {
		return nil, fmt.Errorf("%s: no PEM certificates", caFile)
	}
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, err
	}
	transport := &http.Transport{
		TLSClientConfig:     &tls.Config{RootCAs: pool, Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12},
		MaxIdleConnsPerHost: 4,
		IdleConnTimeout:     90 * time.Second,
	}
	return &http.Client{Transport: transport, Timeout: timeout}, nil
}

// Job is a Job the workload created.
type Job struct {
	Name string
	UID  string
}

// Workload sends the drill's requests and records them.
type Workload struct {
	Client *http.Client
	// Through is the URL of the server under test (X).
	Through string
	// Direct is the URL of a server that serves batch/v1 itself; Jobs are
	// created there.
	Direct    string
	Namespace string
	// Interval is the time from one GET's start to the next one's (a GET
	// that takes longer is followed at once).
	Interval time.Duration
	// DependentEvery is how often a dependent is created.
	DependentEvery time.Duration
	Rec            *history.Recorder
	Jobs           []Job
	// Widgets are custom resources (CreateWidgets) that the server under
	// test serves itself; Run reads them alongside the Jobs.
	Widgets []Job
	// Logf reports progress; nil is quiet.
	Logf func(format string, args ...any)

	// inFlight is the start (Unix nanoseconds) of the GET in flight, 0
	// when none is.
	inFlight atomic.Int64
}

func (w *Workload) logf(format string, args ...any) {
	if w.Logf != nil {
		w.Logf(format, args...)
	}
}

func (w *Workload) jobsPath() string {
	return "/apis/batch/v1/namespaces/" + w.Namespace + "/jobs"
}

func (w *Workload) configMapsPath() string {
	return "/api/v1/namespaces/" + w.Namespace + "/configmaps"
}

// answer is an HTTP exchange's outcome.
type answer struct {
	code       int
	retryAfter string
	message    string
	body       []byte
}

// do sends one request; a transport error or timeout is an answer with code
// NoAnswer and the error as message.
func (w *Workload) do(ctx context.Context, method, url string, body []byte) answer {
	var reader io.Reader
	if body != nil {
		reader = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, reader)
	if err != nil {
		return answer{code: history.NoAnswer, message: err.Error()}
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := w.Client.Do(req)
	if err != nil {
		return answer{code: history.NoAnswer, message: err.Error()}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	a := answer{code: resp.StatusCode, retryAfter: resp.Header.Get("Retry-After"), body: data}
	if err != nil {
		// The status came but the body did not: the server stopped answering.
		return answer{code: history.NoAnswer, message: fmt.Sprintf("HTTP %d, then reading the body: %v", resp.StatusCode, err)}
	}
	if a.code >= 300 {
		a.message = StatusMessage(data)
	}
	return a
}

// StatusMessage is the message of a Kubernetes Status body, or the start of
// any other body.
func StatusMessage(body []byte) string {
	var status struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
	}
	if json.Unmarshal(body, &status) == nil && status.Kind == "Status" {
		return status.Message
	}
	s := strings.TrimSpace(string(body))
	if len(s) > 120 {
		s = s[:120] + "..."
	}
	return s
}

// CreateJobs creates n Jobs through Direct (suspended: no job controller
// needs to run, nothing needs to be pulled).
func (w *Workload) CreateJobs(ctx context.Context, n int) error {
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("drill-job-%d", i)
		body := fmt.Sprintf(`{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":%q},`+
			`"spec":{"suspend":true,"template":{"spec":{"restartPolicy":"Never",`+
			`"containers":[{"name":"c","image":"registry.invalid/drill:none"}]}}}}`, name)
		a := w.do(ctx, http.MethodPost, w.Direct+w.jobsPath(), []byte(body))
		if a.code != http.StatusCreated {
			return fmt.Errorf("creating Job %s through %s: %s", name, w.Direct, describe(a))
		}
		var job struct {
			Metadata struct {
				UID string `json:"uid"`
			} `json:"metadata"`
		}
		if err := json.Unmarshal(a.body, &job); err != nil || job.Metadata.UID == "" {
			return fmt.Errorf("creating Job %s: no uid in the answer", name)
		}
		w.Jobs = append(w.Jobs, Job{Name: name, UID: job.Metadata.UID})
	}
	return nil
}

func describe(a answer) string {
	if a.code == history.NoAnswer {
		return "no answer: " + a.message
	}
	return fmt.Sprintf("HTTP %d %s", a.code, a.message)
}

// WaitThrough polls a GET of the first Job through the server under test
// until it answers 200 (its peer discovery knows who serves batch/v1) or
// timeout passes.
func (w *Workload) WaitThrough(ctx context.Context, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	var last answer
	for {
		last = w.do(ctx, http.MethodGet, w.Through+w.jobsPath()+"/"+w.Jobs[0].Name, nil)
		if last.code == http.StatusOK {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s did not answer a GET of Job %s with 200 within %s; last: %s", w.Through, w.Jobs[0].Name, timeout, describe(last))
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// Get sends one GET of a Job through the server under test and records it.
func (w *Workload) Get(ctx context.Context, job Job) history.Request {
	start := w.Rec.Now()
	w.inFlight.Store(start.UnixNano())
	defer w.inFlight.Store(0)
	return w.get(ctx, job.Name, w.jobsPath()+"/"+job.Name, start)
}

// GetWidget sends one GET of a widget through the server under test and
// records it, named "widget/<name>".
func (w *Workload) GetWidget(ctx context.Context, widget Job) history.Request {
	return w.get(ctx, WidgetPrefix+widget.Name, w.widgetsPath()+"/"+widget.Name, w.Rec.Now())
}

// get GETs path through the server under test and records the answer as
// a request for the object named name.
func (w *Workload) get(ctx context.Context, name, path string, start time.Time) history.Request {
	phase := w.Rec.Phase()
	a := w.do(ctx, http.MethodGet, w.Through+path, nil)
	req := history.Request{
		Phase:      phase,
		Job:        name,
		Start:      start,
		Duration:   w.Rec.Now().Sub(start),
		Code:       a.code,
		RetryAfter: a.retryAfter,
		Message:    a.message,
	}
	w.Rec.Request(req)
	return req
}

// WaitInFlight returns once a GET that started after the call is in
// flight, or after max: a fault injected then hits a request on its way.
func (w *Workload) WaitInFlight(ctx context.Context, max time.Duration) bool {
	since := w.Rec.Now().UnixNano()
	deadline := time.Now().Add(max)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		if v := w.inFlight.Load(); v != 0 && v >= since {
			return true
		}
		time.Sleep(200 * time.Microsecond)
	}
	return false
}

// Run sends GETs round-robin over the Jobs, one at a time, and as many
// over the widgets (if any) alongside, creates a dependent every
// DependentEvery and LISTs the dependents every second to see when one
// goes, until stop is closed; a request in flight then finishes and is
// recorded. ctx cancels everything at once.
func (w *Workload) Run(ctx context.Context, stop <-chan struct{}) {
	var wg sync.WaitGroup
	wg.Add(3)
	go func() {
		defer wg.Done()
		w.watchDependents(ctx, stop)
	}()
	go func() {
		defer wg.Done()
		w.every(ctx, stop, func(i int) { w.Get(ctx, w.Jobs[i%len(w.Jobs)]) })
	}()
	if len(w.Widgets) > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.every(ctx, stop, func(i int) { w.GetWidget(ctx, w.Widgets[i%len(w.Widgets)]) })
		}()
	}
	go func() {
		defer wg.Done()
		tick := time.NewTicker(w.DependentEvery)
		defer tick.Stop()
		for i := 0; ; i++ {
			w.CreateDependent(ctx, fmt.Sprintf("drill-dependent-%03d", i+1), w.Jobs[i%len(w.Jobs)], false)
			select {
			case <-stop:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	}()
	wg.Wait()
}

// every calls request(0), request(1), ... one at a time, starting one
// every Interval (at once after one that took longer), until stop is
// closed or ctx is done.
func (w *Workload) every(ctx context.Context, stop <-chan struct{}, request func(i int)) {
	for i := 0; ; i++ {
		select {
		case <-stop:
			return
		case <-ctx.Done():
			return
		default:
		}
		start := time.Now()
		request(i)
		if wait := w.Interval - time.Since(start); wait > 0 {
			select {
			case <-stop:
				return
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
		}
	}
}

// DependentLabel marks the drill's ConfigMaps: "dependent" or "control".
const DependentLabel = "kubecarry.io/drill"

func dependentKind(control bool) string {
	if control {
		return "control"
	}
	return "dependent"
}

// CreateDependent creates, through the server under test, a ConfigMap
// owned by owner, and records it.
func (w *Workload) CreateDependent(ctx context.Context, name string, owner Job, control bool) int {
	body, _ := json.Marshal(map[string]any{
		"apiVersion": "v1",
		"kind":       "ConfigMap",
		"metadata": map[string]any{
			"name":   name,
			"labels": map[string]string{DependentLabel: dependentKind(control)},
			"ownerReferences": []map[string]any{{
				"apiVersion": "batch/v1",
				"kind":       "Job",
				"name":       owner.Name,
				"uid":        owner.UID,
			}},
		},
		"data": map[string]string{"owner": owner.Name},
	})
	d := history.Dependent{Name: name, Owner: owner.Name, OwnerUID: owner.UID, Phase: w.Rec.Phase(), Control: control}
	a := w.do(ctx, http.MethodPost, w.Through+w.configMapsPath(), body)
	// Created is when the answer came: only then can a LIST be sure to
	// include it.
	d.Created = w.Rec.Now()
	d.CreateCode = a.code
	if a.code != http.StatusCreated {
		d.CreateMessage = describe(a)
		w.logf("creating dependent %s through %s: %s", name, w.Through, d.CreateMessage)
	}
	return w.Rec.AddDependent(d)
}

// Control creates dependent name of a Job that never existed and waits
// until the garbage collector deletes it, at most timeout: proof that the
// collector was running and could look its owner up, so that "no dependent
// lost" means something. phase names when (it is not a phase of the plan).
func (w *Workload) Control(ctx context.Context, name, phase string, timeout time.Duration) error {
	absent := Job{Name: "drill-job-that-never-existed", UID: randomUID()}
	i := w.CreateDependent(ctx, name, absent, true)
	w.Rec.UpdateDependent(i, func(d *history.Dependent) { d.Phase, d.Waited = phase, timeout })
	if d := w.Rec.History().Dependents[i]; d.CreateCode != http.StatusCreated {
		return fmt.Errorf("creating the control dependent %s: %s", name, d.CreateMessage)
	}
	deadline := time.Now().Add(timeout)
	last := answer{message: "never asked: the timeout had passed"}
	for time.Now().Before(deadline) {
		last = w.do(ctx, http.MethodGet, w.Through+w.configMapsPath()+"/"+name, nil)
		if last.code == http.StatusNotFound {
			now := w.Rec.Now()
			w.Rec.UpdateDependent(i, func(d *history.Dependent) { d.Deleted = now; d.FinalCode = last.code })
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	w.Rec.UpdateDependent(i, func(d *history.Dependent) { d.FinalCode, d.FinalMessage = last.code, describe(last) })
	return nil
}

// watchDependents LISTs the drill's dependents through the server under
// test (ConfigMaps: it serves them itself) every second and records when
// one is first missing.
func (w *Workload) watchDependents(ctx context.Context, stop <-chan struct{}) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		w.SeeDeletedDependents(ctx)
	}
}

// SeeDeletedDependents LISTs the dependents once and marks those missing
// as deleted now.
func (w *Workload) SeeDeletedDependents(ctx context.Context) {
	start := w.Rec.Now()
	a := w.do(ctx, http.MethodGet, w.Through+w.configMapsPath()+"?labelSelector="+DependentLabel+"%3Ddependent", nil)
	if a.code != http.StatusOK {
		return
	}
	var list struct {
		Items []struct {
			Metadata struct {
				Name string `json:"name"`
			} `json:"metadata"`
		} `json:"items"`
	}
	if json.Unmarshal(a.body, &list) != nil {
		return
	}
	present := map[string]bool{}
	for _, item := range list.Items {
		present[item.Metadata.Name] = true
	}
	seen := w.Rec.Now()
	for i, d := range w.Rec.History().Dependents {
		// Only what existed before the LIST began can be missing from it.
		if d.Control || d.CreateCode != http.StatusCreated || !d.Deleted.IsZero() || !d.Created.Before(start) || present[d.Name] {
			continue
		}
		w.Rec.UpdateDependent(i, func(d *history.Dependent) { d.Deleted = seen })
	}
}

// Final reads every dependent the workload created (not the control) and
// records whether it is still there.
func (w *Workload) Final(ctx context.Context) {
	for i, d := range w.Rec.History().Dependents {
		if d.Control || d.CreateCode != http.StatusCreated {
			continue
		}
		a := w.do(ctx, http.MethodGet, w.Through+w.configMapsPath()+"/"+d.Name, nil)
		w.Rec.UpdateDependent(i, func(d *history.Dependent) {
			d.FinalCode = a.code
			if a.code == http.StatusOK {
				// Still there: whatever a LIST missed, it was not deleted.
				d.Deleted = time.Time{}
			}
		})
	}
}

// JobGets reads server's /metrics and returns how many GETs of Jobs it has
// served (apiserver_request_total, every code).
func (w *Workload) JobGets(ctx context.Context, server string) (float64, error) {
	a := w.do(ctx, http.MethodGet, server+"/metrics", nil)
	if a.code != http.StatusOK {
		return 0, fmt.Errorf("%s/metrics: %s", server, describe(a))
	}
	return SumCounter(a.body, "apiserver_request_total", map[string]string{"group": "batch", "resource": "jobs", "verb": "GET"})
}

// SumCounter adds up the samples of metric name in Prometheus text format
// whose labels include every label given.
func SumCounter(text []byte, name string, labels map[string]string) (float64, error) {
	var sum float64
	found := false
	for _, line := range strings.Split(string(text), "\n") {
		if !strings.HasPrefix(line, name+"{") && !strings.HasPrefix(line, name+" ") {
			continue
		}
		series, value, ok := cutLast(line)
		if !ok {
			return 0, fmt.Errorf("malformed sample %q", line)
		}
		if !hasLabels(series, labels) {
			continue
		}
		var v float64
		if _, err := fmt.Sscanf(value, "%g", &v); err != nil {
			return 0, fmt.Errorf("malformed value in %q: %w", line, err)
		}
		sum += v
		found = true
	}
	if !found {
		// A counter with no samples yet is zero.
		return 0, nil
	}
	return sum, nil
}

func cutLast(line string) (string, string, bool) {
	i := strings.LastIndexByte(line, ' ')
	if i < 0 {
		return "", "", false
	}
	return line[:i], line[i+1:], true
}

func hasLabels(series string, labels map[string]string) bool {
	for k, v := range labels {
		label := k + "=\"" + v + "\""
		if !strings.Contains(series, "{"+label) && !strings.Contains(series, ","+label) {
			return false
		}
	}
	return true
}

func randomUID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(errors.New("no randomness for a UID"))
	}
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
