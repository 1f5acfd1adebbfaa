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
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"time"

	"github.com/kubecarry/kubecarry/test/bench/result"
)

// The targets of a cell: the same load straight to server 1, through
// server 3 (the peer proxy) and through hopfloor (the bare hop).
const (
	direct  = "direct"
	proxied = "proxied"
	floor   = "floor"
)

// cellKey is one row of every table.
type cellKey struct {
	binary      string
	op          string
	connections int
}

func (k cellKey) String() string {
	return fmt.Sprintf("%s %s with %d connection(s)", k.binary, k.op, k.connections)
}

// cell holds a row's runs per target, in the order they were measured.
type cell struct {
	key  cellKey
	runs map[string][]result.Run
}

// report is every run of a benchmark, grouped into cells in the order the
// cells first appear.
type report struct {
	cells    []*cell
	start    time.Time
	runs     int
	duration time.Duration
	warmup   time.Duration
}

// collect groups runs by their labels binary, op and target and checks that
// every cell has the same number of runs of each target, and every run the
// same measured window, so that medians and run-by-run ratios compare like
// with like.
func collect(runs []result.Run) (*report, error) {
	if len(runs) == 0 {
		return nil, fmt.Errorf("no runs: want httpload -json results on stdin")
	}
	rep := &report{}
	byKey := map[cellKey]*cell{}
	for i, r := range runs {
		for _, label := range []string{"binary", "op", "target"} {
			if r.Labels[label] == "" {
				return nil, fmt.Errorf("run %d (%s) has no label %q (httpload -label %s=...)", i+1, r.URL, label, label)
			}
		}
		target := r.Labels["target"]
		if target != direct && target != proxied && target != floor {
			return nil, fmt.Errorf("run %d (%s): label target is %q, want %s, %s or %s", i+1, r.URL, target, direct, proxied, floor)
		}
		duration := time.Duration(math.Round(r.DurationSeconds * float64(time.Second)))
		warmup := time.Duration(math.Round(r.WarmupSeconds * float64(time.Second)))
		if i == 0 {
			rep.start, rep.duration, rep.warmup = r.Start, duration, warmup
		}
		if duration != rep.duration || warmup != rep.warmup {
			return nil, fmt.Errorf("run %d (%s) measured %v after %v of warm-up, run 1 %v after %v: medians would mix windows",
				i+1, r.URL, duration, warmup, rep.duration, rep.warmup)
		}
		if r.Start.Before(rep.start) {
			rep.start = r.Start
		}
		key := cellKey{r.Labels["binary"], r.Labels["op"], r.Connections}
		c := byKey[key]
		if c == nil {
			c = &cell{key: key, runs: map[string][]result.Run{}}
			byKey[key] = c
			rep.cells = append(rep.cells, c)
		}
		c.runs[target] = append(c.runs[target], r)
	}
	for i, c := range rep.cells {
		n := len(c.runs[direct])
		if n == 0 || len(c.runs[proxied]) != n || len(c.runs[floor]) != n {
			return nil, fmt.Errorf("%s: %d direct, %d proxied and %d floor run(s); every target needs the same number, at least one",
				c.key, n, len(c.runs[proxied]), len(c.runs[floor]))
		}
		if i == 0 {
			rep.runs = n
		} else if n != rep.runs {
			return nil, fmt.Errorf("%s has %d run(s) per target, %s has %d", c.key, n, rep.cells[0].key, rep.runs)
		}
	}
	return rep, nil
}

// median is the middle value, or the mean of the two middle values of an
// even count.
func median(values []float64) float64 {
	if len(values) == 0 {
		return math.NaN()
	}
	sorted := append([]float64(nil), values...)
	sort.Float64s(sorted)
	mid := len(sorted) / 2
	if len(sorted)%2 == 1 {
		return sorted[mid]
	}
	return (sorted[mid-1] + sorted[mid]) / 2
}

// roundTo rounds to the given number of decimals exactly as the tables
// print the number: every number is rounded so before anything is derived
// from it, so that a reader can redo a ratio from the printed values.
func roundTo(v float64, decimals int) float64 {
	r, err := strconv.ParseFloat(format(v, decimals), 64)
	if err != nil {
		return math.NaN()
	}
	return r
}

// ratio is a/b with two decimals, "-" when b is zero.
func ratio(a, b float64) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", a/b)
}

