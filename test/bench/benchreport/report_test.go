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

package main

import (
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kubecarry/kubecarry/test/bench/result"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

func TestMedianOfOddAndEvenCounts(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{
		{[]float64{5}, 5},
		{[]float64{3, 1, 2}, 2},
		{[]float64{9, 1, 1000, 2, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{10, 1}, 5.5},
		{[]float64{1.25, 1.26}, 1.255},
	} {
		in := append([]float64(nil), tc.in...)
		if got := median(in); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.in, got, tc.want)
		}
		for i := range in {
			if in[i] != tc.in[i] {
				t.Errorf("median(%v) reordered its input to %v", tc.in, in)
				break
			}
		}
	}
	if got := median(nil); !math.IsNaN(got) {
		t.Errorf("median of nothing = %v, want NaN", got)
	}
}

func TestRatioAndHopOverFloor(t *testing.T) {
	for _, tc := range []struct {
		a, b float64
		want string
	}{{3, 2, "1.50"}, {2.31, 1.2, "1.93"}, {800, 1000, "0.80"}, {1, 0, "-"}} {
		if got := ratio(tc.a, tc.b); got != tc.want {
			t.Errorf("ratio(%v, %v) = %q, want %q", tc.a, tc.b, got, tc.want)
		}
	}
	for _, tc := range []struct {
		direct, proxied, floor float64
		want                   string
	}{
		{1, 3, 2, "2.00×"}, // the proxy adds 2 ms, the bare hop 1 ms
		{1.2, 2.4, 1.6, "3.00×"},
		{1, 3, 1, "-"},   // the bare hop added nothing
		{1, 3, 0.8, "-"}, // the floor was faster than direct: noise
	} {
		if got := hopOverFloor(tc.direct, tc.proxied, tc.floor); got != tc.want {
			t.Errorf("hopOverFloor(%v, %v, %v) = %q, want %q", tc.direct, tc.proxied, tc.floor, got, tc.want)
		}
	}
}

func run3(binary, op string, conns int, target string, p50 float64) result.Run {
	steal := 1.0
	return result.Run{
		Labels: map[string]string{"binary": binary, "op": op, "target": target},
		URL:    "https://server/" + target, Connections: conns, DurationSeconds: 2, WarmupSeconds: 2,
		Start:           time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC),
		P50Milliseconds: p50, P99Milliseconds: 2 * p50, RequestsPerSecond: 1000 / p50,
		CPUMicrosecondsPerRequest: map[string]float64{"s1": 100, "s2": 50, "s3": 200, "hf": 30, "etcd": 10},
		StealPercent:              &steal,
	}
}

func TestSpreadIsTheLowestAndHighestRatioOfARunToItsOwnDirectRun(t *testing.T) {
	// Run by run: proxied/direct = 2/1, 3/2 and 6/2; the medians (2 and 3)
	// would give another ratio, 1.5.
	var runs []result.Run
	for _, pair := range [][2]float64{{1, 2}, {2, 3}, {2, 6}} {
		runs = append(runs, run3("k", "GET", 1, direct, pair[0]), run3("k", "GET", 1, proxied, pair[1]), run3("k", "GET", 1, floor, pair[0]))
	}
	rep, err := collect(runs)
	if err != nil {
		t.Fatal(err)
	}
	var tb table
	if got := tb.spread(rep.cells[0], proxied); got != "1.50-3.00×" {
		t.Errorf("spread = %q, want 1.50-3.00×", got)
	}
	if got := tb.spread(rep.cells[0], floor); got != "1.00-1.00×" {
		t.Errorf("spread of the floor = %q, want 1.00-1.00×", got)
	}
	if tb.err != nil {
		t.Error(tb.err)
	}
}

