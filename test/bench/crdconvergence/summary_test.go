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
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// benchRun is a run whose usable samples are the given seconds; timedOut
// of them reached the 30 s bound.
func benchRun(label string, background int, usable []float64, timedOut int) *report {
	d := append([]float64(nil), usable...)
	r := &report{Label: label, Servers: 5, Background: background, Samples: len(d), TimeoutSeconds: 30,
		Convergence:        map[string]float64{},
		ConvergenceSamples: map[string][]float64{"usable": d},
		TimedOut:           map[string]int{"usable": timedOut},
	}
	// The p99 of at most 100 samples is the slowest.
	r.Convergence["usableP99"] = slices.Max(d)
	return r
}

func writeRuns(t *testing.T, runs ...*report) string {
	t.Helper()
	var lines []string
	for _, r := range runs {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	name := filepath.Join(t.TempDir(), "runs.json")
	if err := os.WriteFile(name, []byte(strings.Join(lines, "\n")+"\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

func TestSummaryGivesEachCellsMedianAndRangeOverItsRuns(t *testing.T) {
	frozen := benchRun("kubecarry", 1000, []float64{0.7}, 0)
	frozen.Frozen = "s4"
	file := writeRuns(t, frozen,
		benchRun("kubecarry", 1000, []float64{0.5, 1}, 0),
		benchRun("upstream", 1000, []float64{0.5, 30}, 1),
		benchRun("kubecarry", 100, []float64{0.2}, 0),
		benchRun("kubecarry", 1000, []float64{0.5, 13}, 0),
		benchRun("kubecarry", 1000, []float64{2, 0.5}, 0),
	)
	reports, err := readReports([]string{file})
	if err != nil {
		t.Fatal(err)
	}
	cs := cells(reports)
	// Sizes ascending; at one size, the order the binaries first ran in.
	if len(cs) != 4 || cs[0].background != 100 || cs[1].frozen != "s4" || cs[2].label != "kubecarry" || len(cs[2].runs) != 3 || cs[3].label != "upstream" {
		t.Fatalf("cells: %+v", cs)
	}
	md := summaryMarkdown(cs)
	for _, want := range []string{
		// The slowest sample of three runs: 1, 13 and 2 s.
		"| kubecarry | 5 | 1000 | 3 | 2.00s (1.00–13.00) |",
		// One run whose slowest sample timed out: a lower bound.
		"| upstream | 5 | 1000 | 1 | ≥ 30.00s |",
		"| kubecarry | 5 | 100 | 1 | 0.20s |",
		// A frozen peer's runs are a cell of their own.
		"| kubecarry (s4 frozen) | 5 | 1000 | 1 | 0.70s |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("summary lacks %q:\n%s", want, md)
		}
	}
	// Six samples pooled: the p99 is the slowest, 13 s.
	if p, ok := cs[2].pooledP99("usable"); !ok || p.value != 13 || p.atLeast {
		t.Errorf("pooled p99 = %+v, %v; want 13 s", p, ok)
	}
	if _, ok := cs[2].pooledP99("gone"); ok {
		t.Error("pooled p99 of an event no run recorded")
	}
}

func TestSpreadOfAnEvenNumberOfRunsIsTheMeanOfTheMiddleTwo(t *testing.T) {
	s := spreadOf([]bound{{value: 4}, {value: 1}, {value: 30, atLeast: true}, {value: 2}})
	if s.median.value != 3 || s.median.atLeast || s.min.value != 1 || s.max.value != 30 || !s.max.atLeast {
		t.Errorf("spread = %+v", s)
	}
	// The median is a lower bound when a run behind it is one.
	s = spreadOf([]bound{{value: 1}, {value: 30, atLeast: true}})
	if !s.median.atLeast || s.format("s") != "≥ 15.50s (1.00–≥ 30.00)" {
		t.Errorf("spread of a timed-out run = %+v, %s", s, s.format("s"))
	}
	if got := spreadOf(nil).format("s"); got != "-" {
		t.Errorf("spread of no runs = %q", got)
	}
}

func TestPooledP99IsALowerBoundOnlyWhenTimeoutsReachItsRank(t *testing.T) {
	var samples []float64
	for i := 0; i < 199; i++ {
		samples = append(samples, 0.5)
	}
	// 200 samples: the p99 (nearest rank, the 198th) is the third slowest;
	// two timeouts are past it, a third reaches it.
	c := &cell{runs: []*report{benchRun("x", 0, append(samples[:198], 30, 30), 2)}}
	if p, _ := c.pooledP99("usable"); p.value != 0.5 || p.atLeast {
		t.Errorf("two timeouts in 200: p99 = %+v, want 0.5 s", p)
	}
	c = &cell{runs: []*report{benchRun("x", 0, append(samples[:197], 30, 30, 30), 3)}}
	if p, _ := c.pooledP99("usable"); p.value != 30 || !p.atLeast {
		t.Errorf("three timeouts in 200: p99 = %+v, want ≥ 30 s", p)
	}
}

func TestReadReportsNamesWhatItCannotRead(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte("{\"label\":\"a\"}\nnot json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readReports([]string{bad}); err == nil || !strings.Contains(err.Error(), "bad.json:2") {
		t.Errorf("bad line: %v", err)
	}
	empty := filepath.Join(t.TempDir(), "empty.json")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readReports([]string{empty}); err == nil || !strings.Contains(err.Error(), "no runs") {
		t.Errorf("empty file: %v", err)
	}
	if _, err := readReports([]string{filepath.Join(t.TempDir(), "missing.json")}); err == nil {
		t.Error("a missing file is no error")
	}
}

func TestParseOptionsSummarizeTakesFilesAndNothingElse(t *testing.T) {
	o, err := parseOptions([]string{"-summarize", "a.json", "b.json"})
	if err != nil || len(o.summarize) != 2 || o.summarize[1] != "b.json" {
		t.Errorf("-summarize a.json b.json: %+v, %v", o.summarize, err)
	}
	if _, err := parseOptions([]string{"-summarize"}); err == nil || !strings.Contains(err.Error(), "JSON files") {
		t.Errorf("-summarize without files: %v", err)
	}
	if _, err := parseOptions([]string{"-servers", "s1=https://a,s2=https://b", "-cacert", "c", "-cert", "c", "-key", "k", "extra"}); err == nil || !strings.Contains(err.Error(), "extra") {
		t.Errorf("a stray argument: %v", err)
	}
}
