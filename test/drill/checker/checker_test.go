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

// all is every check, as a scenario that selected them all would run them.
var all = []Check{
	PhasesHadTraffic, NoNotFoundForExisting, UnavailableOnlyWhereAllowed, UnavailableCarriesRetryAfter,
	AnsweredWithinTimeout, RetryableFailuresOnly, RecoversAfterFaults, CountersHeld, ControlsCollected,
	NoDependentLost, NoWatchEventMissed, NamespaceDeleted(time.Minute), ResourceUsed("get new resource"),
}

// healthy is a history that passes every check: phases of 10 s, a GET of
// an existing Job every second (b: 503 with Retry-After), a dependent per
// phase, the controls collected, one watcher that saw everything, the
// namespace gone, the new resource read.
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
			c := history.Call{Class: "get job", Object: "j1", Start: at(float64(10*i + s)), Duration: 100 * time.Millisecond, Code: 200, Exists: true}
			if p.Name == "b" {
				c.Code, c.RetryAfter, c.Error = 503, "1", "the server is currently unable to handle the request"
			}
			h.Calls = append(h.Calls, c)
		}
		h.Dependents = append(h.Dependents, history.Dependent{Kind: "ConfigMap", Name: "d-" + p.Name, OwnerKind: "Job", Owner: "j1",
			Phase: p.Name, Created: at(float64(10 * i)), CreateCode: 201, Exists: true, OwnerExists: true})
	}
	// The widgets a server serves itself answer while its peers are frozen.
	h.Calls = append(h.Calls, history.Call{Class: "get widget", Start: at(25), Duration: time.Millisecond, Code: 200, Exists: true},
		history.Call{Class: "get new resource", Start: at(55), Duration: time.Millisecond, Code: 200, Exists: true})
	h.Events = append(h.Events, history.Event{Time: at(10), Phase: "a", Kind: history.EventFault, What: "SIGSTOP Y1", Freeze: true})
	h.Dependents = append(h.Dependents,
		history.Dependent{Kind: "ClusterRole", Name: "p-dep", OwnerKind: "Policy", Owner: "p", Phase: "c", Created: at(30), CreateCode: 201, Exists: true, OwnerExists: true},
		history.Dependent{Kind: "ConfigMap", Name: "control-setup", Phase: "setup", Created: at(-5), CreateCode: 201, Control: true, Deleted: at(-4), Waited: time.Minute},
		history.Dependent{Kind: "ConfigMap", Name: "control-end", Phase: "end", Created: at(60), CreateCode: 201, Control: true, Deleted: at(63), Waited: 2 * time.Minute})
	h.Watches = []history.Watch{{Resource: "jobs", Starts: 2, Events: 40}}
	h.Namespace = &history.NamespaceDeletion{Name: "doomed", Requested: at(30), Duration: 5 * time.Second, Finished: true}
	h.NewResource = &history.NewResource{APIVersion: "example.io/v1", Resource: "policies", Kind: "Policy"}
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
	res := Run(healthy(), all)
	if !res.Passed() {
		t.Fatalf("failed: %+v", res.Failed())
	}
	want := []string{
		"every phase had traffic",
		"no 404 for an existing object",
		"no 503 outside b",
		"every 503 carries Retry-After",
		"every call answered within the client timeout",
		"failures only 429/503 with Retry-After or a reset connection",
		"a 200 within 5s after b ended",
		"a 200 within 5s after d ended",
		"Job GETs served by Y1 did not grow during d",
		"the garbage collector deleted control dependent control-setup (setup)",
		"the garbage collector deleted control dependent control-end (end)",
		"no dependent of a live owner deleted",
		"no watch event missed",
		"namespace deleted, nothing left",
		"the new release's resource was used",
	}
	got := verdicts(res)
	if len(res.Verdicts) != len(want) {
		t.Errorf("got %d verdicts, want %d: %+v", len(res.Verdicts), len(want), res.Verdicts)
	}
	for _, name := range want {
		if _, ok := got[name]; !ok {
			t.Errorf("no verdict %q", name)
		}
	}
	if d := got["the garbage collector deleted control dependent control-end (end)"].Detail; d != "after 3.00s" {
		t.Errorf("control detail %q", d)
	}
	if d := got["a 200 within 5s after b ended"].Detail; d != "first 200 of each class that failed during it: get job after 0.10s" {
		t.Errorf("recovery detail %q", d)
	}
}

