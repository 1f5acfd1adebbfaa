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

// Package checker reads a drill's history after the run and holds it to
// kubecarry's guarantees. Each guarantee is one named Check over the
// history, the same for every scenario that selects it: no 404 for an
// object that exists, failures only of the kinds a client retries, 503 only
// where no capable peer can answer, answers again soon after a fault ends,
// no dependent of a live owner deleted by the garbage collector (proven
// non-vacuous by control dependents it must delete), no watch event
// missed, a deleted namespace gone with nothing left, and checks that the
// run exercised what it claims to (every phase had traffic, the new
// release's resource was used).
package checker

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// Verdict is the outcome of one check.
type Verdict struct {
	Check  string `json:"check"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
}

// Result is every verdict of a history.
type Result struct {
	Verdicts []Verdict `json:"verdicts"`
}

// Passed says whether every check passed.
func (r Result) Passed() bool { return len(r.Failed()) == 0 }

// Failed lists the checks that failed.
func (r Result) Failed() []Verdict {
	var failed []Verdict
	for _, v := range r.Verdicts {
		if !v.OK {
			failed = append(failed, v)
		}
	}
	return failed
}

// Check is one guarantee: Verify gives one verdict, or one per phase or
// control dependent it applies to.
type Check struct {
	Name   string
	Verify func(h *history.History) []Verdict
}

// Run runs the checks on a history, in order.
func Run(h *history.History, checks []Check) Result {
	var res Result
	for _, c := range checks {
		res.Verdicts = append(res.Verdicts, c.Verify(h)...)
	}
	return res
}

func verdict(check string, ok bool, format string, args ...any) []Verdict {
	return []Verdict{{Check: check, OK: ok, Detail: fmt.Sprintf(format, args...)}}
}

// byPhase counts the calls that match per phase, as "phase n" parts.
func byPhase(h *history.History, match func(history.Call) bool) (int, []string, string) {
	counts := map[string]int{}
	var order []string
	total := 0
	example := ""
	for _, c := range h.Calls {
		if !match(c) {
			continue
		}
		p := h.PhaseAt(c.Start)
		if p == "" {
			continue
		}
		if counts[p] == 0 {
			order = append(order, p)
		}
		counts[p]++
		total++
		if example == "" {
			example = fmt.Sprintf("%s %s: %q", c.Class, c.Object, c.Error)
		}
	}
	parts := make([]string, len(order))
	for i, p := range order {
		parts[i] = fmt.Sprintf("%s %d", p, counts[p])
	}
	return total, parts, example
}

func countDetail(total int, what string, parts []string, example string) string {
	if total == 0 {
		return "none"
	}
	d := fmt.Sprintf("%d %s (%s)", total, what, strings.Join(parts, ", "))
	if example != "" {
		d += ": " + example
	}
	return d
}

// PhasesHadTraffic: every phase had a successful call, or the rest proves
// nothing about it.
var PhasesHadTraffic = Check{Name: "every phase had traffic", Verify: func(h *history.History) []Verdict {
	if len(h.Phases) == 0 {
		return verdict("every phase had traffic", false, "no phases recorded")
	}
	var idle []string
	for _, s := range PhaseTotals(h) {
		if s.OK == 0 {
			idle = append(idle, s.Phase)
		}
	}
	if len(idle) > 0 {
		return verdict("every phase had traffic", false, "no successful call in %s", strings.Join(idle, ", "))
	}
	return verdict("every phase had traffic", true, "all %d phases", len(h.Phases))
}}

// NoNotFoundForExisting: a 404 for an object that exists is data loss for
// whoever acts on it (the garbage collector deletes its dependents).
var NoNotFoundForExisting = Check{Name: "no 404 for an existing object", Verify: func(h *history.History) []Verdict {
	total, parts, example := byPhase(h, func(c history.Call) bool { return Classify(c) == KindNotFoundExisting })
	return verdict("no 404 for an existing object", total == 0, "%s", countDetail(total, "× 404", parts, example))
}}

// RetryableFailuresOnly: a client retries a 429 or 503 with Retry-After and
// a reset connection; every other failure reaches the program.
var RetryableFailuresOnly = Check{Name: "failures only 429/503 with Retry-After or a reset connection", Verify: func(h *history.History) []Verdict {
	retryable, _, _ := byPhase(h, func(c history.Call) bool {
		k := Classify(c)
		return k == KindRetryLater || k == KindConnection
	})
	other, parts, example := byPhase(h, func(c history.Call) bool {
		k := Classify(c)
		return k == KindTimeout || k == KindOther
	})
	return verdict("failures only 429/503 with Retry-After or a reset connection", other == 0,
		"%d retryable failures, %s", retryable, countDetail(other, "others", parts, example))
}}

// UnavailableOnlyWhereAllowed: a 503 only in the phases that allow it
// (every capable peer unavailable).
var UnavailableOnlyWhereAllowed = Check{Name: "no 503 outside the phases that allow it", Verify: func(h *history.History) []Verdict {
	allowed := map[string]bool{}
	var names []string
	for _, p := range h.Phases {
		if p.Allow503 {
			allowed[p.Name] = true
			names = append(names, p.Name)
		}
	}
	name := "no 503"
	if len(names) > 0 {
		name = "no 503 outside " + strings.Join(names, ", ")
	}
	total, parts, example := byPhase(h, func(c history.Call) bool {
		return c.Code == http.StatusServiceUnavailable && !allowed[h.PhaseAt(c.Start)]
	})
	return verdict(name, total == 0, "%s", countDetail(total, "× 503", parts, example))
}}

// UnavailableCarriesRetryAfter: a 503 without Retry-After is final to
// client-go; with it the client waits and tries again.
var UnavailableCarriesRetryAfter = Check{Name: "every 503 carries Retry-After", Verify: func(h *history.History) []Verdict {
	total, parts, _ := byPhase(h, func(c history.Call) bool {
		return c.Code == http.StatusServiceUnavailable && c.RetryAfter == ""
	})
	return verdict("every 503 carries Retry-After", total == 0, "%s", countDetail(total, "× 503 without Retry-After", parts, ""))
}}

// AnsweredWithinTimeout: a call the server never answers within the
// client's timeout is worse than a 503: the client cannot tell whether to
// retry.
var AnsweredWithinTimeout = Check{Name: "every call answered within the client timeout", Verify: func(h *history.History) []Verdict {
	total, parts, example := byPhase(h, func(c history.Call) bool { return c.Code == history.NoAnswer })
	return verdict("every call answered within the client timeout", total == 0, "%s", countDetail(total, "× no answer", parts, example))
}}

// RecoversAfterFaults: after each phase with RecoverWithin, every class
// that failed during it succeeds again within that time.
var RecoversAfterFaults = Check{Name: "a success soon after each fault ends", Verify: func(h *history.History) []Verdict {
	var out []Verdict
	for _, p := range h.Phases {
		if p.RecoverWithin == 0 {
			continue
		}
		check := fmt.Sprintf("a 200 within %s after %s ended", p.RecoverWithin, p.Name)
		if p.End.IsZero() {
			out = append(out, verdict(check, false, "the phase never ended")...)
			continue
		}
		failed := map[string]bool{}
		var classes []string
		for _, c := range h.Calls {
			if !c.Succeeded() && h.PhaseAt(c.Start) == p.Name && !failed[c.Class] {
				failed[c.Class] = true
				classes = append(classes, c.Class)
			}
		}
		if len(classes) == 0 {
			d, ok := FirstOKAfter(h, p.End, "")
			out = append(out, verdict(check, ok && d <= p.RecoverWithin, "nothing failed during it; first 200 after %s", seconds(d, ok))...)
			continue
		}
		var parts []string
		ok := true
		for _, class := range classes {
			d, found := FirstOKAfter(h, p.End, class)
			ok = ok && found && d <= p.RecoverWithin
			parts = append(parts, fmt.Sprintf("%s after %s", class, seconds(d, found)))
		}
		out = append(out, verdict(check, ok, "first 200 of each class that failed during it: %s", strings.Join(parts, ", "))...)
	}
	return out
}}

func seconds(d time.Duration, found bool) string {
	if !found {
		return "none"
	}
	return Seconds(d)
}

// CountersHeld: a counter the nemesis read must not have grown where the
// scenario says so (a partition that let traffic through proves nothing).
var CountersHeld = Check{Name: "counters held", Verify: func(h *history.History) []Verdict {
	var out []Verdict
	for _, p := range h.Phases {
		for _, c := range p.Counters {
			if !c.MustNotGrow {
				continue
			}
			check := fmt.Sprintf("%s did not grow during %s", c.Name, p.Name)
			if c.Error != "" {
				out = append(out, verdict(check, false, "could not read it: %s", c.Error)...)
				continue
			}
			out = append(out, verdict(check, c.End <= c.Start, "%g -> %g", c.Start, c.End)...)
		}
	}
	return out
}}

// ControlsCollected: the garbage collector deleted every control dependent
// (of an owner that never existed), so it was collecting all along.
var ControlsCollected = Check{Name: "the garbage collector deleted the control dependents", Verify: func(h *history.History) []Verdict {
	var out []Verdict
	for _, d := range h.Dependents {
		if !d.Control {
			continue
		}
		check := fmt.Sprintf("the garbage collector deleted control dependent %s (%s)", d.Name, d.Phase)
		switch {
		case !d.WasCreated():
			out = append(out, verdict(check, false, "creating it failed: %s", d.CreateError)...)
		case d.Deleted.IsZero():
			out = append(out, verdict(check, false, "still in storage after %s: the garbage collector was not collecting, so \"no dependent lost\" proves nothing", d.Waited)...)
		default:
			out = append(out, verdict(check, true, "after %s", Seconds(d.Deleted.Sub(d.Created)))...)
		}
	}
	if len(out) == 0 {
		return verdict("the garbage collector deleted a control dependent", false, "no control dependent was created")
	}
	return out
}}

// NoDependentLost: no dependent deleted while its owner exists, and every
// dependent's fate known.
var NoDependentLost = Check{Name: "no dependent of a live owner deleted", Verify: func(h *history.History) []Verdict {
	var lost, ownerGone, unknown []string
	created := 0
	for _, d := range h.Dependents {
		if d.Control || !d.WasCreated() {
			continue
		}
		created++
		name := fmt.Sprintf("%s %s (owner %s %s, created in %s)", d.Kind, d.Name, d.OwnerKind, d.Owner, d.Phase)
		switch {
		case d.FinalError != "":
			unknown = append(unknown, name+": "+d.FinalError)
		case d.Lost():
			lost = append(lost, name)
		case !d.OwnerExists:
			ownerGone = append(ownerGone, name)
		}
	}
	ok := created > 0 && len(lost) == 0 && len(ownerGone) == 0 && len(unknown) == 0
	return verdict("no dependent of a live owner deleted", ok, "%d of %d lost%s; %d owners missing%s; %d unreadable%s",
		len(lost), created, firstFew(lost), len(ownerGone), firstFew(ownerGone), len(unknown), firstFew(unknown))
}}

// NoWatchEventMissed: every watcher's view ends equal to a LIST.
var NoWatchEventMissed = Check{Name: "no watch event missed", Verify: func(h *history.History) []Verdict {
	var missed []string
	for _, w := range h.Watches {
		switch {
		case w.Error != "":
			missed = append(missed, w.Resource+": "+w.Error)
		case len(w.Missed)+len(w.Extra) > 0:
			missed = append(missed, fmt.Sprintf("%s: %d missed, %d extra", w.Resource, len(w.Missed), len(w.Extra)))
		}
	}
	return verdict("no watch event missed", len(missed) == 0 && len(h.Watches) > 0, "%d watchers%s", len(h.Watches), firstFew(missed))
}}

// NamespaceDeleted: the deleted namespace is gone within bound and storage
// holds nothing of it.
func NamespaceDeleted(bound time.Duration) Check {
	const name = "namespace deleted, nothing left"
	return Check{Name: name, Verify: func(h *history.History) []Verdict {
		nd := h.Namespace
		if nd == nil || nd.Requested.IsZero() {
			return verdict(name, false, "the namespace deletion never ran")
		}
		ok := nd.Finished && nd.Duration <= bound && len(nd.Leftover) == 0
		detail := fmt.Sprintf("%s in %s (bound %s), %d keys left in etcd%s", nd.Name, nd.Duration.Round(10*time.Millisecond), bound, len(nd.Leftover), firstFew(nd.Leftover))
		if nd.Error != "" {
			detail += "; " + nd.Error
		}
		return verdict(name, ok, "%s", detail)
	}}
}

// ResourceUsed: the workload found a resource only the new release serves
// (history.NewResource), created dependents of its objects and read them
// successfully with calls of class.
func ResourceUsed(class string) Check {
	const name = "the new release's resource was used"
	return Check{Name: name, Verify: func(h *history.History) []Verdict {
		if h.NewResource == nil {
			return verdict(name, false, "no resource only the new release serves was found (see the notes)")
		}
		reads, dependents := 0, 0
		for _, c := range h.Calls {
			if c.Class == class && c.Succeeded() {
				reads++
			}
		}
		for _, d := range h.Dependents {
			if d.OwnerKind == h.NewResource.Kind && d.WasCreated() {
				dependents++
			}
		}
		return verdict(name, reads > 0 && dependents > 0, "%s %s: %d successful %s, %d dependents of a %s",
			h.NewResource.APIVersion, h.NewResource.Resource, reads, class, dependents, h.NewResource.Kind)
	}}
}

func firstFew(items []string) string {
	if len(items) == 0 {
		return ""
	}
	const n = 5
	more := ""
	if len(items) > n {
		more = fmt.Sprintf("; %d more", len(items)-n)
		items = items[:n]
	}
	return ": " + strings.Join(items, "; ") + more
}
