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

// Package report prints a drill's history as one table, a row per phase, so
// runs of two builds can be put side by side, followed by what the nemesis
// did when, the answers other than 200, and the checker's verdicts.
package report

import (
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/checker"
	"github.com/kubecarry/kubecarry/test/drill/history"
)

// Header is the table's header row.
var Header = []string{"phase", "requests", "200", "503 (with Retry-After)", "404", "other", "no answer",
	"worst latency", "first 200 after phase end", "dependents created", "dependents lost"}

// Rows is the table's body: one row per phase.
func Rows(stats []checker.PhaseStats) [][]string {
	rows := make([][]string, 0, len(stats))
	for _, s := range stats {
		unavailable := fmt.Sprint(s.Unavailable)
		if s.Unavailable > 0 {
			unavailable = fmt.Sprintf("%d (%d)", s.Unavailable, s.UnavailableRetryAfter)
		}
		other := fmt.Sprint(s.Other)
		if s.Other > 0 {
			codes := make([]string, len(s.OtherCodes))
			for i, c := range s.OtherCodes {
				codes[i] = fmt.Sprint(c)
			}
			other = fmt.Sprintf("%d (%s)", s.Other, strings.Join(codes, ", "))
		}
		worst := "-"
		if s.Requests > 0 {
			worst = checker.Seconds(s.Worst)
		}
		// Only the end of a fault says something about recovery.
		first := "-"
		if s.Phase.Fault != "" {
			first = "none"
			if s.HasFirstOK {
				first = checker.Seconds(s.FirstOKAfterEnd)
			}
		}
		lost := fmt.Sprint(s.DependentsLost)
		if s.DependentsUnknown > 0 {
			lost += fmt.Sprintf(" (+%d unreadable)", s.DependentsUnknown)
		}
		rows = append(rows, []string{s.Phase.Name, fmt.Sprint(s.Requests), fmt.Sprint(s.OK), unavailable,
			fmt.Sprint(s.NotFound), other, fmt.Sprint(s.NoAnswer), worst, first,
			fmt.Sprint(s.DependentsCreated), lost})
	}
	return rows
}

