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

// Package history is the record of a fault drill: the phases the nemesis
// went through, every request the workload sent and what came back, the
// dependents it created and what became of them. The workload and the
// nemesis write it while the drill runs (through a Recorder); the checker and
// the report only read it afterwards, so a saved history can be checked and
// printed again without a cluster.
package history

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"time"
)

// NoAnswer is the Code of a request that got no HTTP answer: the client
// timed out or the connection failed.
const NoAnswer = 0

// Request is one GET of a Job through the server under test.
type Request struct {
	// Phase is the phase the request started in.
	Phase    string        `json:"phase"`
	Job      string        `json:"job"`
	Start    time.Time     `json:"start"`
	Duration time.Duration `json:"duration"`
	// Code is the HTTP status, or NoAnswer.
	Code       int    `json:"code"`
	RetryAfter string `json:"retryAfter,omitempty"`
	// Message is the Status message of an answer other than 200, or the
	// client's error when there was no answer.
	Message string `json:"message,omitempty"`
}

// End is when the answer (or the error) came.
func (r Request) End() time.Time { return r.Start.Add(r.Duration) }

// Dependent is a ConfigMap whose ownerReference names a Job.
type Dependent struct {
	Name     string `json:"name"`
	Owner    string `json:"owner"`
	OwnerUID string `json:"ownerUID"`
	// Phase is the phase it was created in.
	Phase   string    `json:"phase"`
	Created time.Time `json:"created"`
	// CreateCode is the status of the create (201 when it exists).
	CreateCode    int    `json:"createCode"`
	CreateMessage string `json:"createMessage,omitempty"`
	// Control marks the dependent of a Job that never existed: the garbage
	// collector must delete it.
	Control bool `json:"control,omitempty"`
	// FinalCode is the status of a GET of the dependent after the last
	// phase: 200 it is still there, 404 it was deleted.
	FinalCode int `json:"finalCode"`
	// FinalMessage describes the last answer of a control dependent that
	// was not seen deleted (a 503 or no answer is not "still there").
	FinalMessage string `json:"finalMessage,omitempty"`
	// Deleted is when the dependent was first seen gone (zero: never, or
	// only after the last phase); Waited how long the drill would wait for
	// a control dependent to go.
	Deleted time.Time     `json:"deleted,omitzero"`
	Waited  time.Duration `json:"waited,omitempty"`
}

// Event is something the nemesis did: inject or undo a fault, restart a
// process.
type Event struct {
	Time  time.Time `json:"time"`
	Phase string    `json:"phase"`
	What  string    `json:"what"`
	// Freeze marks the moment servers were frozen (SIGSTOP).
	Freeze bool `json:"freeze,omitempty"`
}

// Counter is a metric read at the start and at the end of a phase.
type Counter struct {
	Name  string  `json:"name"`
	Start float64 `json:"start"`
	End   float64 `json:"end"`
	// MustNotGrow makes the checker fail when End > Start: the drill itself
	// is invalid (e.g. a partition that let traffic through).
	MustNotGrow bool   `json:"mustNotGrow,omitempty"`
	Error       string `json:"error,omitempty"`
}

// Phase is one step of the drill: a fault held for a while, or an
// observation with none.
type Phase struct {
	Name string `json:"name"`
	// Fault says what the nemesis did, empty for an observation phase.
	Fault string    `json:"fault,omitempty"`
	Start time.Time `json:"start"`
	// End is when the fault was undone (or the observation ended).
	End time.Time `json:"end,omitzero"`
	// Allow503 says a 503 is an acceptable answer in this phase (every
	// capable peer is unavailable).
	Allow503 bool `json:"allow503,omitempty"`
	// RecoverWithin, when set, is how soon after End a 200 must come.
	RecoverWithin time.Duration `json:"recoverWithin,omitempty"`
	Counters      []Counter     `json:"counters,omitempty"`
}

// History is the whole record of one drill.
type History struct {
	// Title says what was tested (binary, server asked), for the report.
	Title      string      `json:"title"`
	Phases     []Phase     `json:"phases"`
	Requests   []Request   `json:"requests"`
	Dependents []Dependent `json:"dependents"`
	Events     []Event     `json:"events"`
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
		if !p.Start.After(t) {
			name = p.Name
		}
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
func NewRecorder(title string, now func() time.Time) *Recorder {
	if now == nil {
		now = time.Now
	}
	return &Recorder{now: now, h: History{Title: title}, current: -1}
}

// Now reads the recorder's clock.
func (r *Recorder) Now() time.Time { return r.now() }

// BeginPhase starts phase p now, ending the one before if it is still open.
// Requests started from now on belong to p.
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

// EndPhase marks the current phase's end (its fault undone) now. Requests
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

// Request records a finished request. A request without a phase gets the
// current one.
func (r *Recorder) Request(req Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if req.Phase == "" && r.current >= 0 {
		req.Phase = r.h.Phases[r.current].Name
	}
	r.h.Requests = append(r.h.Requests, req)
}

// Event records what the nemesis did, now, in the current phase.
func (r *Recorder) Event(what string, freeze bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	e := Event{Time: r.now(), What: what, Freeze: freeze}
	if r.current >= 0 {
		e.Phase = r.h.Phases[r.current].Name
	}
	r.h.Events = append(r.h.Events, e)
}

// AddDependent records a dependent and returns its index for UpdateDependent.
func (r *Recorder) AddDependent(d Dependent) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.h.Dependents = append(r.h.Dependents, d)
	return len(r.h.Dependents) - 1
}

// UpdateDependent changes the dependent AddDependent returned i for.
func (r *Recorder) UpdateDependent(i int, update func(*Dependent)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	update(&r.h.Dependents[i])
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
	h.Requests = append([]Request(nil), r.h.Requests...)
	h.Dependents = append([]Dependent(nil), r.h.Dependents...)
	h.Events = append([]Event(nil), r.h.Events...)
	return &h
}
