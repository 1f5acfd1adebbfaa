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

package checker

import (
	"strings"
	"testing"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func at(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }

// healthy is a history that passes every check: phases of 10 s, a 200 every
// second, b with 503s, a dependent per phase, the control collected.
func healthy() *history.History {
	h := &history.History{}
	phases := []history.Phase{
		{Name: "before"},
		{Name: "a", Fault: "SIGSTOP Y1"},
		{Name: "b", Fault: "SIGSTOP Y1, Y2", Allow503: true, RecoverWithin: 5 * time.Second},
		{Name: "c"},
		{Name: "d", Fault: "partition", RecoverWithin: 5 * time.Second,
			Counters: []history.Counter{{Name: "Job GETs served by Y1", Start: 7, End: 7, MustNotGrow: true}}},
		{Name: "healed"},
	}
	for i, p := range phases {
		p.Start, p.End = at(float64(10*i)), at(float64(10*i+10))
		h.Phases = append(h.Phases, p)
		for s := 0; s < 10; s++ {
			code := 200
			if p.Name == "b" {
				code = 503
			}
			h.Requests = append(h.Requests, history.Request{Phase: p.Name, Job: "j1", Start: at(float64(10*i + s)), Duration: 100 * time.Millisecond, Code: code, RetryAfter: "1"})
		}
		h.Dependents = append(h.Dependents, history.Dependent{Name: "d-" + p.Name, Owner: "j1", Phase: p.Name, Created: at(float64(10 * i)), CreateCode: 201, FinalCode: 200})
	}
	h.Events = append(h.Events, history.Event{Time: at(10), Phase: "a", What: "SIGSTOP Y1", Freeze: true})
	h.Dependents = append(h.Dependents,
		history.Dependent{Name: "control-setup", Phase: "setup", Created: at(-5), CreateCode: 201, Control: true, Deleted: at(-4), FinalCode: 404, Waited: time.Minute},
		history.Dependent{Name: "control-end", Phase: "end", Created: at(60), CreateCode: 201, Control: true, Deleted: at(63), FinalCode: 404, Waited: 2 * time.Minute})
	return h
}

func verdicts(res Result) map[string]Verdict {
	m := map[string]Verdict{}
	for _, v := range res.Verdicts {
		m[v.Check] = v
	}
	return m
}

func TestHealthyPasses(t *testing.T) {
	res := Check(healthy())
	if !res.Passed() {
		t.Fatalf("failed: %+v", res.Failed())
	}
	want := []string{
		"every phase sent requests",
		"no 404 for an existing Job",
		"no 503 outside b",
		"every 503 carries Retry-After",
		"every request answered within the client timeout",
		"a 200 within 5s after b ended",
		"a 200 within 5s after d ended",
		"Job GETs served by Y1 did not grow during d",
		"the garbage collector deleted control dependent control-setup (setup)",
		"the garbage collector deleted control dependent control-end (end)",
		"no dependent of a live Job deleted",
	}
	got := verdicts(res)
	if len(got) != len(want) {
		t.Errorf("got %d verdicts, want %d: %+v", len(got), len(want), res.Verdicts)
	}
	for _, name := range want {
		if _, ok := got[name]; !ok {
			t.Errorf("no verdict %q", name)
		}
	}
	if d := got["the garbage collector deleted control dependent control-end (end)"].Detail; d != "after 3.00s" {
		t.Errorf("control detail %q", d)
	}
}

func TestFailures(t *testing.T) {
	for _, tc := range []struct {
		name   string
		breakH func(h *history.History)
		check  string
		detail string
	}{
		{
			name: "404 during the freeze",
			breakH: func(h *history.History) {
				h.Requests[25].Code, h.Requests[25].Message = 404, `jobs.batch "j1" not found`
				h.Requests[31].Code = 404
			},
			check:  "no 404 for an existing Job",
			detail: `2 × 404 (b 1, c 1): "jobs.batch \"j1\" not found"`,
		},
		{
			name:   "503 with one peer frozen",
			breakH: func(h *history.History) { h.Requests[12].Code = 503 },
			check:  "no 503 outside b",
			detail: "1 × 503 (a 1)",
		},
		{
			name: "no 200 soon after the resume",
			breakH: func(h *history.History) {
				for i := 30; i < 36; i++ { // c's first 6 s
					h.Requests[i].Code = 500
				}
			},
			check:  "a 200 within 5s after b ended",
			detail: "first 200 after 6.10s",
		},
		{
			name: "nothing answered after the heal",
			breakH: func(h *history.History) {
				for i := 40; i < 60; i++ {
					h.Requests[i].Code = 500
				}
			},
			check:  "a 200 within 5s after d ended",
			detail: "no 200 after it",
		},
		{
			name:   "503 without Retry-After",
			breakH: func(h *history.History) { h.Requests[25].RetryAfter = "" },
			check:  "every 503 carries Retry-After",
			detail: "1 × 503 without Retry-After (b 1)",
		},
		{
			name:   "a request never answered",
			breakH: func(h *history.History) { h.Requests[25].Code, h.Requests[25].Duration = 0, 10*time.Second },
			check:  "every request answered within the client timeout",
			detail: "1 × no answer (b 1)",
		},
		{
			name:   "a dependent lost",
			breakH: func(h *history.History) { h.Dependents[2].FinalCode = 404 },
			check:  "no dependent of a live Job deleted",
			detail: "1 of 6 lost (created in b 1)",
		},
		{
			name:   "a dependent unreadable",
			breakH: func(h *history.History) { h.Dependents[3].FinalCode = 0 },
			check:  "no dependent of a live Job deleted",
			detail: "0 of 6 lost; 1 could not be read at the end",
		},
		{
			name:   "the garbage collector never ran",
			breakH: func(h *history.History) { h.Dependents[7].Deleted, h.Dependents[7].FinalCode = time.Time{}, 200 },
			check:  "the garbage collector deleted control dependent control-end (end)",
			detail: `still there after 2m0s: the garbage collector was not collecting, so "no dependent lost" proves nothing`,
		},
		{
			name: "the control dependent could not be read",
			breakH: func(h *history.History) {
				h.Dependents[7].Deleted, h.Dependents[7].FinalCode, h.Dependents[7].FinalMessage = time.Time{}, 503, "HTTP 503 the server is currently unable to handle the request"
			},
			check:  "the garbage collector deleted control dependent control-end (end)",
			detail: "not seen deleted within 2m0s: the last GET of it answered HTTP 503 the server is currently unable to handle the request",
		},
		{
			name:   "no control",
			breakH: func(h *history.History) { h.Dependents = h.Dependents[:6] },
			check:  "the garbage collector deleted a control dependent",
			detail: "no control dependent was created",
		},
		{
			name:   "the partition leaked",
			breakH: func(h *history.History) { h.Phases[4].Counters[0].End = 9 },
			check:  "Job GETs served by Y1 did not grow during d",
			detail: "7 -> 9",
		},
		{
			name:   "a phase without requests",
			breakH: func(h *history.History) { h.Requests = h.Requests[10:] },
			check:  "every phase sent requests",
			detail: "before had none",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := healthy()
			tc.breakH(h)
			res := Check(h)
			if res.Passed() {
				t.Fatal("passed")
			}
			failed := res.Failed()
			if len(failed) != 1 || failed[0].Check != tc.check {
				t.Fatalf("failed %+v, want only %q", failed, tc.check)
			}
			if failed[0].Detail != tc.detail {
				t.Errorf("detail %q, want %q", failed[0].Detail, tc.detail)
			}
		})
	}
}

