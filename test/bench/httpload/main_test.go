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
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kubecarry/kubecarry/test/bench/result"
)

func TestPercentileIsNearestRank(t *testing.T) {
	sorted := make([]time.Duration, 100)
	for i := range sorted {
		sorted[i] = time.Duration(i+1) * time.Millisecond
	}
	for _, tc := range []struct {
		p    int
		want time.Duration
	}{{50, 50 * time.Millisecond}, {99, 99 * time.Millisecond}, {100, 100 * time.Millisecond}, {1, time.Millisecond}} {
		if got := percentile(sorted, tc.p); got != tc.want {
			t.Errorf("p%d of 1..100 ms = %v, want %v", tc.p, got, tc.want)
		}
	}
	if got := percentile([]time.Duration{7}, 99); got != 7 {
		t.Errorf("p99 of one sample = %v, want that sample", got)
	}
}

func TestGetFailsOnNonOKStatus(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/missing" {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write([]byte("ok"))
	}))
	defer srv.Close()
	if _, err := get(srv.Client(), srv.URL+"/present"); err != nil {
		t.Errorf("GET of a 200 answer failed: %v", err)
	}
	if _, err := get(srv.Client(), srv.URL+"/missing"); err == nil {
		t.Error("GET of a 404 answer succeeded; a benchmark would count errors as fast answers")
	}
}

func TestParseStatCPUTicksCountsFieldsAfterTheCommand(t *testing.T) {
	// A command name with spaces and parentheses must not shift the fields:
	// utime (14) is 700 and stime (15) is 55 here.
	stat := "4242 (kube (api) server) S 1 4242 4242 0 -1 4194560 100 0 0 0 700 55 0 0 20 0 12 0 99 0 0"
	got, err := parseStatCPUTicks(stat)
	if err != nil {
		t.Fatal(err)
	}
	if got != 755 {
		t.Errorf("utime+stime = %d, want 755", got)
	}
	if _, err := parseStatCPUTicks("4242 kube-apiserver S 1"); err == nil {
		t.Error("a line without the parenthesised command was accepted")
	}
}

func TestParseWatchedProcessesRejectsMalformedPairs(t *testing.T) {
	for _, bad := range []string{"source", "source=", "=12", "source=-3", "source=x", "a=1,a=2", "a=1,"} {
		if _, err := parseWatchedProcesses(bad); err == nil {
			t.Errorf("-cpu %q was accepted", bad)
		}
	}
	got, err := parseWatchedProcesses("source=12,destination=34")
	if err != nil {
		t.Fatal(err)
	}
	want := []watchedProcess{{"source", 12}, {"destination", 34}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("parsed %v, want %v", got, want)
	}
}

func TestCPUSecondsFollowTheProcessesWork(t *testing.T) {
	self := watchedProcess{name: "self", pid: os.Getpid()}
	before, err := self.cpuSeconds()
	if err != nil {
		// -cpu reads /proc on every platform kubecarry supports (Linux).
		t.Fatalf("reading this process's CPU time: %v", err)
	}
	// Burn CPU until the kernel's account of this process moves by at
	// least two ticks; reading the wrong fields of the stat line would
	// never move.
	deadline := time.Now().Add(10 * time.Second)
	x := 0
	for time.Now().Before(deadline) {
		for i := 0; i < 1_000_000; i++ {
			x += i % 7
		}
		now, err := self.cpuSeconds()
		if err != nil {
			t.Fatal(err)
		}
		if now-before >= 2.0/userHZ {
			return
		}
	}
	t.Errorf("CPU time of a busy process did not move in 10 s (%d)", x)
}

