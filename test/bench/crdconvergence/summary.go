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
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

// A p99 over 50 samples is the slowest sample, and with a thousand CRDs on
// a few cores the slowest sample of two runs of one binary can differ by an
// order of magnitude. So a cell (binary, servers, background CRDs) is
// decided over repeated runs: -summarize reads the JSON lines of any number
// of runs and gives, per cell, the median and the range of each run's
// figures, and the percentiles of all the cell's samples pooled.

// cell is the runs of one binary at one size.
type cell struct {
	label      string
	frozen     string
	servers    int
	background int
	runs       []*report
}

// readReports reads the JSON lines -json appended, from every file.
func readReports(files []string) ([]*report, error) {
	var out []*report
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		scanner := bufio.NewScanner(f)
		scanner.Buffer(make([]byte, 0, 1<<20), 64<<20)
		for line := 1; scanner.Scan(); line++ {
			if strings.TrimSpace(scanner.Text()) == "" {
				continue
			}
			r := &report{}
			if err := json.Unmarshal(scanner.Bytes(), r); err != nil {
				_ = f.Close()
				return nil, fmt.Errorf("%s:%d: not a run's JSON line: %w", name, line, err)
			}
			out = append(out, r)
		}
		err = scanner.Err()
		_ = f.Close()
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", name, err)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no runs in %s", strings.Join(files, ", "))
	}
	return out, nil
}

// cells groups the runs by binary and size, in the order they first
// appear, with the sizes ascending.
func cells(reports []*report) []*cell {
	var out []*cell
	index := map[string]*cell{}
	for _, r := range reports {
		key := fmt.Sprintf("%s/%s/%d/%d", r.Label, r.Frozen, r.Servers, r.Background)
		c := index[key]
		if c == nil {
			c = &cell{label: r.Label, frozen: r.Frozen, servers: r.Servers, background: r.Background}
			index[key] = c
			out = append(out, c)
		}
		c.runs = append(c.runs, r)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].servers != out[j].servers {
			return out[i].servers < out[j].servers
		}
		return out[i].background < out[j].background
	})
	return out
}

// bound is a figure that is only a lower bound when a sample behind it
// timed out.
type bound struct {
	value   float64
	atLeast bool
}

func (b bound) format(unit string) string {
	s := fmt.Sprintf("%.2f%s", b.value, unit)
	if b.atLeast {
		return "≥ " + s
	}
	return s
}

// spread is the median, minimum and maximum of one figure over runs.
type spread struct {
	median, min, max bound
	runs             int
}

func spreadOf(values []bound) spread {
	if len(values) == 0 {
		return spread{}
	}
	s := append([]bound(nil), values...)
	sort.SliceStable(s, func(i, j int) bool { return s[i].value < s[j].value })
	n := len(s)
	median := s[n/2]
	if n%2 == 0 {
		lo, hi := s[n/2-1], s[n/2]
		median = bound{(lo.value + hi.value) / 2, lo.atLeast || hi.atLeast}
	}
	return spread{median: median, min: s[0], max: s[n-1], runs: n}
}

func (s spread) format(unit string) string {
	if s.runs == 0 {
		return "-"
	}
	if s.runs == 1 {
		return s.median.format(unit)
	}
	return fmt.Sprintf("%s (%s–%s)", s.median.format(unit), s.min.format(""), s.max.format(""))
}

// figure is one column of the summary: its value in one run, if the run
// has it.
type figure struct {
	title string
	unit  string
	of    func(r *report) (bound, bool)
}