// field is one number of a run, printed with a fixed number of decimals.
type field struct {
	name     string
	decimals int
	get      func(result.Run) (float64, bool)
}

var (
	p50   = field{"p50", 2, func(r result.Run) (float64, bool) { return r.P50Milliseconds, true }}
	p99   = field{"p99", 2, func(r result.Run) (float64, bool) { return r.P99Milliseconds, true }}
	rps   = field{"req/s", 0, func(r result.Run) (float64, bool) { return r.RequestsPerSecond, true }}
	steal = field{"steal", 1, func(r result.Run) (float64, bool) {
		if r.StealPercent == nil {
			return 0, false
		}
		return *r.StealPercent, true
	}}
)

// cpu is the CPU µs per request of the process httpload -cpu named name.
func cpu(name string) field {
	return field{"cpu " + name, 0, func(r result.Run) (float64, bool) {
		v, ok := r.CPUMicrosecondsPerRequest[name]
		return v, ok
	}}
}

// destinations is what servers 1 and 2 together spent per request: server
// 3 spreads its proxied requests over both.
var destinations = field{"cpu s1+s2", 0, func(r result.Run) (float64, bool) {
	s1, ok1 := r.CPUMicrosecondsPerRequest["s1"]
	s2, ok2 := r.CPUMicrosecondsPerRequest["s2"]
	return roundTo(s1, 0) + roundTo(s2, 0), ok1 && ok2
}}

// table accumulates the first error, so that the row code reads like the
// table it prints.
type table struct {
	err error
}

// values are a field of runs, each rounded as printed.
func (t *table) values(c *cell, target string, f field) []float64 {
	var vs []float64
	for i, r := range c.runs[target] {
		v, ok := f.get(r)
		if !ok {
			if t.err == nil {
				t.err = fmt.Errorf("%s: %s run %d (%s) has no %s (httpload -cpu names s1, s2, s3, hf and etcd)", c.key, target, i+1, r.URL, f.name)
			}
			v = math.NaN()
		}
		vs = append(vs, roundTo(v, f.decimals))
	}
	return vs
}

// median is the median of a field of a target's runs, rounded as printed.
func (t *table) median(c *cell, target string, f field) float64 {
	return roundTo(median(t.values(c, target, f)), f.decimals)
}

func format(v float64, decimals int) string {
	return strconv.FormatFloat(v, 'f', decimals, 64)
}

// spread is the lowest and highest p50 ratio of a run's through-cell to the
// same run's direct cell: how far single runs spread.
func (t *table) spread(c *cell, through string) string {
	th, d := t.values(c, through, p50), t.values(c, direct, p50)
	var ratios []float64
	for i := range th {
		if d[i] == 0 {
			return "-"
		}
		ratios = append(ratios, roundTo(th[i]/d[i], 2))
	}
	sort.Float64s(ratios)
	return fmt.Sprintf("%.2f-%.2f×", ratios[0], ratios[len(ratios)-1])
}

// hopOverFloor is how many times the bare hop's added latency the proxied
// path adds: the part of the hop that is Kubernetes code rather than the
// machine's cost of any extra hop. "-" when the floor added nothing
// measurable, as a ratio would be noise.
func hopOverFloor(direct, proxied, floor float64) string {
	if floor-direct <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f×", (proxied-direct)/(floor-direct))
}

// The three tables, as hack/bench-peerproxy.sh prints them.
var tables = map[string]func(io.Writer, *report) error{
	"latency": latencyTable,
	"cpu":     cpuTable,
	"floor":   floorTable,
}

var tableOrder = []string{"latency", "cpu", "floor"}

