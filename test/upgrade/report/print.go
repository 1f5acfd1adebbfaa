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
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/report"
	"github.com/kubecarry/kubecarry/test/upgrade/history"
)

// Document is the report as JSON.
type Document struct {
	Title      string                     `json:"title"`
	Timeline   *Timeline                  `json:"timeline"`
	Stats      []Stats                    `json:"stats"`
	Watches    []history.Watch            `json:"watches"`
	Dependents []history.Dependent        `json:"dependents"`
	Namespace  *history.NamespaceDeletion `json:"namespace,omitempty"`
	Verdicts   []Verdict                  `json:"verdicts"`
	Notes      []string                   `json:"notes,omitempty"`
}

// Save writes the document.
func (d *Document) Save(path string) error {
	data, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// Header is the main table's header row.
var Header = []string{"step", "class", "calls", "failed", "404 existing", "429/503 Retry-After",
	"conn reset", "timeout", "other", "retried inside", "p50", "p99"}

// Rows is the main table: one row per step and class.
func Rows(stats []Stats) [][]string {
	rows := make([][]string, 0, len(stats))
	for _, s := range stats {
		rows = append(rows, []string{s.Step, s.Class, fmt.Sprint(s.Calls), fmt.Sprint(s.Failures()),
			fmt.Sprint(s.NotFoundExisting), fmt.Sprint(s.RetryLater), fmt.Sprint(s.ConnectionErrors),
			fmt.Sprint(s.Timeouts), dash(s.OtherText()), fmt.Sprint(s.Retried), ms(s.P50), ms(s.P99)})
	}
	return rows
}

// TotalsHeader is the short table's header row.
var TotalsHeader = []string{"step", "calls", "failed", "404 existing", "429/503 Retry-After",
	"conn reset", "timeout", "other", "retried inside", "worst p99"}

// TotalsRows is the short table: one row per step, all classes added up.
func TotalsRows(totals []Stats) [][]string {
	rows := make([][]string, 0, len(totals))
	for _, r := range Rows(totals) {
		// Rows' columns without class and p50.
		rows = append(rows, append(append([]string{r[0]}, r[2:10]...), r[11]))
	}
	return rows
}

// Print writes the report: steps, the short table and the one per class, watches, dependents, the
// namespace deletion, readiness times and the verdicts.
func Print(w io.Writer, d *Document) {
	fmt.Fprintf(w, "%s\n\n", d.Title)
	for _, s := range d.Timeline.Steps {
		fmt.Fprintf(w, "- %s (%s): %s\n", s.Name, s.End.Sub(s.Start).Round(time.Second), s.Description)
	}
	for _, e := range d.Timeline.Events {
		fmt.Fprintf(w, "- during %s: %s\n", e.Step, e.What)
	}
	fmt.Fprintln(w)
	report.Table(w, TotalsHeader, TotalsRows(Totals(d.Stats)))
	fmt.Fprintln(w)
	report.Table(w, Header, Rows(d.Stats))
	fmt.Fprintln(w)

	var watches []string
	for _, x := range d.Watches {
		s := fmt.Sprintf("%s: %d events over %d streams, %d relists, %d missed, %d extra",
			x.Resource, x.Events, x.Starts, x.Relists, len(x.Missed), len(x.Extra))
		if x.Error != "" {
			s += " (" + x.Error + ")"
		}
		watches = append(watches, s)
	}
	fmt.Fprintf(w, "watches: %s\n", strings.Join(watches, "; "))

	byKind := map[string][2]int{}
	var kinds []string
	for _, dep := range d.Dependents {
		c, seen := byKind[dep.Kind+" owned by "+dep.OwnerKind]
		if !seen {
			kinds = append(kinds, dep.Kind+" owned by "+dep.OwnerKind)
		}
		c[0]++
		if dep.OwnerExists && !dep.Exists {
			c[1]++
		}
		byKind[dep.Kind+" owned by "+dep.OwnerKind] = c
	}
	var deps []string
	for _, k := range kinds {
		deps = append(deps, fmt.Sprintf("%s: %d created, %d deleted while their owner exists", k, byKind[k][0], byKind[k][1]))
	}
	fmt.Fprintf(w, "dependents: %s\n", dash(strings.Join(deps, "; ")))

	if nd := d.Namespace; nd != nil && !nd.Requested.IsZero() {
		state := "gone after " + nd.Duration.Round(10*time.Millisecond).String()
		if !nd.Finished {
			state = "NOT gone after " + nd.Duration.Round(time.Second).String()
		}
		fmt.Fprintf(w, "namespace %s (%s): %s, %d objects left in etcd\n", nd.Name, strings.Join(nd.Objects, ", "), state, len(nd.Leftover))
	}
	var ready []string
	for _, r := range d.Timeline.Ready {
		ready = append(ready, fmt.Sprintf("%s %.1fs", r.Component, r.Took.Seconds()))
	}
	fmt.Fprintf(w, "ready after start: %s\n", dash(strings.Join(ready, ", ")))
	for _, n := range d.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	fmt.Fprintln(w)
	for _, v := range d.Verdicts {
		mark := "PASS"
		if !v.OK {
			mark = "FAIL"
		}
		fmt.Fprintf(w, "%s  %s: %s\n", mark, v.Check, v.Detail)
	}
}

func ms(d time.Duration) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%dms", d.Milliseconds())
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
