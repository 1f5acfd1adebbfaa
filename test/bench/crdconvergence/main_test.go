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
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"k8s.io/client-go/rest"
)

func TestBackgroundCRDsAreARealisticMix(t *testing.T) {
	specs := backgroundCRDs(100)
	groups, names, large := map[string]int{}, map[string]bool{}, 0
	for _, s := range specs {
		groups[s.group]++
		if names[s.name()] {
			t.Errorf("CRD name %s twice", s.name())
		}
		names[s.name()] = true
		if s.largeSchema {
			large++
		}
		crd := s.customResourceDefinition()
		if crd.Name != s.plural+"."+s.group || len(crd.Spec.Versions) != 2 || !crd.Spec.Versions[0].Storage || crd.Spec.Versions[1].Storage {
			t.Fatalf("%s: %d versions, want v1 (storage) and v1beta1", crd.Name, len(crd.Spec.Versions))
		}
		props := len(crd.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties)
		if s.largeSchema != (props > largeSchemaProperties) {
			t.Errorf("%s: %d spec properties with largeSchema=%v", crd.Name, props, s.largeSchema)
		}
	}
	if len(groups) != 100/kindsPerGroup || large != 100/largeSchemaEvery {
		t.Errorf("%d groups and %d large schemas, want %d and %d", len(groups), large, 100/kindsPerGroup, 100/largeSchemaEvery)
	}
	if got := len(backgroundCRDs(0)); got != 0 {
		t.Errorf("backgroundCRDs(0) has %d", got)
	}
	if p := probeCRD("conv", 7); p.group != "conv7."+benchDomain || p.listPath() != "/apis/conv7."+benchDomain+"/v1/probes" {
		t.Errorf("probe CRD %+v, list %s", p, p.listPath())
	}
}

func TestPercentileIsNearestRank(t *testing.T) {
	var d []time.Duration
	for i := 1; i <= 100; i++ {
		d = append(d, time.Duration(101-i)*time.Millisecond)
	}
	if p := percentile(d, 50); p != 50*time.Millisecond {
		t.Errorf("p50 = %v", p)
	}
	if p := percentile(d, 99); p != 99*time.Millisecond {
		t.Errorf("p99 = %v", p)
	}
	if p := percentile(d[:1], 99); p != 100*time.Millisecond {
		t.Errorf("p99 of one = %v", p)
	}
	if p := percentile[time.Duration](nil, 50); p != 0 {
		t.Errorf("p50 of none = %v", p)
	}
}

func TestParseOptionsRejectsBadInput(t *testing.T) {
	base := []string{"-cacert", "ca", "-cert", "c", "-key", "k"}
	for args, want := range map[string]string{
		"-servers s1=https://a":                                   "at least two",
		"-servers s1=https://a,s2":                                "not name=value",
		"-servers s1=https://a,s2=https://b -samples 0":           "-samples",
		"-servers s1=https://a,s2=https://b -connections 1,x":     "-connections",
		"-servers s1=https://a,s2=https://b -pids s1":             "not name=value",
		"-servers s1=https://a,s2=https://b -older s1":            "-older",
		"-servers s1=https://a,s2=https://b -older s9":            "-older",
		"-servers s1=https://a,s2=https://b -populate-timeout 0s": "-populate-timeout",
		"-servers s1=https://a,s2=https://b -timeout -1s":         "-timeout",
	} {
		_, err := parseOptions(append(strings.Fields(args), base...))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error naming %q", args, err, want)
		}
	}
	if _, err := parseOptions([]string{"-servers", "s1=https://a,s2=https://b"}); err == nil || !strings.Contains(err.Error(), "-cacert") {
		t.Errorf("without credentials: %v", err)
	}
	o, err := parseOptions(append([]string{"-servers", "s1=https://a,s2=https://b,s3=https://c", "-connections", "1,8"}, base...))
	if err != nil || len(o.servers) != 3 || o.servers[2].value != "https://c" || len(o.connections) != 2 {
		t.Errorf("good flags: %+v, %v", o, err)
	}
}

func TestPeerFetchesCountsOnlyDiscoveryFetches(t *testing.T) {
	metrics := `# HELP apiserver_rerouted_request_total [ALPHA] Total number of requests that were proxied to a peer kube apiserver because the local apiserver was not capable of serving it
apiserver_rerouted_request_total{code="200",group="",resource="",version=""} 3
apiserver_rerouted_request_total{code="304",group="",resource="",version=""} 40
apiserver_rerouted_request_total{code="200",group="batch",resource="jobs",version="v1"} 900
apiserver_rerouted_request_total{code="200",group="batch",resource="",version="v1"} 7
`
	got := peerFetches([]byte(metrics))
	if len(got) != 2 || got["200"] != 3 || got["304"] != 40 {
		t.Errorf("peer discovery fetches = %v, want 200: 3, 304: 40", got)
	}
	if got := peerFetches([]byte("# nothing\n")); len(got) != 0 {
		t.Errorf("no samples: %v", got)
	}
}

