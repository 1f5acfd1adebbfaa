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

package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/kubecarry/kubecarry/test/upgrade/history"
)

var t0 = time.Unix(1_800_000_000, 0)

func at(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }

const timelineText = "1800000000.0\tstep\tsteady\t3 servers\n" +
	"1800000010.5\tstep\tupgrade apiserver-1\tv1.35 -> v1.36\n" +
	"1800000012.0\tready\tapiserver-1 (v1.36.3)\t1.50\n" +
	"1800000013.0\tevent\tSIGKILL apiserver-1\t(v1.36.3)\n" +
	"1800000020.0\tend\t\t\n"

func mustTimeline(t *testing.T) *Timeline {
	t.Helper()
	tl, err := ParseTimeline(strings.NewReader(timelineText))
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

func TestParseTimeline(t *testing.T) {
	tl := mustTimeline(t)
	if len(tl.Steps) != 2 || tl.Steps[0].Name != "steady" || tl.Steps[1].Name != "upgrade apiserver-1" {
		t.Fatalf("steps = %+v", tl.Steps)
	}
	if !tl.Steps[0].End.Equal(at(10.5)) || !tl.Steps[1].End.Equal(at(20)) {
		t.Errorf("step ends = %v, %v; want the next step's start and the end line", tl.Steps[0].End, tl.Steps[1].End)
	}
	if len(tl.Ready) != 1 || tl.Ready[0].Took != 1500*time.Millisecond || tl.Ready[0].Step != "upgrade apiserver-1" {
		t.Errorf("ready = %+v", tl.Ready)
	}
	if len(tl.Events) != 1 || tl.Events[0].What != "SIGKILL apiserver-1 (v1.36.3)" {
		t.Errorf("events = %+v", tl.Events)
	}
	if got := tl.StepAt(at(5)); got != "steady" {
		t.Errorf("StepAt(5s) = %q", got)
	}
	if got := tl.StepAt(at(10.5)); got != "upgrade apiserver-1" {
		t.Errorf("StepAt(10.5s) = %q, want the step that begins then", got)
	}
	if got := tl.StepAt(at(-1)); got != "" {
		t.Errorf("StepAt before the first step = %q", got)
	}
}

func TestParseTimelineRefusesBadInput(t *testing.T) {
	for name, text := range map[string]string{
		"no end":       "1800000000.0\tstep\tsteady\t\n",
		"no step":      "1800000000.0\tend\t\t\n",
		"bad time":     "yesterday\tstep\tsteady\t\n1800000000.0\tend\t\t\n",
		"bad kind":     "1800000000.0\tphase\tsteady\t\n1800000000.0\tend\t\t\n",
		"short line":   "1800000000.0\tstep\tsteady\n1800000000.0\tend\t\t\n",
		"bad duration": "1800000000.0\tstep\tsteady\t\n1800000001.0\tready\tx\tsoon\n1800000002.0\tend\t\t\n",
	} {
		if _, err := ParseTimeline(strings.NewReader(text)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		call history.Call
		want Kind
	}{
		{history.Call{Code: 200}, KindOK},
		{history.Call{Code: 404, Exists: true}, KindNotFoundExisting},
		{history.Call{Code: 404}, KindOther},
		{history.Call{Code: 503, RetryAfter: true}, KindRetryLater},
		{history.Call{Code: 429, RetryAfter: true}, KindRetryLater},
		{history.Call{Code: 503}, KindOther},
		{history.Call{Code: 500, RetryAfter: true}, KindOther},
		{history.Call{Error: "read tcp 10.0.0.1:1->10.0.0.2:2: read: connection reset by peer"}, KindConnection},
		{history.Call{Error: "Get \"https://x\": unexpected EOF"}, KindConnection},
		{history.Call{Error: "context deadline exceeded"}, KindTimeout},
		{history.Call{Error: "Get \"https://x\": net/http: TLS handshake timeout"}, KindTimeout},
		{history.Call{Error: "x509: certificate signed by unknown authority"}, KindOther},
	} {
		if got := Classify(tc.call); got != tc.want {
			t.Errorf("Classify(%+v) = %d, want %d", tc.call, got, tc.want)
		}
	}
}

func TestSummarize(t *testing.T) {
	tl := mustTimeline(t)
	h := &history.History{
		Calls: []history.Call{
			{Class: "get job", Start: at(1), Duration: 10 * time.Millisecond, Code: 200, Exists: true},
			{Class: "get job", Start: at(2), Duration: 30 * time.Millisecond, Code: 200, Exists: true},
			{Class: "get job", Start: at(11), Duration: 20 * time.Millisecond, Code: 404, Exists: true},
			{Class: "get job", Start: at(12), Duration: 5 * time.Millisecond, Code: 503, RetryAfter: true, Exists: true},
			{Class: "create policy", Start: at(13), Duration: time.Millisecond, Code: 404},
			{Class: "create policy", Start: at(14), Duration: time.Millisecond, Error: "EOF"},
		},
		Attempts: []history.Attempt{
			{Class: "get job", Start: at(1), Code: 200},
			{Class: "get job", Start: at(1.5), Code: 429, RetryAfter: "1"},
			{Class: "get job", Start: at(11), Error: "connection reset by peer"},
			// The 503 call's own answer, and the EOF that failed the
			// create: last attempts, not retries.
			{Class: "get job", Start: at(12), Code: 503, RetryAfter: "1"},
			{Class: "create policy", Start: at(14), Error: "EOF"},
		},
	}
	stats := Summarize(h, tl)
	if len(stats) != 3 {
		t.Fatalf("stats = %+v, want 3 rows", stats)
	}
	steady, upgraded, policies := stats[0], stats[1], stats[2]
	if steady.Step != "steady" || steady.Calls != 2 || steady.OK != 2 || steady.Retried != 1 ||
		steady.P50 != 10*time.Millisecond || steady.P99 != 30*time.Millisecond {
		t.Errorf("steady = %+v", steady)
	}
	if upgraded.Step != "upgrade apiserver-1" || upgraded.Class != "get job" || upgraded.NotFoundExisting != 1 ||
		upgraded.RetryLater != 1 || upgraded.Failures() != 2 || upgraded.Retried != 1 {
		t.Errorf("upgrade row = %+v", upgraded)
	}
	if policies.Class != "create policy" || policies.Other[404] != 1 || policies.ConnectionErrors != 1 || policies.OtherText() != "404×1" || policies.Retried != 0 {
		t.Errorf("policy row = %+v", policies)
	}
}

func TestTotals(t *testing.T) {
	stats := []Stats{
		{Step: "a", Class: "x", Calls: 3, OK: 2, NotFoundExisting: 1, P50: 2 * time.Millisecond, P99: 5 * time.Millisecond},
		{Step: "a", Class: "y", Calls: 4, OK: 3, Other: map[int]int{500: 1}, Retried: 2, P99: 9 * time.Millisecond},
		{Step: "b", Class: "x", Calls: 1, OK: 1, P99: time.Millisecond},
	}
	totals := Totals(stats)
	if len(totals) != 2 {
		t.Fatalf("totals = %+v, want one row per step", totals)
	}
	a := totals[0]
	if a.Step != "a" || a.Calls != 7 || a.OK != 5 || a.NotFoundExisting != 1 || a.Other[500] != 1 || a.Retried != 2 || a.P99 != 9*time.Millisecond {
		t.Errorf("step a = %+v", a)
	}
	rows := TotalsRows(totals)
	want := []string{"a", "7", "2", "1", "0", "0", "0", "500×1", "2", "9ms"}
	if len(rows) != 2 || strings.Join(rows[0], "|") != strings.Join(want, "|") {
		t.Errorf("row a = %q, want %q", rows[0], want)
	}
	if len(TotalsHeader) != len(want) {
		t.Errorf("header has %d columns, rows %d", len(TotalsHeader), len(want))
	}
}

func passing(tl *Timeline) *history.History {
	return &history.History{
		Calls: []history.Call{
			{Class: "get job", Start: at(1), Code: 200, Exists: true},
			{Class: "get policy", Start: at(12), Code: 200, Exists: true},
			{Class: "get job", Start: at(12), Code: 503, RetryAfter: true, Exists: true},
		},
		Watches: []history.Watch{{Resource: "jobs", Starts: 2, Events: 10}},
		Dependents: []history.Dependent{
			{Kind: "ConfigMap", Name: "ns/a", OwnerKind: "Job", Owner: "ns/j", Exists: true, OwnerExists: true},
			{Kind: "ClusterRole", Name: "b", OwnerKind: "MutatingAdmissionPolicy", Owner: "p", Exists: true, OwnerExists: true},
		},
		Namespace: &history.NamespaceDeletion{Name: "doomed", Requested: at(13), Duration: 4 * time.Second, Finished: true},
	}
}

func verdicts(t *testing.T, h *history.History, tl *Timeline) map[string]Verdict {
	t.Helper()
	out := map[string]Verdict{}
	for _, v := range Check(h, tl, Summarize(h, tl), Bounds{NamespaceDeletion: time.Minute}) {
		out[v.Check] = v
	}
	return out
}

func TestCheckPasses(t *testing.T) {
	tl := mustTimeline(t)
	v := Check(passing(tl), tl, Summarize(passing(tl), tl), Bounds{NamespaceDeletion: time.Minute})
	if !Passed(v) {
		t.Fatalf("verdicts = %+v, want all OK", v)
	}
}

func TestCheckFailsEachGuarantee(t *testing.T) {
	tl := mustTimeline(t)
	for check, spoil := range map[string]func(h *history.History){
		"no 404 for an existing object": func(h *history.History) {
			h.Calls = append(h.Calls, history.Call{Class: "get job", Start: at(11), Code: 404, Exists: true})
		},
		"failures only 429/503 with Retry-After or a reset connection": func(h *history.History) {
			h.Calls = append(h.Calls, history.Call{Class: "get job", Start: at(11), Code: 503})
		},
		"no dependent of a live owner deleted": func(h *history.History) { h.Dependents[1].Exists = false },
		"no watch event missed":                func(h *history.History) { h.Watches[0].Missed = []string{"j (never seen)"} },
		"namespace deleted, nothing left": func(h *history.History) {
			h.Namespace.Leftover = []string{"/registry/jobs/doomed/j"}
		},
		"every step had traffic": func(h *history.History) { h.Calls = h.Calls[1:] },
		"the new release's resource was used": func(h *history.History) {
			h.Dependents = h.Dependents[:1]
		},
	} {
		h := passing(tl)
		spoil(h)
		v := verdicts(t, h, tl)
		if v[check].OK {
			t.Errorf("%s: still OK after spoiling it (%s)", check, v[check].Detail)
		}
		for name, other := range v {
			if name != check && !other.OK {
				t.Errorf("spoiling %q also failed %q: %s", check, name, other.Detail)
			}
		}
	}
}

func TestCheckNamespaceBound(t *testing.T) {
	tl := mustTimeline(t)
	h := passing(tl)
	h.Namespace.Duration = 2 * time.Minute
	if v := verdicts(t, h, tl)["namespace deleted, nothing left"]; v.OK {
		t.Errorf("a deletion slower than the bound passed: %s", v.Detail)
	}
}

func TestPrint(t *testing.T) {
	tl := mustTimeline(t)
	h := passing(tl)
	stats := Summarize(h, tl)
	var buf bytes.Buffer
	Print(&buf, &Document{Title: "drill", Timeline: tl, Stats: stats, Watches: h.Watches, Dependents: h.Dependents,
		Namespace: h.Namespace, Verdicts: Check(h, tl, stats, Bounds{NamespaceDeletion: time.Minute})})
	out := buf.String()
	for _, want := range []string{
		"| upgrade apiserver-1 |    get job |     1 |      1 |",
		"ClusterRole owned by MutatingAdmissionPolicy: 1 created, 0 deleted while their owner exists",
		"namespace doomed (): gone after 4s, 0 objects left in etcd",
		"apiserver-1 (v1.36.3) 1.5s",
		"- during upgrade apiserver-1: SIGKILL apiserver-1 (v1.36.3)",
		"PASS  no 404 for an existing object",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}
