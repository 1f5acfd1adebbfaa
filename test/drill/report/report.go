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

// Package report prints a drill's history and the checker's verdicts the
// same way for every scenario: a table with a row per phase (so runs of two
// builds can be put side by side) and one per phase and request class, the
// timeline of what the nemesis and the components did, what became of the
// watches, dependents and the deleted namespace, the answers other than
// success, the verdicts and a summary line; and the same as JSON.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/checker"
	"github.com/kubecarry/kubecarry/test/drill/history"
)

// Document is the report as JSON.
type Document struct {
	Scenario   string                     `json:"scenario"`
	Title      string                     `json:"title"`
	Phases     []history.Phase            `json:"phases"`
	Events     []history.Event            `json:"events"`
	Totals     []checker.Stats            `json:"totals"`
	Stats      []checker.Stats            `json:"stats"`
	Watches    []history.Watch            `json:"watches,omitempty"`
	Dependents []history.Dependent        `json:"dependents"`
	Namespace  *history.NamespaceDeletion `json:"namespace,omitempty"`
	Verdicts   []checker.Verdict          `json:"verdicts"`
	Summary    string                     `json:"summary"`
	Notes      []string                   `json:"notes,omitempty"`
}

// NewDocument is the report of h with the checker's result.
func NewDocument(h *history.History, res checker.Result) *Document {
	return &Document{
		Scenario: h.Scenario, Title: h.Title, Phases: h.Phases, Events: h.Events,
		Totals: checker.PhaseTotals(h), Stats: checker.Summarize(h), Watches: h.Watches,
		Dependents: h.Dependents, Namespace: h.Namespace, Verdicts: res.Verdicts,
		Summary: Summary(h, res), Notes: h.Notes,
	}
}