func TestFailures(t *testing.T) {
	for _, tc := range []struct {
		name   string
		breakH func(h *history.History)
		checks []string
		// detail is the detail of the check named detailOf, by default
		// the first failed one.
		detail, detailOf string
	}{
		{
			name: "404 during the freeze",
			breakH: func(h *history.History) {
				h.Calls[25].Code, h.Calls[25].RetryAfter, h.Calls[25].Error = 404, "", `jobs.batch "j1" not found`
				h.Calls[31].Code, h.Calls[31].Error = 404, `jobs.batch "j1" not found`
			},
			checks: []string{"no 404 for an existing object"},
			detail: `2 × 404 (b 1, c 1): get job j1: "jobs.batch \"j1\" not found"`,
		},
		{
			name:   "a 404 for an object that does not exist is no data loss",
			breakH: func(h *history.History) { h.Calls[31].Code, h.Calls[31].Exists = 404, false },
			checks: []string{"failures only 429/503 with Retry-After or a reset connection"},
			detail: `10 retryable failures, 1 others (c 1): get job j1: ""`,
		},
		{
			name:   "503 with one peer frozen",
			breakH: func(h *history.History) { h.Calls[12].Code, h.Calls[12].RetryAfter = 503, "1" },
			checks: []string{"no 503 outside b"},
			detail: "1 × 503 (a 1): get job j1: \"\"",
		},
		{
			name: "no 200 soon after the resume",
			breakH: func(h *history.History) {
				for i := 30; i < 36; i++ { // c's first 6 s
					h.Calls[i].Code, h.Calls[i].RetryAfter = 503, "1"
				}
			},
			checks:   []string{"no 503 outside b", "a 200 within 5s after b ended"},
			detailOf: "a 200 within 5s after b ended",
			detail:   "first 200 of each class that failed during it: get job after 6.10s",
		},
		{
			name: "nothing answered after the heal",
			breakH: func(h *history.History) {
				h.Calls[42].Code, h.Calls[42].RetryAfter = 429, "1"
				for i := 50; i < 60; i++ {
					h.Calls[i].Code, h.Calls[i].RetryAfter = 429, "1"
				}
			},
			checks: []string{"a 200 within 5s after d ended"},
			detail: "first 200 of each class that failed during it: get job after none",
		},
		{
			name: "nothing of a class that failed answered after the heal",
			breakH: func(h *history.History) {
				h.Calls[42].Code, h.Calls[42].RetryAfter = 429, "1"
				for i := 50; i < 60; i++ {
					h.Calls[i].Class = "list jobs"
				}
			},
			checks: []string{"a 200 within 5s after d ended"},
			detail: "first 200 of each class that failed during it: get job after none",
		},
		{
			name:   "503 without Retry-After",
			breakH: func(h *history.History) { h.Calls[25].RetryAfter = "" },
			checks: []string{"every 503 carries Retry-After", "failures only 429/503 with Retry-After or a reset connection"},
			detail: "1 × 503 without Retry-After (b 1)",
		},
		{
			name: "a call never answered",
			breakH: func(h *history.History) {
				h.Calls[25].Code, h.Calls[25].RetryAfter, h.Calls[25].Duration, h.Calls[25].Error = 0, "", 10*time.Second, "context deadline exceeded"
			},
			checks: []string{"every call answered within the client timeout", "failures only 429/503 with Retry-After or a reset connection"},
			detail: `1 × no answer (b 1): get job j1: "context deadline exceeded"`,
		},
		{
			name: "a reset connection is retryable but not an answer",
			breakH: func(h *history.History) {
				h.Calls[25].Code, h.Calls[25].RetryAfter, h.Calls[25].Error = 0, "", "read: connection reset by peer"
			},
			checks: []string{"every call answered within the client timeout"},
			detail: `1 × no answer (b 1): get job j1: "read: connection reset by peer"`,
		},
		{
			name:   "a dependent lost",
			breakH: func(h *history.History) { h.Dependents[2].Exists = false },
			checks: []string{"no dependent of a live owner deleted"},
			detail: "1 of 7 lost: ConfigMap d-b (owner Job j1, created in b); 0 owners missing; 0 unreadable",
		},
		{
			name:   "a dependent unreadable",
			breakH: func(h *history.History) { h.Dependents[3].FinalError = "reading etcd: deadline" },
			checks: []string{"no dependent of a live owner deleted"},
			detail: "0 of 7 lost; 0 owners missing; 1 unreadable: ConfigMap d-c (owner Job j1, created in c): reading etcd: deadline",
		},
		{
			name:   "the garbage collector never ran",
			breakH: func(h *history.History) { h.Dependents[8].Deleted = time.Time{} },
			checks: []string{"the garbage collector deleted control dependent control-end (end)"},
			detail: `still in storage after 2m0s: the garbage collector was not collecting, so "no dependent lost" proves nothing`,
		},
		{
			name:   "no control",
			breakH: func(h *history.History) { h.Dependents = h.Dependents[:7] },
			checks: []string{"the garbage collector deleted a control dependent"},
			detail: "no control dependent was created",
		},
		{
			name:   "the partition leaked",
			breakH: func(h *history.History) { h.Phases[4].Counters[0].End = 9 },
			checks: []string{"Job GETs served by Y1 did not grow during d"},
			detail: "7 -> 9",
		},
		{
			name:   "a phase without traffic",
			breakH: func(h *history.History) { h.Calls = h.Calls[10:] },
			checks: []string{"every phase had traffic"},
			detail: "no successful call in before",
		},
		{
			name:   "a watcher missed an event",
			breakH: func(h *history.History) { h.Watches[0].Missed = []string{"drill-job-1 (at resourceVersion 5, not 7)"} },
			checks: []string{"no watch event missed"},
			detail: "1 watchers: jobs: 1 missed, 0 extra",
		},
		{
			name:   "objects left of the namespace",
			breakH: func(h *history.History) { h.Namespace.Leftover = []string{"/registry/configmaps/doomed/x"} },
			checks: []string{"namespace deleted, nothing left"},
			detail: "doomed in 5s (bound 1m0s), 1 keys left in etcd: /registry/configmaps/doomed/x",
		},
		{
			name:   "the namespace deletion too slow",
			breakH: func(h *history.History) { h.Namespace.Duration = 2 * time.Minute },
			checks: []string{"namespace deleted, nothing left"},
			detail: "doomed in 2m0s (bound 1m0s), 0 keys left in etcd",
		},
		{
			name:     "the new resource never read",
			breakH:   func(h *history.History) { h.Calls[len(h.Calls)-1].Code = 404; h.Calls[len(h.Calls)-1].Exists = false },
			checks:   []string{"failures only 429/503 with Retry-After or a reset connection", "the new release's resource was used"},
			detailOf: "the new release's resource was used",
			detail:   "example.io/v1 policies: 0 successful get new resource, 1 dependents of a Policy",
		},
		{
			name:   "no new resource found",
			breakH: func(h *history.History) { h.NewResource = nil },
			checks: []string{"the new release's resource was used"},
			detail: "no resource only the new release serves was found (see the notes)",
		},
		{
			name: "dependents only of another kind",
			breakH: func(h *history.History) {
				h.NewResource = &history.NewResource{APIVersion: "example.io/v2", Resource: "others", Kind: "Other"}
			},
			checks: []string{"the new release's resource was used"},
			detail: "example.io/v2 others: 1 successful get new resource, 0 dependents of a Other",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := healthy()
			tc.breakH(h)
			res := Run(h, all)
			failed := res.Failed()
			var names []string
			for _, v := range failed {
				names = append(names, v.Check)
			}
			if strings.Join(names, "; ") != strings.Join(tc.checks, "; ") {
				t.Fatalf("failed %q, want %q", names, tc.checks)
			}
			of := tc.detailOf
			if of == "" {
				of = tc.checks[0]
			}
			if detail := verdicts(res)[of].Detail; detail != tc.detail {
				t.Errorf("detail %q, want %q", detail, tc.detail)
			}
		})
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		call history.Call
		want Kind
	}{
		{history.Call{Code: 200}, KindOK},
		{history.Call{Code: 201}, KindOK},
		{history.Call{Code: 404, Exists: true}, KindNotFoundExisting},
		{history.Call{Code: 404}, KindOther},
		{history.Call{Code: 503, RetryAfter: "1"}, KindRetryLater},
		{history.Call{Code: 429, RetryAfter: "1"}, KindRetryLater},
		{history.Call{Code: 503}, KindOther},
		{history.Call{Error: "context deadline exceeded"}, KindTimeout},
		{history.Call{Error: "read tcp: connection reset by peer"}, KindConnection},
		{history.Call{Error: "x509: certificate signed by unknown authority"}, KindOther},
	} {
		if got := Classify(tc.call); got != tc.want {
			t.Errorf("Classify(%+v) = %d, want %d", tc.call, got, tc.want)
		}
	}
}

