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
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/checker"
	"github.com/kubecarry/kubecarry/test/drill/history"
)

// PhaseHeader is the phase table's header row.
var PhaseHeader = []string{"phase", "calls", "ok", "404 existing", "429/503 Retry-After", "conn reset", "timeout",
	"other", "retried inside", "p99", "worst", "first ok after fault", "dependents created", "dependents lost"}

// PhaseRows is the phase table: one row per phase, every class added up.
func PhaseRows(h *history.History) [][]string {
	deps := checker.Dependents(h)
	var rows [][]string
	for i, s := range checker.PhaseTotals(h) {
		p := h.Phases[i]
		// Only the end of a fault says something about recovery.
		first := "-"
		if p.Fault != "" && !p.End.IsZero() {
			first = "none"
			if d, ok := checker.FirstOKAfter(h, p.End, ""); ok {
				first = checker.Seconds(d)
			}
		}
		d := deps[p.Name]
		lost := fmt.Sprint(d.Lost)
		if d.Unknown > 0 {
			lost += fmt.Sprintf(" (+%d unreadable)", d.Unknown)
		}
		rows = append(rows, []string{p.Name, fmt.Sprint(s.Calls), fmt.Sprint(s.OK), fmt.Sprint(s.NotFoundExisting),
			fmt.Sprint(s.RetryLater), fmt.Sprint(s.ConnectionErrors), fmt.Sprint(s.Timeouts), dash(s.OtherText()),
			fmt.Sprint(s.Retried), ms(s.P99), ms(s.Worst), first, fmt.Sprint(d.Created), lost})
	}
	return rows
}

// ClassHeader is the class table's header row.
var ClassHeader = []string{"phase", "class", "calls", "failed", "404 existing", "429/503 Retry-After",
	"conn reset", "timeout", "other", "retried inside", "p50", "p99"}

// ClassRows is the class table: one row per phase and request class.
func ClassRows(stats []checker.Stats) [][]string {
	rows := make([][]string, 0, len(stats))
	for _, s := range stats {
		rows = append(rows, []string{s.Phase, s.Class, fmt.Sprint(s.Calls), fmt.Sprint(s.Failures()),
			fmt.Sprint(s.NotFoundExisting), fmt.Sprint(s.RetryLater), fmt.Sprint(s.ConnectionErrors),
			fmt.Sprint(s.Timeouts), dash(s.OtherText()), fmt.Sprint(s.Retried), ms(s.P50), ms(s.P99)})
	}
	return rows
}

// Table writes header and rows as an aligned Markdown table: the first
// column (a name) left-aligned, the numbers right-aligned.
func Table(w io.Writer, header []string, rows [][]string) { table(w, header, rows, 1) }

// table is Table with the first names columns left-aligned.
func table(w io.Writer, header []string, rows [][]string, names int) {
	widths := make([]int, len(header))
	for i, h := range header {
		widths[i] = len(h)
	}
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], len(cell))
		}
	}
	line := func(cells []string) {
		var sb strings.Builder
		sb.WriteString("|")
		for i, c := range cells {
			if i < names {
				fmt.Fprintf(&sb, " %-*s |", widths[i], c)
			} else {
				fmt.Fprintf(&sb, " %*s |", widths[i], c)
			}
		}
		fmt.Fprintln(w, sb.String())
	}
	line(header)
	sep := "|"
	for _, width := range widths {
		sep += strings.Repeat("-", width+2) + "|"
	}
	fmt.Fprintln(w, sep)
	for _, row := range rows {
		line(row)
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
