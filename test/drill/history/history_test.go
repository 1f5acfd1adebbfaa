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

package history

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// fakeClock advances by step on every reading.
func fakeClock(start time.Time, step time.Duration) func() time.Time {
	t := start
	return func() time.Time {
		now := t
		t = t.Add(step)
		return now
	}
}

func TestRecorderPhasesAndEvents(t *testing.T) {
	r := NewRecorder("peer-faults", "title", fakeClock(t0, time.Second))
	if got := r.Phase(); got != "" {
		t.Fatalf("phase before the first: %q", got)
	}
	r.BeginPhase(Phase{Name: "before"})                                           // t0
	r.BeginPhase(Phase{Name: "a", Fault: "f"})                                    // t0+1s, ends before at t0+1s
	r.Event(Event{Kind: EventFault, What: "inject", Freeze: true})                // t0+2s
	r.EndPhase()                                                                  // t0+3s
	r.EndPhase()                                                                  // no change
	r.Event(Event{Kind: EventReady, Component: "apiserver-1", Took: time.Second}) // t0+4s, still in a
	r.BeginPhase(Phase{Name: "c", End: t0})                                       // t0+5s; a stays ended at t0+3s

	h := r.History()
	if len(h.Phases) != 3 || h.Scenario != "peer-faults" || h.Title != "title" {
		t.Fatalf("history: %+v", h)
	}
	if want := t0.Add(time.Second); !h.Phases[0].End.Equal(want) {
		t.Errorf("before ended %v, want %v (when a began)", h.Phases[0].End, want)
	}
	if want := t0.Add(3 * time.Second); !h.Phases[1].End.Equal(want) {
		t.Errorf("a ended %v, want %v (EndPhase, not the next BeginPhase)", h.Phases[1].End, want)
	}
	if !h.Phases[2].End.IsZero() || !h.Phases[2].Start.Equal(t0.Add(5*time.Second)) {
		t.Errorf("c: %+v, want started at +5s and open", h.Phases[2])
	}
	if len(h.Events) != 2 || h.Events[0].Phase != "a" || !h.Events[0].Freeze || !h.Events[0].Time.Equal(t0.Add(2*time.Second)) ||
		h.Events[1].Phase != "a" || h.Events[1].Component != "apiserver-1" {
		t.Errorf("events: %+v", h.Events)
	}
	// The copy is independent of the recorder.
	h.Phases[0].Name = "changed"
	if r.History().Phases[0].Name != "before" {
		t.Error("History returned shared phases")
	}
}

func TestDependentsAndSaveLoad(t *testing.T) {
	r := NewRecorder("upgrade", "drill", fakeClock(t0, time.Second))
	early := r.AddDependent(Dependent{Kind: "ConfigMap", Name: "setup-dep", Phase: "setup"})
	r.BeginPhase(Phase{Name: "b", Fault: "SIGSTOP", Allow503: true, RecoverWithin: 5 * time.Second})
	i := r.AddDependent(Dependent{Kind: "ConfigMap", Name: "d1", Owner: "j1", CreateCode: 201})
	r.UpdateDependent(i, func(d *Dependent) { d.Exists, d.OwnerExists = true, true })
	r.SetCounters([]Counter{{Name: "gets", Start: 1, End: 1, MustNotGrow: true}})
	r.Call(Call{Class: "get job", Start: t0, Duration: 1500 * time.Millisecond, Code: 503, RetryAfter: "1"})
	r.Attempt(Attempt{Class: "get job", Start: t0, Code: 503, RetryAfter: "1"})
	r.SetWatches([]Watch{{Resource: "jobs", Events: 3}})
	r.SetNamespace(&NamespaceDeletion{Name: "doomed", Finished: true})
	r.Note("a note")
	r.EndPhase()

	path := filepath.Join(t.TempDir(), "history.json")
	if err := r.History().Save(path); err != nil {
		t.Fatal(err)
	}
	h, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := h.PhaseByName("b")
	if !ok || !p.Allow503 || p.RecoverWithin != 5*time.Second || len(p.Counters) != 1 || !p.Counters[0].MustNotGrow {
		t.Errorf("phase after load: %+v", p)
	}
	if d := h.Dependents[i]; d.Phase != "b" || !d.Exists || !d.WasCreated() || d.Lost() {
		t.Errorf("dependent after load: %+v (it takes the current phase when it names none)", d)
	}
	if d := h.Dependents[early]; d.Phase != "setup" {
		t.Errorf("a dependent that names its phase keeps it: %+v", d)
	}
	if h.Scenario != "upgrade" || len(h.Calls) != 1 || len(h.Attempts) != 1 || len(h.Watches) != 1 || h.Namespace == nil || len(h.Notes) != 1 {
		t.Errorf("after load: %+v", h)
	}
	if got := h.Calls[0].End(); !got.Equal(t0.Add(1500 * time.Millisecond)) {
		t.Errorf("End() = %v", got)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "none.json")); err == nil {
		t.Error("loaded a file that does not exist")
	}
}

func TestDependentLost(t *testing.T) {
	for _, tc := range []struct {
		name string
		d    Dependent
		want bool
	}{
		{"gone, owner there", Dependent{CreateCode: 201, OwnerExists: true}, true},
		{"there", Dependent{CreateCode: 201, Exists: true, OwnerExists: true}, false},
		{"owner gone too", Dependent{CreateCode: 201}, false},
		{"never created", Dependent{CreateCode: 503, OwnerExists: true}, false},
		{"unreadable", Dependent{CreateCode: 201, OwnerExists: true, FinalError: "etcd"}, false},
		{"control", Dependent{CreateCode: 201, OwnerExists: true, Control: true}, false},
	} {
		if got := tc.d.Lost(); got != tc.want {
			t.Errorf("%s: Lost() = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestPhaseAt(t *testing.T) {
	h := &History{Phases: []Phase{{Name: "a", Start: t0}, {Name: "b", Start: t0.Add(10 * time.Second)}}}
	for _, tc := range []struct {
		at   time.Duration
		want string
	}{{-time.Second, ""}, {0, "a"}, {9 * time.Second, "a"}, {10 * time.Second, "b"}, {time.Hour, "b"}} {
		if got := h.PhaseAt(t0.Add(tc.at)); got != tc.want {
			t.Errorf("PhaseAt(+%s) = %q, want %q", tc.at, got, tc.want)
		}
	}
}

func TestClassOf(t *testing.T) {
	if got := ClassOf(context.Background()); got != "other" {
		t.Errorf("untagged: %q", got)
	}
	if got := ClassOf(WithClass(context.Background(), "get job")); got != "get job" {
		t.Errorf("tagged: %q", got)
	}
}
