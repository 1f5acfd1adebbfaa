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

// Package history is the one record of a drill, whatever its scenario (peer
// faults, rolling upgrade): the phases the nemesis went through, what the
// cluster's components and the faults did and when, every client call with
// the HTTP attempts under it, what each watcher saw, the dependents the
// workload created and their owners, and the namespace it deleted. The
// workload and the nemesis write it while the drill runs (through a
// Recorder); the checker and the report only read it afterwards, so a saved
// history can be checked and printed again without a cluster.
package history

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"time"
)

// NoAnswer is the Code of a call or attempt that got no HTTP answer: the
// client timed out or the connection failed.
const NoAnswer = 0

// Call is one client call (a GET, LIST, CREATE, PATCH, DELETE, or the start
// of a WATCH) as the program saw it, after any retries of the client's own.
type Call struct {
	Class string `json:"class"`
	// Object names what the call was about (a Job's name), so answers that
	// differ only by it can be grouped in the report.
	Object   string        `json:"object,omitempty"`
	Start    time.Time     `json:"start"`
	Duration time.Duration `json:"duration"`
	// Code is the HTTP status of the final answer (200 for any success);
	// NoAnswer when there was none.
	Code int `json:"code"`
	// RetryAfter is the final answer's Retry-After header: client-go waits
	// and retries such an answer, which is what makes a 429 or 503
	// harmless.
	RetryAfter string `json:"retryAfter,omitempty"`
	// Exists says the object (or, for a LIST, objects of the resource)
	// was in storage when the call was made: a 404 then is data loss for
	// whoever acts on it.
	Exists bool `json:"exists,omitempty"`
	// Error is the Status message of a failed answer, or the client's
	// error when there was none.
	Error string `json:"error,omitempty"`
}

// End is when the answer (or the error) came.
func (c Call) End() time.Time { return c.Start.Add(c.Duration) }

// Succeeded says whether the call got a 2xx answer.
func (c Call) Succeeded() bool { return c.Code >= 200 && c.Code < 300 }

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
	// Error says why the comparison could not be made.
	Error string `json:"error,omitempty"`
}

// Dependent is an object with an ownerReference the workload created.
type Dependent struct {
	Kind string `json:"kind"`
	// Namespace is empty for a cluster-scoped dependent; the owner is in
	// the same namespace.
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
	OwnerKind string `json:"ownerKind"`
	Owner     string `json:"owner"`
	// Phase is the phase it was created in.
	Phase   string    `json:"phase"`
	Created time.Time `json:"created"`
	// CreateCode is the status of the create (201, or 200 for one an
	// earlier attempt created); CreateError why it failed.
	CreateCode  int    `json:"createCode"`
	CreateError string `json:"createError,omitempty"`
	// Control marks the dependent of an owner that never existed: the
	// garbage collector must delete it, proof that it was collecting (so
	// that "no dependent lost" means something). Waited is how long the
	// drill waited for that.
	Control bool          `json:"control,omitempty"`
	Waited  time.Duration `json:"waited,omitempty"`
	// Deleted is when the dependent was first seen gone (zero: never).
	Deleted time.Time `json:"deleted,omitzero"`
	// Exists and OwnerExists are what storage (etcd, not the servers
	// under test) held at the end; FinalError says why it could not be
	// read.
	Exists      bool   `json:"exists"`
	OwnerExists bool   `json:"ownerExists"`
	FinalError  string `json:"finalError,omitempty"`
}

// WasCreated says whether the create succeeded.
func (d Dependent) WasCreated() bool { return d.CreateCode >= 200 && d.CreateCode < 300 }

// Lost says whether the dependent is gone while its owner is not: what the
// garbage collector does after a 404 for an owner that exists.
func (d Dependent) Lost() bool {
	return !d.Control && d.WasCreated() && d.FinalError == "" && d.OwnerExists && !d.Exists
}

// NamespaceDeletion is the deletion of a namespace that holds objects of
// every namespaced class.
type NamespaceDeletion struct {
	Name      string        `json:"name"`
	Objects   []string      `json:"objects"`
	Requested time.Time     `json:"requested,omitzero"`
	Duration  time.Duration `json:"duration,omitempty"`
	// Finished says the namespace was gone (404 from the API) within the
	// bound; Leftover lists the storage keys of its objects still in etcd
	// after that.
	Finished bool     `json:"finished"`
	Leftover []string `json:"leftover,omitempty"`
	Error    string   `json:"error,omitempty"`
}