// Table writes header and rows as an aligned Markdown table.
func Table(w io.Writer, header []string, rows [][]string) {
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
			if i == 0 {
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

// Print writes the whole report.
func Print(w io.Writer, h *history.History, res checker.Result) {
	stats := checker.Stats(h)
	if h.Title != "" {
		fmt.Fprintln(w, h.Title)
		fmt.Fprintln(w)
	}
	Table(w, Header, Rows(stats))
	fmt.Fprintln(w)

	var origin time.Time
	if len(h.Phases) > 0 {
		origin = h.Phases[0].Start
	}
	offset := func(t time.Time) string { return fmt.Sprintf("%8s", fmt.Sprintf("+%.2fs", t.Sub(origin).Seconds())) }
	fmt.Fprintln(w, "Timeline:")
	for _, p := range h.Phases {
		what := p.Fault
		if what == "" {
			what = "observe"
		}
		fmt.Fprintf(w, "  %s %-*s %s\n", offset(p.Start), phaseWidth(h), p.Name, what)
		for _, e := range h.Events {
			if e.Phase == p.Name && e.What != p.Fault {
				fmt.Fprintf(w, "  %s %-*s %s\n", offset(e.Time), phaseWidth(h), "", e.What)
			}
		}
		for _, c := range p.Counters {
			note := ""
			if c.MustNotGrow {
				note = " (must not grow)"
			}
			if c.Error != "" {
				note += " error: " + c.Error
			}
			fmt.Fprintf(w, "  %*s %-*s %s: %g -> %g%s\n", len(offset(origin)), "", phaseWidth(h), "", c.Name, c.Start, c.End, note)
		}
	}
	if len(h.Phases) > 0 && !h.Phases[len(h.Phases)-1].End.IsZero() {
		fmt.Fprintf(w, "  %s end\n", offset(h.Phases[len(h.Phases)-1].End))
	}
	fmt.Fprintln(w)

	if r, e, ok := checker.InFlightAtFreeze(h); ok {
		fmt.Fprintf(w, "Worst latency of a request in flight when peers froze: %s (%s; froze at %s in %s)\n",
			checker.Seconds(r.Duration), outcome(r), offset(e.Time), e.Phase)
	} else {
		fmt.Fprintln(w, "Worst latency of a request in flight when peers froze: no request was in flight then")
	}
	if line := deletions(h, offset); line != "" {
		fmt.Fprintln(w, line)
	}
	answers := otherAnswers(h)
	if len(answers) > 0 {
		fmt.Fprintln(w, "Answers other than 200 (count, phases, message):")
		for _, a := range answers {
			fmt.Fprintf(w, "  %-10s × %-4d %s: %s\n", a.outcome, a.count, strings.Join(a.phases, ", "), a.message)
		}
	}
	fmt.Fprintln(w)

	for _, v := range res.Verdicts {
		mark := "ok  "
		if !v.OK {
			mark = "FAIL"
		}
		fmt.Fprintf(w, "%s %s: %s\n", mark, v.Check, v.Detail)
	}
	fmt.Fprintln(w, Summary(h, res))
}

// Summary is the report's last line.
func Summary(h *history.History, res checker.Result) string {
	var lost, created int
	for _, s := range checker.Stats(h) {
		lost += s.DependentsLost
		created += s.DependentsCreated
	}
	counts := fmt.Sprintf("%d requests, %d dependents created, %d lost", len(h.Requests), created, lost)
	failed := res.Failed()
	if len(failed) == 0 {
		return fmt.Sprintf("PASS: all %d checks passed (%s)", len(res.Verdicts), counts)
	}
	names := make([]string, len(failed))
	for i, v := range failed {
		names[i] = v.Check
	}
	return fmt.Sprintf("FAIL: %d of %d checks failed: %s (%s)", len(failed), len(res.Verdicts), strings.Join(names, "; "), counts)
}

// deletions says in which phases the dependents that went were seen gone.
func deletions(h *history.History, offset func(time.Time) string) string {
	type span struct {
		n           int
		first, last time.Time
	}
	spans := map[string]*span{}
	var order []string
	after := 0
	for _, d := range h.Dependents {
		// Only what is gone at the end was deleted.
		if d.Control || d.CreateCode != http.StatusCreated || d.FinalCode != http.StatusNotFound {
			continue
		}
		if d.Deleted.IsZero() {
			after++
			continue
		}
		p := h.PhaseAt(d.Deleted)
		s, ok := spans[p]
		if !ok {
			s = &span{first: d.Deleted, last: d.Deleted}
			spans[p] = s
			order = append(order, p)
		}
		s.n++
		if d.Deleted.Before(s.first) {
			s.first = d.Deleted
		}
		if d.Deleted.After(s.last) {
			s.last = d.Deleted
		}
	}
	if len(order) == 0 && after == 0 {
		return ""
	}
	var parts []string
	for _, p := range order {
		s := spans[p]
		parts = append(parts, fmt.Sprintf("%s %d (%s .. %s)", p, s.n, strings.TrimSpace(offset(s.first)), strings.TrimSpace(offset(s.last))))
	}
	if after > 0 {
		parts = append(parts, fmt.Sprintf("after the last phase %d", after))
	}
	return "Dependents of live Jobs seen deleted (a LIST every second), by phase: " + strings.Join(parts, ", ")
}

func phaseWidth(h *history.History) int {
	w := 0
	for _, p := range h.Phases {
		w = max(w, len(p.Name))
	}
	return w
}

func outcome(r history.Request) string {
	if r.Code == history.NoAnswer {
		return "no answer"
	}
	return fmt.Sprint(r.Code)
}

type answerGroup struct {
	outcome string
	message string
	count   int
	phases  []string
	first   int
}

// otherAnswers groups the answers other than 200 by outcome and message
// (Job names and client-side timing stripped), in order of first
// appearance.
func otherAnswers(h *history.History) []*answerGroup {
	groups := map[string]*answerGroup{}
	var order []*answerGroup
	for i, r := range h.Requests {
		if r.Code == http.StatusOK {
			continue
		}
		msg := strings.ReplaceAll(r.Message, r.Job, "<job>")
		key := outcome(r) + "\x00" + msg
		g, ok := groups[key]
		if !ok {
			g = &answerGroup{outcome: outcome(r), message: msg, first: i}
			groups[key] = g
			order = append(order, g)
		}
		g.count++
		if len(g.phases) == 0 || g.phases[len(g.phases)-1] != r.Phase {
			g.phases = append(g.phases, r.Phase)
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return order[i].first < order[j].first })
	return order
}
