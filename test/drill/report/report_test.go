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
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/checker"
	"github.com/kubecarry/kubecarry/test/drill/history"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func at(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }

func sample() *history.History {
	h := &history.History{Scenario: "peer-faults", Title: "drill of test"}
	h.Phases = []history.Phase{
		{Name: "before", Start: at(0), End: at(10)},
		{Name: "b-freeze", Fault: "SIGSTOP Y1, Y2", Start: at(10), End: at(20), Allow503: true, RecoverWithin: 5 * time.Second},
		{Name: "c-resumed", Description: "resumed", Start: at(20), End: at(30)},
	}
	h.Calls = []history.Call{
		{Class: "get job", Object: "j1", Start: at(1), Duration: 20 * time.Millisecond, Code: 200, Exists: true},
		{Class: "get job", Object: "j2", Start: at(9.9), Duration: 10 * time.Second, Error: "context deadline exceeded", Exists: true},
		{Class: "get job", Object: "j1", Start: at(19.9), Duration: 300 * time.Millisecond, Code: 503, RetryAfter: "1", Error: "unavailable", Exists: true},
		{Class: "get job", Object: "j2", Start: at(19.95), Duration: 10 * time.Millisecond, Code: 404, Error: `jobs.batch "j2" not found`, Exists: true},
		{Class: "get job", Object: "j1", Start: at(20.2), Duration: 40 * time.Millisecond, Code: 404, Error: `jobs.batch "j1" not found`, Exists: true},
		{Class: "get job", Object: "j2", Start: at(21), Duration: 250 * time.Millisecond, Code: 200, Exists: true},
		{Class: "create dependent", Object: "d4", Start: at(22), Duration: 250 * time.Millisecond, Code: 500, Error: "boom"},
	}
	h.Events = []history.Event{
		{Time: at(10), Phase: "b-freeze", Kind: history.EventFault, What: "SIGSTOP Y1, Y2", Freeze: true},
		{Time: at(15), Phase: "b-freeze", Kind: history.EventReady, What: "kube-controller-manager ready", Took: 1500 * time.Millisecond},
		{Time: at(20), Phase: "b-freeze", Kind: history.EventUndo, What: "undo: SIGSTOP Y1, Y2"},
	}
	h.Dependents = []history.Dependent{
		{Kind: "ConfigMap", Name: "d1", OwnerKind: "Job", Phase: "before", CreateCode: 201, Exists: true, OwnerExists: true},
		{Kind: "ConfigMap", Name: "d2", OwnerKind: "Job", Phase: "b-freeze", CreateCode: 201, OwnerExists: true, Deleted: at(21.5)},
		{Kind: "ConfigMap", Name: "d3", OwnerKind: "Job", Phase: "b-freeze", CreateCode: 500},
		{Kind: "ConfigMap", Name: "control", Phase: "end", CreateCode: 201, Control: true, Created: at(30), Deleted: at(31.5)},
	}
	h.Watches = []history.Watch{{Resource: "jobs", Starts: 2, Relists: 1, Events: 9}}
	h.Namespace = &history.NamespaceDeletion{Name: "doomed", Objects: []string{"jobs/a"}, Requested: at(12), Duration: 5 * time.Second, Finished: true}
	return h
}

func TestTable(t *testing.T) {
	var buf bytes.Buffer
	Table(&buf, []string{"phase", "n"}, [][]string{{"before", "1"}, {"b", "123"}})
	want := "" +
		"| phase  |   n |\n" +
		"|--------|-----|\n" +
		"| before |   1 |\n" +
		"| b      | 123 |\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestPhaseRows(t *testing.T) {
	rows := PhaseRows(sample())
	want := [][]string{
		{"before", "2", "1", "0", "0", "0", "1", "-", "0", "10000ms", "10000ms", "-", "1", "0"},
		// b's fault ended at 20 s; the first success after it ended at 21.25 s.
		{"b-freeze", "2", "0", "1", "1", "0", "0", "-", "0", "300ms", "300ms", "1.25s", "1", "1"},
		{"c-resumed", "3", "1", "1", "0", "0", "0", "500×1", "0", "250ms", "250ms", "-", "0", "0"},
	}
	if len(rows) != len(want) {
		t.Fatalf("rows %v", rows)
	}
	for i := range want {
		if strings.Join(rows[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d:\n got %q\nwant %q", i, rows[i], want[i])
		}
	}
}

func TestPrint(t *testing.T) {
	h := sample()
	res := checker.Run(h, []checker.Check{checker.NoNotFoundForExisting, checker.NoDependentLost})
	var buf bytes.Buffer
	Print(&buf, h, res)
	out := buf.String()
	for _, want := range []string{
		"drill of test\n",
		"| phase     | calls |",
		"| c-resumed | create dependent |     1 |",
		"    +0.00s before    observe\n",
		"   +20.00s c-resumed resumed\n",
		"   +15.00s           kube-controller-manager ready (after 1.5s)\n",
		"   +20.00s           undo: SIGSTOP Y1, Y2\n",
		"Worst latency of a call in flight when servers froze: 10.00s (get job j2: no answer; froze in b-freeze)",
		"Dependents seen deleted (a LIST every second), by phase: c-resumed 1",
		"Dependents: ConfigMap owned by Job: 2 created, 1 deleted while their owner exists",
		"Watches: jobs: 9 events over 2 streams, 1 relists, 0 missed, 0 extra",
		"Namespace doomed (jobs/a): gone after 5s, 0 objects left in etcd",
		`404        × 2    get job in b-freeze, c-resumed: jobs.batch "<name>" not found`,
		"FAIL no 404 for an existing object: 2 × 404 (b-freeze 1, c-resumed 1)",
		"FAIL: 2 of 2 checks failed: no 404 for an existing object; no dependent of a live owner deleted (7 calls, 2 dependents created, 1 lost)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	// The freeze itself is the phase's fault, not a line of its own.
	if regexp.MustCompile(`(?m)^ +\+[0-9.]+s +SIGSTOP`).MatchString(out) {
		t.Errorf("the fault is listed more than once:\n%s", out)
	}
	// A phase that describes itself shows its fault when it came.
	h.Phases[1].Description = "upgrade Y1"
	buf.Reset()
	Print(&buf, h, res)
	if out := buf.String(); !strings.Contains(out, "   +10.00s b-freeze  upgrade Y1\n   +10.00s           SIGSTOP Y1, Y2\n") {
		t.Errorf("the fault of a described phase is not an event of its own:\n%s", out)
	}
}

func TestSummaryPasses(t *testing.T) {
	h := sample()
	res := checker.Result{Verdicts: []checker.Verdict{{Check: "x", OK: true}}}
	if got := Summary(h, res); got != "PASS: all 1 checks passed (7 calls, 2 dependents created, 1 lost)" {
		t.Errorf("summary %q", got)
	}
}

func TestDocumentSaves(t *testing.T) {
	h := sample()
	res := checker.Run(h, []checker.Check{checker.NoNotFoundForExisting})
	path := filepath.Join(t.TempDir(), "report.json")
	if err := NewDocument(h, res).Save(path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc Document
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Scenario != "peer-faults" || len(doc.Totals) != 3 || len(doc.Stats) != 4 || len(doc.Verdicts) != 1 || !strings.HasPrefix(doc.Summary, "FAIL") {
		t.Errorf("document: %+v", doc)
	}
}
