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
	"path/filepath"
	"testing"
	"time"
)

// fakeClock advances by step on every reading.
func fakeClock(start time.Time, step time.Duration) func() time.Time {
	t := start
	return func() time.Time {
		now := t
		t = t.Add(step)
		return now
	}
}

func TestRecorderPhases(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r := NewRecorder("title", fakeClock(t0, time.Second))
	if got := r.Phase(); got != "" {
		t.Fatalf("phase before the first: %q", got)
	}
	r.Request(Request{Job: "early"})
	r.BeginPhase(Phase{Name: "before"})        // t0
	r.Request(Request{Job: "j1"})              // attributed to before
	r.BeginPhase(Phase{Name: "a", Fault: "f"}) // t0+1s, ends before at t0+1s
	r.Event("inject", true)                    // t0+2s
	r.EndPhase()                               // t0+3s
	r.Request(Request{Job: "j2"})              // still a: until the next phase begins
	r.EndPhase()                               // no change
	r.BeginPhase(Phase{Name: "c", End: t0})    // t0+4s; a stays ended at t0+3s

	h := r.History()
	if len(h.Phases) != 3 {
		t.Fatalf("phases: %+v", h.Phases)
	}
	if want := t0.Add(time.Second); !h.Phases[0].End.Equal(want) {
		t.Errorf("before ended %v, want %v (when a began)", h.Phases[0].End, want)
	}
	if want := t0.Add(3 * time.Second); !h.Phases[1].End.Equal(want) {
		t.Errorf("a ended %v, want %v (EndPhase, not the next BeginPhase)", h.Phases[1].End, want)
	}
	if !h.Phases[2].End.IsZero() || !h.Phases[2].Start.Equal(t0.Add(4*time.Second)) {
		t.Errorf("c: %+v, want started at +4s and open", h.Phases[2])
	}
	wantPhases := map[string]string{"early": "", "j1": "before", "j2": "a"}
	for _, req := range h.Requests {
		if req.Phase != wantPhases[req.Job] {
			t.Errorf("request %s in phase %q, want %q", req.Job, req.Phase, wantPhases[req.Job])
		}
	}
	if len(h.Events) != 1 || h.Events[0].Phase != "a" || !h.Events[0].Freeze {
		t.Errorf("events: %+v", h.Events)
	}
	// The copy is independent of the recorder.
	h.Phases[0].Name = "changed"
	if r.History().Phases[0].Name != "before" {
		t.Error("History returned shared phases")
	}
}

func TestRecorderRequestKeepsItsPhase(t *testing.T) {
	r := NewRecorder("", nil)
	r.BeginPhase(Phase{Name: "a"})
	r.BeginPhase(Phase{Name: "b"})
	// A request records the phase it started in, even if it ends later.
	r.Request(Request{Phase: "a", Job: "slow"})
	if got := r.History().Requests[0].Phase; got != "a" {
		t.Errorf("phase %q, want a", got)
	}
}

func TestDependentsAndSaveLoad(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r := NewRecorder("drill", fakeClock(t0, time.Second))
	r.BeginPhase(Phase{Name: "b", Fault: "SIGSTOP", Allow503: true, RecoverWithin: 5 * time.Second})
	i := r.AddDependent(Dependent{Name: "d1", Owner: "j1", Phase: "b", CreateCode: 201})
	r.UpdateDependent(i, func(d *Dependent) { d.FinalCode = 200 })
	r.SetCounters([]Counter{{Name: "gets", Start: 1, End: 1, MustNotGrow: true}})
	r.Request(Request{Job: "j1", Start: t0, Duration: 1500 * time.Millisecond, Code: 503, RetryAfter: "1"})
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
	if h.Dependents[0].FinalCode != 200 || h.Title != "drill" {
		t.Errorf("after load: %+v", h)
	}
	if got := h.Requests[0].End(); !got.Equal(t0.Add(1500 * time.Millisecond)) {
		t.Errorf("End() = %v", got)
	}
}

func TestPhaseAt(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
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