// Counter is a metric read when a phase's fault is in place and again
// before it is undone.
type Counter struct {
	Name  string  `json:"name"`
	Start float64 `json:"start"`
	End   float64 `json:"end"`
	// MustNotGrow makes the checker fail when End > Start: the drill itself
	// is invalid (e.g. a partition that let traffic through).
	MustNotGrow bool   `json:"mustNotGrow,omitempty"`
	Error       string `json:"error,omitempty"`
}

// Phase is one step of the drill: a fault held for a while, a component
// replaced, or an observation with neither.
type Phase struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// Fault says what the nemesis held during the phase, empty for none.
	Fault string    `json:"fault,omitempty"`
	Start time.Time `json:"start"`
	// End is when the fault was undone (or the phase ended).
	End time.Time `json:"end,omitzero"`
	// Allow503 says a 503 is an acceptable answer in this phase (every
	// capable peer is unavailable).
	Allow503 bool `json:"allow503,omitempty"`
	// RecoverWithin, when set, is how soon after End a 200 must come.
	RecoverWithin time.Duration `json:"recoverWithin,omitempty"`
	Counters      []Counter     `json:"counters,omitempty"`
}

// Event kinds.
const (
	// EventFault is a fault injected, EventUndo one undone.
	EventFault = "fault"
	EventUndo  = "undo"
	// EventAction is a one-shot action (a restart, a kill, a stop).
	EventAction = "action"
	// EventStopped and EventReady are a component gone and ready again;
	// Took is how long that took.
	EventStopped = "stopped"
	EventReady   = "ready"
	// EventFailed is an action that failed.
	EventFailed = "failed"
)

// Event is something the nemesis or a component did.
type Event struct {
	Time      time.Time     `json:"time"`
	Phase     string        `json:"phase"`
	Kind      string        `json:"kind"`
	Component string        `json:"component,omitempty"`
	What      string        `json:"what"`
	Took      time.Duration `json:"took,omitempty"`
	// Freeze marks the moment servers were frozen (SIGSTOP).
	Freeze bool `json:"freeze,omitempty"`
}

// History is the whole record of one drill.
type History struct {
	// Scenario names the scenario that wrote it; Title says what was
	// tested (binaries, servers), for the report.
	Scenario   string             `json:"scenario"`
	Title      string             `json:"title"`
	Phases     []Phase            `json:"phases"`
	Events     []Event            `json:"events"`
	Calls      []Call             `json:"calls"`
	Attempts   []Attempt          `json:"attempts,omitempty"`
	Watches    []Watch            `json:"watches,omitempty"`
	Dependents []Dependent        `json:"dependents"`
	Namespace  *NamespaceDeletion `json:"namespace,omitempty"`
	// NewResource is the resource of the new release the workload used
	// (an upgrade), nil if none.
	NewResource *NewResource `json:"newResource,omitempty"`
	// Notes are things the workload could not do, for whoever reads the
	// report.
	Notes []string `json:"notes,omitempty"`
}

// NewResource is a resource only the release upgraded to serves, as found
// in discovery.
type NewResource struct {
	APIVersion string `json:"apiVersion"`
	Resource   string `json:"resource"`
	Kind       string `json:"kind"`
}

// PhaseByName returns the phase of that name.
func (h *History) PhaseByName(name string) (Phase, bool) {
	for _, p := range h.Phases {
		if p.Name == name {
			return p, true
		}
	}
	return Phase{}, false
}

// PhaseAt is the name of the phase going on at t: the last one begun by
// then, "" before the first.
func (h *History) PhaseAt(t time.Time) string {
	name := ""
	for _, p := range h.Phases {
		if p.Start.After(t) {
			break
		}
		name = p.Name
	}
	return name
}