func TestParseMachineTicksAddsTheFirstEightFieldsAndKeepsSteal(t *testing.T) {
	// user nice system idle iowait irq softirq steal guest guest_nice: guest
	// time is already in user, so it must not be counted twice.
	got, err := parseMachineTicks("cpu  100 2 30 800 5 0 3 60 40 0")
	if err != nil {
		t.Fatal(err)
	}
	if want := (machineTicks{total: 1000, steal: 60}); got != want {
		t.Errorf("parsed %+v, want %+v", got, want)
	}
	for _, bad := range []string{"", "cpu0 1 2 3 4 5 6 7 8", "cpu 1 2 3 4 5 6 7", "cpu 1 2 3 4 5 6 7 x"} {
		if _, err := parseMachineTicks(bad); err == nil {
			t.Errorf("cpu line %q was accepted", bad)
		}
	}
}

func TestStealPercentIsTheStolenShareOfTheWindow(t *testing.T) {
	before := machineTicks{total: 1000, steal: 60}
	after := machineTicks{total: 3000, steal: 860}
	if got := stealPercent(before, after); got != 40 {
		t.Errorf("steal over the window = %v %%, want 40", got)
	}
	if got := stealPercent(after, after); got != 0 {
		t.Errorf("steal over an empty window = %v %%, want 0", got)
	}
}

func TestJSONResultCarriesTheLabelsAndTheNumbersOfTheLine(t *testing.T) {
	var l labels
	for _, pair := range []string{"binary=kubecarry", "op=GET", "target=direct"} {
		if err := l.Set(pair); err != nil {
			t.Fatal(err)
		}
	}
	o := options{url: "https://127.0.0.1:6443/x", connections: 4, duration: 2 * time.Second, warmup: time.Second,
		labels: l, cpu: []watchedProcess{{"s3", 30}, {"s1", 10}}}
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	var latencies []time.Duration
	for i := 100; i >= 1; i-- { // unsorted on purpose
		latencies = append(latencies, time.Duration(i)*time.Millisecond)
	}
	r := summarize(o, start, latencies)
	steal := 2.5
	r.CPUMicrosecondsPerRequest, r.StealPercent = map[string]float64{"s1": 812.4, "s3": 1450.6}, &steal

	var line strings.Builder
	if err := printResult(&line, o, r); err != nil {
		t.Fatal(err)
	}
	wantLine := "p50_ms=50.00 p99_ms=99.00 req_per_s=50 requests=100 cpu_us_per_request.s3=1451 cpu_us_per_request.s1=812 steal_pct=2.5\n"
	if line.String() != wantLine {
		t.Errorf("line = %q, want %q", line.String(), wantLine)
	}

	o.json = true
	var js strings.Builder
	if err := printResult(&js, o, r); err != nil {
		t.Fatal(err)
	}
	if strings.Count(js.String(), "\n") != 1 || !strings.HasSuffix(js.String(), "\n") {
		t.Errorf("-json printed %q, want one line", js.String())
	}
	var got result.Run
	if err := json.Unmarshal([]byte(js.String()), &got); err != nil {
		t.Fatalf("-json printed %q: %v", js.String(), err)
	}
	want := result.Run{
		Labels: map[string]string{"binary": "kubecarry", "op": "GET", "target": "direct"},
		URL:    o.url, Connections: 4, Start: start, DurationSeconds: 2, WarmupSeconds: 1, Requests: 100,
		P50Milliseconds: 50, P99Milliseconds: 99, RequestsPerSecond: 50,
		CPUMicrosecondsPerRequest: map[string]float64{"s1": 812.4, "s3": 1450.6}, StealPercent: &steal,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("-json result = %+v\nwant %+v", got, want)
	}
}

func TestLabelsRejectMalformedAndRepeatedNames(t *testing.T) {
	for _, bad := range [][]string{{"target"}, {"=direct"}, {"target=direct", "target=proxied"}} {
		var l labels
		var err error
		for _, pair := range bad {
			if err = l.Set(pair); err != nil {
				break
			}
		}
		if err == nil {
			t.Errorf("-label %q was accepted: %v", bad, l)
		}
	}
	var l labels
	if err := l.Set("target=a=b"); err != nil || l["target"] != "a=b" {
		t.Errorf("-label target=a=b gave %v, %v; want the value a=b", l, err)
	}
}