func TestGroupNames(t *testing.T) {
	names, err := groupNames([]byte(`{"kind":"APIGroupDiscoveryList","items":[{"metadata":{"name":"apps"}},{"metadata":{"name":"x.example.com"}}]}`))
	if err != nil || !names["apps"] || !names["x.example.com"] || len(names) != 2 {
		t.Errorf("%v %v", names, err)
	}
	if _, err := groupNames([]byte("not json")); err == nil {
		t.Error("malformed discovery accepted")
	}
}

func TestParallelRunsEveryIndexAndReturnsAnError(t *testing.T) {
	var seen atomic.Int32
	if err := parallel(50, 4, func(int) error { seen.Add(1); return nil }); err != nil || seen.Load() != 50 {
		t.Errorf("%d calls, %v", seen.Load(), err)
	}
	boom := errors.New("boom")
	if err := parallel(10, 3, func(i int) error {
		if i == 7 {
			return boom
		}
		return nil
	}); !errors.Is(err, boom) {
		t.Errorf("error = %v, want boom", err)
	}
}

func TestPollReturnsWhenTheConditionHoldsOrTimesOut(t *testing.T) {
	n := 0
	d, ok := poll(context.Background(), time.Now(), time.Millisecond, time.Second, func() bool { n++; return n == 3 })
	if !ok || n != 3 || d >= time.Second {
		t.Errorf("held after %v (%d calls, %v)", d, n, ok)
	}
	if _, ok := poll(context.Background(), time.Now(), time.Millisecond, 10*time.Millisecond, func() bool { return false }); ok {
		t.Error("a condition that never holds reported as held")
	}
}