// Save writes the history as JSON.
func (h *History) Save(path string) error {
	data, err := json.MarshalIndent(h, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// Load reads a history Save wrote.
func Load(path string) (*History, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	h := &History{}
	if err := json.Unmarshal(data, h); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return h, nil
}

// Recorder builds a History from the goroutines of a running drill.
type Recorder struct {
	mu      sync.Mutex
	now     func() time.Time
	h       History
	current int // index of the phase begun last, -1 before the first
}

// NewRecorder starts an empty history; now is the clock (nil: time.Now).
func NewRecorder(scenario, title string, now func() time.Time) *Recorder {
	if now == nil {
		now = time.Now
	}
	return &Recorder{now: now, h: History{Scenario: scenario, Title: title}, current: -1}
}

// Now reads the recorder's clock.
func (r *Recorder) Now() time.Time { return r.now() }

// BeginPhase starts phase p now, ending the one before if it is still open.
func (r *Recorder) BeginPhase(p Phase) {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.now()
	if r.current >= 0 && r.h.Phases[r.current].End.IsZero() {
		r.h.Phases[r.current].End = now
	}
	p.Start = now
	p.End = time.Time{}
	r.h.Phases = append(r.h.Phases, p)
	r.current = len(r.h.Phases) - 1
}

// EndPhase marks the current phase's end (its fault undone) now. Calls
// keep belonging to it until the next BeginPhase.
func (r *Recorder) EndPhase() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.current >= 0 && r.h.Phases[r.current].End.IsZero() {
		r.h.Phases[r.current].End = r.now()
	}
}

// Phase is the name of the current phase, "" before the first.
func (r *Recorder) Phase() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.phaseLocked()
}

func (r *Recorder) phaseLocked() string {
	if r.current < 0 {
		return ""
	}
	return r.h.Phases[r.current].Name
}

// SetCounters records the counters of the current phase.
func (r *Recorder) SetCounters(counters []Counter) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.current >= 0 {
		r.h.Phases[r.current].Counters = counters
	}
}

// Call records a finished call.
func (r *Recorder) Call(c Call) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.h.Calls = append(r.h.Calls, c)
}

// Attempt records an HTTP attempt.
func (r *Recorder) Attempt(a Attempt) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.h.Attempts = append(r.h.Attempts, a)
}

// Event records e, now and in the current phase.
func (r *Recorder) Event(e Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	e.Time = r.now()
	e.Phase = r.phaseLocked()
	r.h.Events = append(r.h.Events, e)
}

// AddDependent records a dependent, in the current phase unless it names
// one, and returns its index for UpdateDependent.
func (r *Recorder) AddDependent(d Dependent) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if d.Phase == "" {
		d.Phase = r.phaseLocked()
	}
	r.h.Dependents = append(r.h.Dependents, d)
	return len(r.h.Dependents) - 1
}

// UpdateDependent changes the dependent AddDependent returned i for.
func (r *Recorder) UpdateDependent(i int, update func(*Dependent)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	update(&r.h.Dependents[i])
}

// Dependents returns a copy of the dependents so far.
func (r *Recorder) Dependents() []Dependent {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Dependent(nil), r.h.Dependents...)
}

// SetWatches records what each watcher saw, compared at the end.
func (r *Recorder) SetWatches(w []Watch) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.h.Watches = w
}

// SetNamespace records the namespace deletion.
func (r *Recorder) SetNamespace(nd *NamespaceDeletion) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.h.Namespace = nd
}

// SetNewResource records the new release's resource the workload uses.
func (r *Recorder) SetNewResource(nr *NewResource) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.h.NewResource = nr
}

// Note records something the workload could not do.
func (r *Recorder) Note(msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.h.Notes = append(r.h.Notes, msg)
}

// History returns a copy of the record so far.
func (r *Recorder) History() *History {
	r.mu.Lock()
	defer r.mu.Unlock()
	h := r.h
	h.Phases = append([]Phase(nil), r.h.Phases...)
	for i := range h.Phases {
		h.Phases[i].Counters = append([]Counter(nil), h.Phases[i].Counters...)
	}
	h.Events = append([]Event(nil), r.h.Events...)
	h.Calls = append([]Call(nil), r.h.Calls...)
	h.Attempts = append([]Attempt(nil), r.h.Attempts...)
	h.Watches = append([]Watch(nil), r.h.Watches...)
	h.Dependents = append([]Dependent(nil), r.h.Dependents...)
	h.Notes = append([]string(nil), r.h.Notes...)
	if r.h.Namespace != nil {
		nd := *r.h.Namespace
		h.Namespace = &nd
	}
	return &h
}

type classKey struct{}

// WithClass tags a context with the request class its HTTP attempts belong
// to.
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