var summaryFigures = []figure{
	{"usable p99", "s", convergenceFigure("usable", "P99")},
	{"listed p99", "s", convergenceFigure("listed", "P99")},
	{"gone p99", "s", convergenceFigure("gone", "P99")},
	{"unlisted p99", "s", convergenceFigure("unlisted", "P99")},
	{"usable p50", "s", convergenceFigure("usable", "P50")},
	{"burst usable", "s", func(r *report) (bound, bool) {
		return bound{r.BurstUsableSeconds, r.TimedOut["burstUsable"] > 0}, r.Burst > 0
	}},
	{"burst gone", "s", func(r *report) (bound, bool) {
		return bound{r.BurstGoneSeconds, r.TimedOut["burstGone"] > 0}, r.Burst > 0
	}},
	{"merged ÷ nopeer p50", "", func(r *report) (bound, bool) {
		var ratios []bound
		for _, m := range r.Discovery {
			if m.Profile != "merged" {
				continue
			}
			for _, n := range r.Discovery {
				if n.Profile == "nopeer" && n.Server == m.Server && n.Connections == m.Connections && n.P50Millis > 0 {
					ratios = append(ratios, bound{value: m.P50Millis / n.P50Millis})
				}
			}
		}
		return spreadOf(ratios).median, len(ratios) > 0
	}},
	{"proxied ÷ direct GET p50", "", func(r *report) (bound, bool) {
		var proxied, direct float64
		for _, p := range r.Proxied {
			if p.Verb != "get" {
				continue
			}
			switch p.Route {
			case "proxied":
				proxied = p.P50Millis
			case "direct":
				direct = p.P50Millis
			}
		}
		return bound{value: proxied / direct}, proxied > 0 && direct > 0
	}},
}

func convergenceFigure(event, percentile string) func(r *report) (bound, bool) {
	return func(r *report) (bound, bool) {
		v, ok := r.Convergence[event+percentile]
		// A timed-out sample counts as the bound, so a p99 (the slowest
		// of 50) is a lower bound when any sample timed out.
		return bound{v, percentile == "P99" && r.TimedOut[event] > 0}, ok
	}
}

// pooledP99 is the p99 of every run's samples of event together, when
// every run recorded them.
func (c *cell) pooledP99(event string) (bound, bool) {
	var all []float64
	timedOut := 0
	for _, r := range c.runs {
		samples, ok := r.ConvergenceSamples[event]
		if !ok {
			return bound{}, false
		}
		all = append(all, samples...)
		timedOut += r.TimedOut[event]
	}
	if len(all) == 0 {
		return bound{}, false
	}
	// The timed-out samples are the largest (they count as the bound), so
	// the p99 is one of them when they reach its rank.
	return bound{percentile(all, 99), timedOut > len(all)-percentileRank(len(all), 99)}, true
}

// summaryMarkdown is one table: a row per cell, the median (and the range
// over the runs) of every figure.
func summaryMarkdown(cs []*cell) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n| binary | servers | CRDs | runs |")
	for _, f := range summaryFigures {
		fmt.Fprintf(&b, " %s |", f.title)
	}
	fmt.Fprintf(&b, " usable p99, all samples | listed p99, all samples |\n|---|---|---|---|%s---|---|\n", strings.Repeat("---|", len(summaryFigures)))
	for _, c := range cs {
		label := c.label
		if c.frozen != "" {
			label += " (" + c.frozen + " frozen)"
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d |", label, c.servers, c.background, len(c.runs))
		for _, f := range summaryFigures {
			var values []bound
			for _, r := range c.runs {
				if v, ok := f.of(r); ok {
					values = append(values, v)
				}
			}
			fmt.Fprintf(&b, " %s |", spreadOf(values).format(f.unit))
		}
		for _, event := range []string{"usable", "listed"} {
			pooled := "-"
			if p, ok := c.pooledP99(event); ok {
				pooled = p.format("s")
			}
			fmt.Fprintf(&b, " %s |", pooled)
		}
		b.WriteString("\n")
	}
	b.WriteString("\nEach figure: the median over the runs (the lowest and highest run in brackets); ≥: a sample behind it timed out.\n")
	return b.String()
}

// summarize prints the summary of the runs in files.
func summarize(files []string) error {
	reports, err := readReports(files)
	if err != nil {
		return err
	}
	fmt.Print(summaryMarkdown(cells(reports)))
	return nil
}
