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

	"github.com/kubecarry/kubecarry/test/drill/checker"
	"github.com/kubecarry/kubecarry/test/drill/history"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func at(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }

func sample() *history.History {
	h := &history.History{Title: "drill of test"}
	h.Phases = []history.Phase{
		{Name: "before", Start: at(0), End: at(10)},
		{Name: "b-freeze", Fault: "SIGSTOP Y1, Y2", Start: at(10), End: at(20), Allow503: true, RecoverWithin: 5 * time.Second},
		{Name: "c-resumed", Start: at(20), End: at(30)},
	}
	h.Requests = []history.Request{
		{Phase: "before", Job: "j1", Start: at(1), Duration: 20 * time.Millisecond, Code: 200},
		{Phase: "before", Job: "j2", Start: at(9.9), Duration: 10 * time.Second, Code: 0, Message: "context deadline exceeded"},
		{Phase: "b-freeze", Job: "j1", Start: at(19.9), Duration: 300 * time.Millisecond, Code: 503, RetryAfter: "1", Message: "unavailable"},
		{Phase: "b-freeze", Job: "j2", Start: at(19.95), Duration: 10 * time.Millisecond, Code: 404, Message: `jobs.batch "j2" not found`},
		{Phase: "c-resumed", Job: "j1", Start: at(20.2), Duration: 40 * time.Millisecond, Code: 404, Message: `jobs.batch "j1" not found`},
		{Phase: "c-resumed", Job: "j2", Start: at(21), Duration: 250 * time.Millisecond, Code: 200},
		{Phase: "c-resumed", Job: "j2", Start: at(22), Duration: 250 * time.Millisecond, Code: 500},
	}
	h.Events = []history.Event{
		{Time: at(10), Phase: "b-freeze", What: "SIGSTOP Y1, Y2", Freeze: true},
		{Time: at(15), Phase: "b-freeze", What: "restart kube-controller-manager"},
		{Time: at(20), Phase: "b-freeze", What: "undo: SIGSTOP Y1, Y2"},
	}
	h.Dependents = []history.Dependent{
		{Name: "d1", Phase: "before", CreateCode: 201, FinalCode: 200},
		{Name: "d2", Phase: "b-freeze", CreateCode: 201, FinalCode: 404, Deleted: at(21.5)},
		{Name: "d3", Phase: "b-freeze", CreateCode: 500},
		{Name: "control", Phase: "end", CreateCode: 201, Control: true, Created: at(30), Deleted: at(31.5), FinalCode: 404},
	}
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

func TestRows(t *testing.T) {
	rows := Rows(checker.Stats(sample()))
	want := [][]string{
		{"before", "2", "1", "0", "0", "0", "1", "10.00s", "-", "1", "0"},
		// b's end is at 20 s; the first 200 after it ended at 21.25 s.
		{"b-freeze", "2", "0", "1 (1)", "1", "0", "0", "0.30s", "1.25s", "1", "1"},
		{"c-resumed", "3", "1", "0", "1", "1 (500)", "0", "0.25s", "-", "0", "0"},
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
	res := checker.Check(h)
	var buf bytes.Buffer
	Print(&buf, h, res)
	out := buf.String()
	for _, want := range []string{
		"drill of test\n",
		"| phase     | requests | 200 | 503 (with Retry-After) | 404 |",
		"  +10.00s b-freeze  SIGSTOP Y1, Y2\n",
		"  +15.00s           restart kube-controller-manager\n",
		"Worst latency of a request in flight when peers froze: 10.00s (no answer; froze at  +10.00s in b-freeze)",
		"  404        × 2    b-freeze, c-resumed: jobs.batch \"<job>\" not found\n",
		"FAIL no 404 for an existing Job: 2 × 404 (b-freeze 1, c-resumed 1)",
		"FAIL every request answered within the client timeout: 1 × no answer (before 1)",
		"Dependents of live Jobs seen deleted (a LIST every second), by phase: c-resumed 1 (+21.50s .. +21.50s)\n",
		"ok   the garbage collector deleted control dependent control (end): after 1.50s",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "FAIL: 3 of ") || !strings.HasSuffix(last, "(7 requests, 2 dependents created, 1 lost)") {
		t.Errorf("summary line %q", last)
	}
}

func TestSummaryPass(t *testing.T) {
	h := &history.History{}
	got := Summary(h, checker.Result{Verdicts: []checker.Verdict{{Check: "x", OK: true}}})
	if got != "PASS: all 1 checks passed (0 requests, 0 dependents created, 0 lost)" {
		t.Errorf("got %q", got)
	}
}