func latencyTable(w io.Writer, rep *report) error {
	fmt.Fprintf(w, "# %s: median of %d run(s) of %v per cell, after %g s of warm-up each\n",
		rep.start.UTC().Format("2006-01-02T15:04:05Z"), rep.runs, rep.duration, rep.warmup.Seconds())
	fmt.Fprintf(w, "%-18s %-5s %5s | %-16s | %-16s | %-9s | %-11s | %-8s | %s\n", "binary", "op", "conns",
		"direct p50/p99", "proxied p50/p99", "p50 ratio", "single runs", "added ms", "req/s direct -> proxied (ratio)")
	var t table
	for _, c := range rep.cells {
		dp50, pp50 := t.median(c, direct, p50), t.median(c, proxied, p50)
		drps, prps := t.median(c, direct, rps), t.median(c, proxied, rps)
		fmt.Fprintf(w, "%-18s %-5s %5d | %7s / %6s | %7s / %6s | %8s× | %11s | %8s | %s -> %s (%s×)\n",
			c.key.binary, c.key.op, c.key.connections,
			format(dp50, 2), format(t.median(c, direct, p99), 2), format(pp50, 2), format(t.median(c, proxied, p99), 2),
			ratio(pp50, dp50), t.spread(c, proxied), format(pp50-dp50, 2), format(drps, 0), format(prps, 0), ratio(prps, drps))
	}
	return t.err
}

func cpuTable(w io.Writer, rep *report) error {
	fmt.Fprintln(w, "# CPU µs per request, medians: direct = server 1 and etcd; proxied = server 3 (the source), servers 1+2 (the")
	fmt.Fprintln(w, "# destinations) and etcd; hop = what the proxied path spends in kube-apiservers beyond the direct path;")
	fmt.Fprintln(w, "# steal = share of the machine's CPU time the hypervisor gave to others (direct/proxied): a busy host slows")
	fmt.Fprintln(w, "# every cell, so compare ratios from runs with similar steal")
	fmt.Fprintf(w, "%-18s %-5s %5s | %-16s | %-28s | %-32s | %s\n", "binary", "op", "conns",
		"direct srv/etcd", "proxied source/dest/etcd", "hop (source + dest - direct srv)", "steal % d/p")
	var t table
	for _, c := range rep.cells {
		dsrv, psrc, pdest := t.median(c, direct, cpu("s1")), t.median(c, proxied, cpu("s3")), t.median(c, proxied, destinations)
		fmt.Fprintf(w, "%-18s %-5s %5d | %7s / %6s | %8s / %8s / %6s | %32s | %s / %s\n",
			c.key.binary, c.key.op, c.key.connections,
			format(dsrv, 0), format(t.median(c, direct, cpu("etcd")), 0),
			format(psrc, 0), format(pdest, 0), format(t.median(c, proxied, cpu("etcd")), 0),
			format(psrc+pdest-dsrv, 0), format(t.median(c, direct, steal), 1), format(t.median(c, proxied, steal), 1))
	}
	return t.err
}

func floorTable(w io.Writer, rep *report) error {
	fmt.Fprintln(w, "# the floor: the same load through test/bench/hopfloor (mutual TLS, identity headers, one HTTP/2 connection,")
	fmt.Fprintln(w, "# no filter chain) in front of server 1 instead of through server 3; CPU µs per request: hopfloor / server 1;")
	fmt.Fprintln(w, "# proxied/floor added = the proxied cell's added ms over the floor's, medians")
	fmt.Fprintf(w, "%-18s %-5s %5s | %-16s | %-16s | %-9s | %-11s | %-8s | %-31s | %-18s | %-19s | %s\n", "binary", "op", "conns",
		"direct p50/p99", "floor p50/p99", "p50 ratio", "single runs", "added ms", "req/s direct -> floor (ratio)",
		"cpu hopfloor/srv", "proxied/floor added", "steal % d/f")
	var t table
	for _, c := range rep.cells {
		dp50, pp50, fp50 := t.median(c, direct, p50), t.median(c, proxied, p50), t.median(c, floor, p50)
		drps, frps := t.median(c, direct, rps), t.median(c, floor, rps)
		fmt.Fprintf(w, "%-18s %-5s %5d | %7s / %6s | %7s / %6s | %8s× | %11s | %8s | %s -> %s (%s×) | %7s / %8s | %19s | %s / %s\n",
			c.key.binary, c.key.op, c.key.connections,
			format(dp50, 2), format(t.median(c, direct, p99), 2), format(fp50, 2), format(t.median(c, floor, p99), 2),
			ratio(fp50, dp50), t.spread(c, floor), format(fp50-dp50, 2), format(drps, 0), format(frps, 0), ratio(frps, drps),
			format(t.median(c, floor, cpu("hf")), 0), format(t.median(c, floor, cpu("s1")), 0),
			hopOverFloor(dp50, pp50, fp50),
			format(t.median(c, direct, steal), 1), format(t.median(c, floor, steal), 1))
	}
	return t.err
}