func TestMarkdownReportsEveryMeasurement(t *testing.T) {
	r := &report{Label: "kubecarry", Servers: 3, Background: 100, Samples: 50, Burst: 100, TimeoutSeconds: 120,
		Convergence: map[string]float64{"usableP50": 0.5, "usableP99": 1.5, "goneP50": 1, "goneP99": 120},
		TimedOut:    map[string]int{"gone": 2},
		Discovery: []latency{
			{Server: "s1", Profile: "merged", Connections: 1, P50Millis: 3, P99Millis: 6, Bytes: 1000, CPUMillisPerRequest: 2.5},
			{Server: "s1", Profile: "nopeer", Connections: 1, P50Millis: 2, P99Millis: 4, Bytes: 900},
		},
		Idle: []idleTraffic{{Server: "s1", PerPeerPerMinute: map[string]float64{"304": 2}, WindowSeconds: 60, CountsPeerDiscovery: true, CPUCores: 0.0125},
			{Server: "s2", CPUCores: -1}},
		Proxied: []proxiedLatency{{Server: "s3", Route: "proxied", Verb: "list", P50Millis: 4, P99Millis: 9, Codes: map[string]int{"200": 199, "503": 1}}},
		RSSMiB:  map[string]float64{"s1": 300}, RSSMiBAfter: map[string]float64{"s1": 320},
		RefreshRoundSeconds: -1,
	}
	out := r.markdown()
	for _, want := range []string{
		"(60s window, no whole refresh round came within 1m30s of populating)",
		"| create → list answers 200 | 0.50s | 1.50s | 0 |",
		"| delete → list answers 404 | ≥ 1.00s | ≥ 120.00s | 2 |",
		"| s1 | 1 | 3.0ms | 6.0ms | 2.0ms | 4.0ms | 1.50 | 1000 | 900 | 2.5ms | - |",
		"| s1 | 304: 2.0 | 0.013 cores |", "| s2 | not counted by this binary | - |",
		"| s3 | proxied | list | 4.0ms | 9.0ms | 200 × 199, 503 × 1 |",
		"| s1 | 300 MiB | 320 MiB |", "burst of 100 CRDs",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

func TestParseCPUSecondsCountsUserAndSystemTime(t *testing.T) {
	// A command name with a space and a parenthesis, utime 250 and stime
	// 50 ticks.
	stat := "4242 (kube apiserver) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 50 0 0 20 0 12 0 100 2000000 3000 18446744073709551615"
	if got, err := parseCPUSeconds(stat); err != nil || got != 3 {
		t.Errorf("parseCPUSeconds = %v, %v; want 3 seconds", got, err)
	}
	for _, bad := range []string{"no name here", "1 (x) S 1 2 3", "1 (x) S 1 1 1 0 -1 0 0 0 0 0 many 50 0"} {
		if _, err := parseCPUSeconds(bad); err == nil {
			t.Errorf("parseCPUSeconds(%q) accepted", bad)
		}
	}
	if s, err := cpuSeconds(os.Getpid()); err != nil || s < 0 {
		t.Errorf("this process's CPU time: %v, %v", s, err)
	}
}

func TestRefreshedEverywhereWantsEveryCountingServer(t *testing.T) {
	before := map[string]float64{"s1": 10, "s2": 4}
	if refreshedEverywhere(before, map[string]float64{"s1": 14, "s2": 7}, 4) {
		t.Error("s2 made 3 of 4 fetches, reported as refreshed")
	}
	if !refreshedEverywhere(before, map[string]float64{"s1": 14, "s2": 9, "s3": 0}, 4) {
		t.Error("both made 4 or more, not reported as refreshed")
	}
	if !refreshedEverywhere(map[string]float64{}, map[string]float64{}, 4) {
		t.Error("no counting server has nothing to wait for")
	}
}

func TestCheckFailsOnTimeoutsNon304IdleFetchesAndProxyErrors(t *testing.T) {
	good := &report{TimeoutSeconds: 60, TimedOut: map[string]int{"usable": 0},
		Idle:    []idleTraffic{{Server: "s2", PerPeerPerMinute: map[string]float64{"200": 0, "304": 2}}},
		Proxied: []proxiedLatency{{Server: "s3", Route: "proxied", Verb: "get", Codes: map[string]int{"200": 50}}},
	}
	if f := good.checkFailures(); len(f) != 0 {
		t.Errorf("a clean run fails the check: %v", f)
	}
	bad := &report{TimeoutSeconds: 60, TimedOut: map[string]int{"unlisted": 1, "burstGone": 1},
		Idle:      []idleTraffic{{Server: "s2", PerPeerPerMinute: map[string]float64{"200": 0.5, "304": 2}}},
		Proxied:   []proxiedLatency{{Server: "s3", Route: "proxied", Verb: "get", Codes: map[string]int{"200": 49, "404": 1}}},
		Discovery: []latency{{Server: "s2", Profile: "merged", Connections: 8, Codes: map[string]int{"200": 190, "error": 2, "unsent": 8}}},
	}
	f := strings.Join(bad.checkFailures(), "\n")
	for _, want := range []string{"unlisted: 1 sample(s)", "burstGone: 1 sample(s)", "s2: idle peer discovery fetches answered 200", "proxied get Jobs through s3: 1 answered 404",
		"GET /apis (merged, 8 connections) through s2: 2 answered error", "through s2: 8 answered unsent"} {
		if !strings.Contains(f, want) {
			t.Errorf("check failures lack %q:\n%s", want, f)
		}
	}
}

// fakeServer answers every list with 200 and /apis with one group, so that
// waiting for a 404 or for the group to leave never ends.
func fakeServer(t *testing.T, name string) *server {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/apis" {
			_, _ = w.Write([]byte(`{"items":[{"metadata":{"name":"conv0.` + benchDomain + `"}}]}`))
			return
		}
		_, _ = w.Write([]byte(`{}`))
	}))
	t.Cleanup(ts.Close)
	return &server{name: name, config: &rest.Config{Host: ts.URL}, client: ts.Client()}
}

func TestObserveCountsWhatNoServerReachesAsTimedOut(t *testing.T) {
	b := &bench{servers: []*server{fakeServer(t, "s1"), fakeServer(t, "s2"), fakeServer(t, "s3")}, timeout: 200 * time.Millisecond}
	spec := probeCRD("conv", 0)
	if o := b.observe(context.Background(), spec, http.StatusOK, true); o.listTimedOut || o.groupTimedOut || o.list >= b.timeout {
		t.Errorf("reachable state: %+v", o)
	}
	o := b.observe(context.Background(), spec, http.StatusNotFound, false)
	if !o.listTimedOut || !o.groupTimedOut || o.list < b.timeout || o.group < b.timeout {
		t.Errorf("a state no server reaches: %+v, want both timed out at the bound %s or later", o, b.timeout)
	}
	if missed := b.everywhere(context.Background(), time.Now(), b.timeout, []crdSpec{spec, probeCRD("conv", 1)}, http.StatusNotFound, 4); missed != 4 {
		t.Errorf("everywhere missed %d (spec, server) pairs, want 4", missed)
	}
}