// The golden files hold the tables of fixed runs; the same runs as
// httpload lines through the shell functions this command replaced gave
// the same numbers.
func TestTablesMatchTheGoldenFiles(t *testing.T) {
	for _, name := range []string{"three-runs", "two-runs"} {
		t.Run(name, func(t *testing.T) {
			in, err := os.Open(filepath.Join("testdata", name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			var out strings.Builder
			if err := run("all", in, &out); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if out.String() != string(want) {
				t.Errorf("tables differ from %s (go test -run %s -update rewrites it):\n%s", golden, t.Name(), out.String())
			}
			// 2 binaries × 2 ops × 2 connection counts in each of the three tables.
			if rows := strings.Count(out.String(), "\nkubecarry "); rows != 12 {
				t.Errorf("%d kubecarry rows, want 4 in each of 3 tables", rows)
			}
		})
	}
}

func TestOneTable(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("testdata", "two-runs.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := run("cpu", strings.NewReader(string(in)), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "# CPU µs per request") || strings.Contains(out.String(), "floor p50") {
		t.Errorf("-table cpu printed:\n%s", out.String())
	}
}

func TestRejectsRunsThatDoNotMakeTheTables(t *testing.T) {
	ok := func() []result.Run {
		return []result.Run{run3("k", "GET", 1, direct, 1), run3("k", "GET", 1, proxied, 2), run3("k", "GET", 1, floor, 1.5)}
	}
	for _, tc := range []struct {
		name   string
		change func([]result.Run) []result.Run
		want   string
	}{
		{"no runs", func([]result.Run) []result.Run { return nil }, "no runs"},
		{"no target label", func(rs []result.Run) []result.Run { delete(rs[1].Labels, "target"); return rs }, `run 2 (https://server/proxied) has no label "target"`},
		{"unknown target", func(rs []result.Run) []result.Run { rs[1].Labels["target"] = "sideways"; return rs }, `label target is "sideways"`},
		{"a missing floor run", func(rs []result.Run) []result.Run { return rs[:2] }, "k GET with 1 connection(s): 1 direct, 1 proxied and 0 floor run(s)"},
		{"cells with different run counts", func(rs []result.Run) []result.Run {
			return append(rs, run3("k", "LIST", 1, direct, 1), run3("k", "LIST", 1, proxied, 1), run3("k", "LIST", 1, floor, 1),
				run3("k", "LIST", 1, direct, 1), run3("k", "LIST", 1, proxied, 1), run3("k", "LIST", 1, floor, 1))
		}, "k LIST with 1 connection(s) has 2 run(s) per target, k GET with 1 connection(s) has 1"},
		{"different windows", func(rs []result.Run) []result.Run { rs[2].DurationSeconds = 10; return rs }, "run 3 (https://server/floor) measured 10s after 2s of warm-up, run 1 2s after 2s"},
		{"no CPU of a process", func(rs []result.Run) []result.Run { delete(rs[1].CPUMicrosecondsPerRequest, "s3"); return rs }, "cpu table: k GET with 1 connection(s): proxied run 1 (https://server/proxied) has no cpu s3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runs := tc.change(ok())
			var in strings.Builder
			for _, r := range runs {
				// The same JSON httpload -json prints.
				in.WriteString(mustJSON(t, r) + "\n")
			}
			var out strings.Builder
			err := run("all", strings.NewReader(in.String()), &out)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
			if out.Len() != 0 {
				t.Errorf("printed a partial report:\n%s", out.String())
			}
		})
	}
	// The unchanged runs make the tables: the cases above fail for their change.
	var in strings.Builder
	for _, r := range ok() {
		in.WriteString(mustJSON(t, r) + "\n")
	}
	var out strings.Builder
	if err := run("all", strings.NewReader(in.String()), &out); err != nil {
		t.Errorf("the unchanged runs: %v", err)
	}
}

func TestRejectsWhatIsNotAnHTTPLoadResult(t *testing.T) {
	var out strings.Builder
	err := run("all", strings.NewReader(`{"p50_ms": 1.2}`), &out)
	if err == nil || !strings.Contains(err.Error(), `run 1 is not an httpload -json result: json: unknown field "p50_ms"`) {
		t.Errorf("error %v, want one naming the unknown field", err)
	}
	if err := run("latencies", strings.NewReader(""), &out); err == nil || !strings.Contains(err.Error(), `unknown -table "latencies"`) {
		t.Errorf("error %v, want one naming the unknown table", err)
	}
}

func mustJSON(t *testing.T, r result.Run) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