func TestSummarize(t *testing.T) {
	h := healthy()
	h.Calls[21] = history.Call{Class: "get job", Start: at(21), Duration: 10 * time.Second, Error: "context deadline exceeded"}
	h.Calls[22].RetryAfter = ""
	h.Calls[23].Code = 500
	h.Calls = append(h.Calls, history.Call{Class: "list jobs", Start: at(24), Duration: time.Second, Code: 200})
	// Two attempts with Retry-After under the list that succeeded, one
	// under a 503 that was the call's own failure.
	h.Attempts = []history.Attempt{
		{Class: "list jobs", Start: at(24), Code: 503, RetryAfter: "1"},
		{Class: "list jobs", Start: at(24.5), Code: 503, RetryAfter: "1"},
		{Class: "get job", Start: at(25), Code: 503, RetryAfter: "1"},
	}
	var b []Stats
	for _, s := range Summarize(h) {
		if s.Phase == "b" {
			b = append(b, s)
		}
	}
	// In the order the classes first appear in the history.
	if len(b) != 3 || b[0].Class != "get job" || b[1].Class != "get widget" || b[2].Class != "list jobs" {
		t.Fatalf("classes of b: %+v", b)
	}
	b = []Stats{b[0], b[2]}
	job := b[0]
	if job.Calls != 10 || job.RetryLater != 7 || job.Timeouts != 1 || job.Other[503] != 1 || job.Other[500] != 1 || job.OtherText() != "500×1 503×1" {
		t.Errorf("get job in b: %+v", job)
	}
	if job.Worst != 10*time.Second || job.P99 != 10*time.Second || job.P50 != 100*time.Millisecond {
		t.Errorf("latencies: %+v", job)
	}
	if b[1].Retried != 2 || job.Retried != 0 {
		t.Errorf("retried inside: list %d, get %d; want 2 and 0", b[1].Retried, job.Retried)
	}
	totals := PhaseTotals(h)
	if len(totals) != len(h.Phases) || totals[2].Calls != 12 || totals[2].Retried != 2 || totals[2].OK != 2 {
		t.Errorf("totals of b: %+v", totals[2])
	}
}

