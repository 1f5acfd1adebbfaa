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

// Package history is what the upgrade drill's workload saw: every client
// call and every HTTP attempt under it, the watchers' final state, the
// dependents' fate and the namespace deletion. It holds observations only;
// package report decides what they mean.
package history

import (
	"context"
	"encoding/json"
	"os"
	"sync"
	"time"
)

// Call is one client-go call (a GET, LIST, CREATE, UPDATE, or the start of
// a WATCH) as the program saw it, after client-go's own retries.
type Call struct {
	Class    string        `json:"class"`
	Start    time.Time     `json:"start"`
	Duration time.Duration `json:"duration"`
	// Code is 200 for any success, otherwise the HTTP status of the final
	// answer; 0 when there was none (connection error, timeout).
	Code int `json:"code"`
	// RetryAfter says the failed answer asked the client to retry later
	// (a Retry-After header, as 429s and the 503s of a draining server have).
	RetryAfter bool `json:"retryAfter,omitempty"`
	// Exists says the object (or, for a LIST, objects of the resource)
	// existed in storage when the call was made: a 404 then is data loss
	// for whoever acts on it.
	Exists bool   `json:"exists,omitempty"`
	Error  string `json:"error,omitempty"`
}

// Failed says whether the call did not succeed.
func (c Call) Failed() bool { return c.Code != 200 }

// Attempt is one HTTP round trip under a call, as the transport saw it:
// client-go retries 429 and 5xx answers that carry Retry-After, and
// idempotent requests after a connection reset, so a call that succeeded
// may hide attempts that did not.
type Attempt struct {
	Class      string    `json:"class"`
	Start      time.Time `json:"start"`
	Code       int       `json:"code"`
	RetryAfter string    `json:"retryAfter,omitempty"`
	Error      string    `json:"error,omitempty"`
}

// Watch is what one watcher saw over the whole run.
type Watch struct {
	Resource string `json:"resource"`
	// Starts counts the watch requests it made (the first and every
	// re-watch after a stream ended); Relists the times it had to LIST
	// again because its resourceVersion had expired (410).
	Starts  int `json:"starts"`
	Relists int `json:"relists"`
	Events  int `json:"events"`
	// Missed are objects whose final state the watcher does not have:
	// absent from its view, or at an older resourceVersion than a LIST
	// made after the writers stopped. Extra are objects it still holds
	// that the LIST does not.
	Missed []string `json:"missed,omitempty"`
	Extra  []string `json:"extra,omitempty"`
	// Error says why the comparison could not be made (the LIST failed,
	// the watcher never caught up).
	Error string `json:"error,omitempty"`
}

// Dependent is an object with an ownerReference the workload created, and
// whether it and its owner were still in storage (etcd) at the end.
type Dependent struct {
	Kind        string    `json:"kind"`
	Name        string    `json:"name"`
	OwnerKind   string    `json:"ownerKind"`
	Owner       string    `json:"owner"`
	Created     time.Time `json:"created"`
	Exists      bool      `json:"exists"`
	OwnerExists bool      `json:"ownerExists"`
}

// NamespaceDeletion is the deletion of the namespace that holds objects of
// every namespaced class.
type NamespaceDeletion struct {
	Name      string        `json:"name"`
	Objects   []string      `json:"objects"`
	Requested time.Time     `json:"requested,omitzero"`
	Duration  time.Duration `json:"duration,omitempty"`
	// Finished says the namespace was gone (404 from the API) within the
	// bound; Leftover lists the storage keys of the namespace's objects
	// still in etcd after that.
	Finished bool     `json:"finished"`
	Leftover []string `json:"leftover,omitempty"`
	Error    string   `json:"error,omitempty"`
}

// History is the workload's whole record.
type History struct {
	Start      time.Time          `json:"start"`
	End        time.Time          `json:"end"`
	Calls      []Call             `json:"calls"`
	Attempts   []Attempt          `json:"attempts"`
	Watches    []Watch            `json:"watches"`
	Dependents []Dependent        `json:"dependents"`
	Namespace  *NamespaceDeletion `json:"namespace,omitempty"`
	// Notes are things the workload could not do (setup steps that needed
	// retries, a final check that failed), for whoever reads the report.
	Notes []string `json:"notes,omitempty"`
}

// Save writes the history as JSON.
func (h *History) Save(path string) error {
	data, err := json.MarshalIndent(h, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// Load reads a history Save wrote.
func Load(path string) (*History, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	h := &History{}
	if err := json.Unmarshal(data, h); err != nil {
		return nil, err
	}
	return h, nil
}

// Recorder collects calls and attempts from many goroutines.
type Recorder struct {
	mu       sync.Mutex
	calls    []Call
	attempts []Attempt
}

// Call records a call.
func (r *Recorder) Call(c Call) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, c)
}

// Attempt records an attempt.
func (r *Recorder) Attempt(a Attempt) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.attempts = append(r.attempts, a)
}

// Take returns what was recorded so far.
func (r *Recorder) Take() ([]Call, []Attempt) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Call(nil), r.calls...), append([]Attempt(nil), r.attempts...)
}

type classKey struct{}

// WithClass tags a context with the request class its attempts belong to.
func WithClass(ctx context.Context, class string) context.Context {
	return context.WithValue(ctx, classKey{}, class)
}

// ClassOf returns the class WithClass put into ctx, or "other".
func ClassOf(ctx context.Context) string {
	if c, ok := ctx.Value(classKey{}).(string); ok {
		return c
	}
	return "other"
}