func TestStats(t *testing.T) {
	h := healthy()
	h.Requests[21] = history.Request{Phase: "b", Job: "j1", Start: at(21), Duration: 10 * time.Second, Code: 0}
	h.Requests[22].RetryAfter = ""
	h.Requests[23].Code = 500
	h.Requests[24].Code = 429
	h.Requests[25].Code = 500
	s := Stats(h)[2]
	if s.Requests != 10 || s.Unavailable != 6 || s.UnavailableRetryAfter != 5 || s.NoAnswer != 1 || s.Other != 3 {
		t.Errorf("stats of b: %+v", s)
	}
	if got := s.OtherCodes; len(got) != 2 || got[0] != 429 || got[1] != 500 {
		t.Errorf("other codes %v", got)
	}
	if s.Worst != 10*time.Second {
		t.Errorf("worst %v", s.Worst)
	}
	// b ended at 30 s; the request that started at 30 s ended 0.1 s later.
	if !s.HasFirstOK || s.FirstOKAfterEnd != 100*time.Millisecond {
		t.Errorf("first 200 after b: %v %v", s.HasFirstOK, s.FirstOKAfterEnd)
	}
}

func TestInFlightAtFreeze(t *testing.T) {
	h := healthy()
	// Started at 9.5 s, frozen at 10 s, gave up at 19.5 s.
	h.Requests = append(h.Requests, history.Request{Phase: "before", Job: "j2", Start: at(9.5), Duration: 10 * time.Second})
	r, e, ok := InFlightAtFreeze(h)
	if !ok || r.Job != "j2" || e.Phase != "a" {
		t.Fatalf("got %+v %+v %v", r, e, ok)
	}
	h.Events = nil
	if _, _, ok := InFlightAtFreeze(h); ok {
		t.Error("found one without a freeze")
	}
}

func TestNoAllowedPhaseNamesCheckPlainly(t *testing.T) {
	h := healthy()
	h.Phases[2].Allow503 = false
	for _, v := range Check(h).Verdicts {
		if strings.HasPrefix(v.Check, "no 503") && v.Check != "no 503" {
			t.Errorf("check named %q", v.Check)
		}
	}
}