func TestFirstOKAfterPerClass(t *testing.T) {
	h := healthy()
	if d, ok := FirstOKAfter(h, at(30), "get job"); !ok || d != 100*time.Millisecond {
		t.Errorf("get job: %v %v", d, ok)
	}
	if d, ok := FirstOKAfter(h, at(50), "get new resource"); !ok || d != 5*time.Second+time.Millisecond {
		t.Errorf("get new resource: %v %v", d, ok)
	}
	if _, ok := FirstOKAfter(h, at(70), ""); ok {
		t.Error("found a success after the end")
	}
}

func TestInFlightAtFreeze(t *testing.T) {
	h := healthy()
	// Started at 9.5 s, frozen at 10 s, gave up at 19.5 s.
	h.Calls = append(h.Calls, history.Call{Class: "get job", Object: "j2", Start: at(9.5), Duration: 10 * time.Second})
	c, e, ok := InFlightAtFreeze(h)
	if !ok || c.Object != "j2" || e.Phase != "a" {
		t.Fatalf("got %+v %+v %v", c, e, ok)
	}
	h.Events = nil
	if _, _, ok := InFlightAtFreeze(h); ok {
		t.Error("found one without a freeze")
	}
}

func TestNoAllowedPhaseNamesCheckPlainly(t *testing.T) {
	h := healthy()
	h.Phases[2].Allow503 = false
	for _, v := range Run(h, all).Verdicts {
		if strings.HasPrefix(v.Check, "no 503") && v.Check != "no 503" {
			t.Errorf("check named %q", v.Check)
		}
	}
}