// Save writes the document.
func (d *Document) Save(path string) error {
	data, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// Print writes the whole report.
func Print(w io.Writer, h *history.History, res checker.Result) {
	if h.Title != "" {
		fmt.Fprintf(w, "%s\n\n", h.Title)
	}
	Table(w, PhaseHeader, PhaseRows(h))
	fmt.Fprintln(w)
	table(w, ClassHeader, ClassRows(checker.Summarize(h)), 2)
	fmt.Fprintln(w)
	timeline(w, h)
	fmt.Fprintln(w)
	outcomes(w, h)
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
	for _, c := range checker.Dependents(h) {
		lost += c.Lost
		created += c.Created
	}
	counts := fmt.Sprintf("%d calls, %d dependents created, %d lost", len(h.Calls), created, lost)
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

// timeline lists the phases with what the nemesis and the components did
// in each, as offsets from the first phase's start.
func timeline(w io.Writer, h *history.History) {
	var origin time.Time
	if len(h.Phases) > 0 {
		origin = h.Phases[0].Start
	}
	offset := func(t time.Time) string { return fmt.Sprintf("%8s", fmt.Sprintf("+%.2fs", t.Sub(origin).Seconds())) }
	width := 0
	for _, p := range h.Phases {
		width = max(width, len(p.Name))
	}
	fmt.Fprintln(w, "Timeline:")
	for _, p := range h.Phases {
		// A phase that describes itself (an upgrade step) may inject its
		// fault later: then the fault is an event at its own time.
		what, faultInLine := p.Description, false
		if what == "" {
			what, faultInLine = p.Fault, p.Fault != ""
		}
		if what == "" {
			what = "observe"
		}
		fmt.Fprintf(w, "  %s %-*s %s\n", offset(p.Start), width, p.Name, what)
		for _, e := range h.Events {
			if e.Phase != p.Name || (faultInLine && e.Kind == history.EventFault && e.What == p.Fault) {
				continue
			}
			what := e.What
			if e.Took > 0 {
				what += fmt.Sprintf(" (after %.1fs)", e.Took.Seconds())
			}
			fmt.Fprintf(w, "  %s %-*s %s\n", offset(e.Time), width, "", what)
		}
		for _, c := range p.Counters {
			note := ""
			if c.MustNotGrow {
				note = " (must not grow)"
			}
			if c.Error != "" {
				note += " error: " + c.Error
			}
			fmt.Fprintf(w, "  %*s %-*s %s: %g -> %g%s\n", len(offset(origin)), "", width, "", c.Name, c.Start, c.End, note)
		}
	}
	if n := len(h.Phases); n > 0 && !h.Phases[n-1].End.IsZero() {
		fmt.Fprintf(w, "  %s end\n", offset(h.Phases[n-1].End))
	}
}

// outcomes says what became of the calls in flight at a freeze, the
// dependents, the watches, the namespace, and the answers other than
// success.
func outcomes(w io.Writer, h *history.History) {
	frozen := false
	for _, e := range h.Events {
		frozen = frozen || e.Freeze
	}
	if frozen {
		if c, e, ok := checker.InFlightAtFreeze(h); ok {
			fmt.Fprintf(w, "Worst latency of a call in flight when servers froze: %s (%s %s: %s; froze in %s)\n",
				checker.Seconds(c.Duration), c.Class, c.Object, outcome(c), e.Phase)
		} else {
			fmt.Fprintln(w, "Worst latency of a call in flight when servers froze: no call was in flight then")
		}
	}
	if line := deletions(h); line != "" {
		fmt.Fprintln(w, line)
	}
	byKind := map[string][2]int{}
	var kinds []string
	for _, d := range h.Dependents {
		if d.Control || !d.WasCreated() {
			continue
		}
		k := d.Kind + " owned by " + d.OwnerKind
		c, seen := byKind[k]
		if !seen {
			kinds = append(kinds, k)
		}
		c[0]++
		if d.Lost() {
			c[1]++
		}
		byKind[k] = c
	}
	var deps []string
	for _, k := range kinds {
		deps = append(deps, fmt.Sprintf("%s: %d created, %d deleted while their owner exists", k, byKind[k][0], byKind[k][1]))
	}
	fmt.Fprintf(w, "Dependents: %s\n", dash(strings.Join(deps, "; ")))
	if len(h.Watches) > 0 {
		var watches []string
		for _, x := range h.Watches {
			s := fmt.Sprintf("%s: %d events over %d streams, %d relists, %d missed, %d extra",
				x.Resource, x.Events, x.Starts, x.Relists, len(x.Missed), len(x.Extra))
			if x.Error != "" {
				s += " (" + x.Error + ")"
			}
			watches = append(watches, s)
		}
		fmt.Fprintf(w, "Watches: %s\n", strings.Join(watches, "; "))
	}
	if nd := h.Namespace; nd != nil && !nd.Requested.IsZero() {
		state := "gone after " + nd.Duration.Round(10*time.Millisecond).String()
		if !nd.Finished {
			state = "NOT gone after " + nd.Duration.Round(time.Second).String()
		}
		fmt.Fprintf(w, "Namespace %s (%s): %s, %d objects left in etcd\n", nd.Name, strings.Join(nd.Objects, ", "), state, len(nd.Leftover))
	}
	for _, n := range h.Notes {
		fmt.Fprintf(w, "Note: %s\n", n)
	}
	if answers := otherAnswers(h); len(answers) > 0 {
		fmt.Fprintln(w, "Answers other than success (count, class, phases, message):")
		for _, a := range answers {
			fmt.Fprintf(w, "  %-10s × %-4d %s in %s: %s\n", a.outcome, a.count, a.class, strings.Join(a.phases, ", "), a.message)
		}
	}
}

// deletions says in which phases the dependents that went were seen gone.
func deletions(h *history.History) string {
	counts := map[string]int{}
	var order []string
	for _, d := range h.Dependents {
		// Only what is gone at the end was deleted.
		if d.Control || !d.WasCreated() || d.Exists || d.FinalError != "" || d.Deleted.IsZero() {
			continue
		}
		p := h.PhaseAt(d.Deleted)
		if counts[p] == 0 {
			order = append(order, p)
		}
		counts[p]++
	}
	if len(order) == 0 {
		return ""
	}
	parts := make([]string, len(order))
	for i, p := range order {
		parts[i] = fmt.Sprintf("%s %d", p, counts[p])
	}
	return "Dependents seen deleted (a LIST every second), by phase: " + strings.Join(parts, ", ")
}

func outcome(c history.Call) string {
	if c.Code == history.NoAnswer {
		return "no answer"
	}
	return fmt.Sprint(c.Code)
}

type answerGroup struct {
	outcome, class, message string
	count                   int
	phases                  []string
	first                   int
}

// otherAnswers groups the failed calls by outcome, class and message (the
// object's name stripped), in order of first appearance.
func otherAnswers(h *history.History) []*answerGroup {
	groups := map[string]*answerGroup{}
	var order []*answerGroup
	for i, c := range h.Calls {
		if c.Succeeded() {
			continue
		}
		msg := c.Error
		if c.Object != "" {
			msg = strings.ReplaceAll(msg, c.Object, "<name>")
		}
		key := outcome(c) + "\x00" + c.Class + "\x00" + msg
		g, ok := groups[key]
		if !ok {
			g = &answerGroup{outcome: outcome(c), class: c.Class, message: msg, first: i}
			groups[key] = g
			order = append(order, g)
		}
		g.count++
		if p := h.PhaseAt(c.Start); len(g.phases) == 0 || g.phases[len(g.phases)-1] != p {
			g.phases = append(g.phases, p)
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return order[i].first < order[j].first })
	return order
}
