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

// Package checker reads a drill's history after the run and decides, per
// acceptance criterion, whether the server under test behaved: no 404 for a
// Job that exists, 503 only while no capable peer can answer, answers again
// soon after each fault ends, and no dependent of a live owner deleted by
// the garbage collector (proven non-vacuous by a control dependent the
// collector must delete).
package checker

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// Verdict is the outcome of one check.
type Verdict struct {
	Check  string
	OK     bool
	Detail string
}

// Result is every verdict of a history.
type Result struct {
	Verdicts []Verdict
}

// Passed says whether every check passed.
func (r Result) Passed() bool {
	for _, v := range r.Verdicts {
		if !v.OK {
			return false
		}
	}
	return true
}

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

// PhaseStats summarises a phase's requests and dependents.
type PhaseStats struct {
	Phase       history.Phase
	Requests    int
	OK          int
	Unavailable int // 503
	// UnavailableRetryAfter counts the 503s that carried Retry-After.
	UnavailableRetryAfter int
	NotFound              int
	Other                 int
	OtherCodes            []int
	NoAnswer              int
	Worst                 time.Duration
	// FirstOKAfterEnd is the time from the phase's end to the first 200
	// answered after it; HasFirstOK is false when none came.
	FirstOKAfterEnd   time.Duration
	HasFirstOK        bool
	DependentsCreated int
	DependentsLost    int
	// DependentsUnknown are dependents whose final read failed.
	DependentsUnknown int
}

// Stats computes the per-phase summary, in phase order. Requests and
// dependents belong to the phase they started in.
func Stats(h *history.History) []PhaseStats {
	stats := make([]PhaseStats, len(h.Phases))
	index := map[string]int{}
	for i, p := range h.Phases {
		stats[i].Phase = p
		index[p.Name] = i
	}
	for _, r := range h.Requests {
		i, ok := index[r.Phase]
		if !ok {
			continue
		}
		s := &stats[i]
		s.Requests++
		switch r.Code {
		case http.StatusOK:
			s.OK++
		case http.StatusServiceUnavailable:
			s.Unavailable++
			if r.RetryAfter != "" {
				s.UnavailableRetryAfter++
			}
		case http.StatusNotFound:
			s.NotFound++
		case history.NoAnswer:
			s.NoAnswer++
		default:
			s.Other++
			if !containsInt(s.OtherCodes, r.Code) {
				s.OtherCodes = append(s.OtherCodes, r.Code)
				sort.Ints(s.OtherCodes)
			}
		}
		if r.Duration > s.Worst {
			s.Worst = r.Duration
		}
	}
	for _, d := range h.Dependents {
		i, ok := index[d.Phase]
		if !ok || d.Control || d.CreateCode != http.StatusCreated {
			continue
		}
		stats[i].DependentsCreated++
		switch d.FinalCode {
		case http.StatusOK:
		case http.StatusNotFound:
			stats[i].DependentsLost++
		default:
			stats[i].DependentsUnknown++
		}
	}
	for i := range stats {
		if end := stats[i].Phase.End; !end.IsZero() {
			stats[i].FirstOKAfterEnd, stats[i].HasFirstOK = FirstOKAfter(h, end)
		}
	}
	return stats
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// FirstOKAfter is how long after t the first 200 answer came.
func FirstOKAfter(h *history.History, t time.Time) (time.Duration, bool) {
	var best time.Duration
	found := false
	for _, r := range h.Requests {
		if r.Code != http.StatusOK || r.End().Before(t) {
			continue
		}
		if d := r.End().Sub(t); !found || d < best {
			best, found = d, true
		}
	}
	return best, found
}

// InFlightAtFreeze returns the slowest request that was in flight at a
// moment servers were frozen, and that moment's event.
func InFlightAtFreeze(h *history.History) (history.Request, history.Event, bool) {
	var worst history.Request
	var at history.Event
	found := false
	for _, e := range h.Events {
		if !e.Freeze {
			continue
		}
		for _, r := range h.Requests {
			if r.Start.After(e.Time) || r.End().Before(e.Time) {
				continue
			}
			if !found || r.Duration > worst.Duration {
				worst, at, found = r, e, true
			}
		}
	}
	return worst, at, found
}

// Check runs every check on a history.
func Check(h *history.History) Result {
	stats := Stats(h)
	var res Result
	add := func(check string, ok bool, detail string) {
		res.Verdicts = append(res.Verdicts, Verdict{Check: check, OK: ok, Detail: detail})
	}

	var idle []string
	for _, s := range stats {
		if s.Requests == 0 {
			idle = append(idle, s.Phase.Name)
		}
	}
	if len(h.Phases) == 0 {
		add("every phase sent requests", false, "no phases recorded")
	} else {
		detail := fmt.Sprintf("all %d phases", len(h.Phases))
		if len(idle) > 0 {
			detail = strings.Join(idle, ", ") + " had none"
		}
		add("every phase sent requests", len(idle) == 0, detail)
	}

	var notFound []string
	total := 0
	for _, s := range stats {
		if s.NotFound > 0 {
			notFound = append(notFound, fmt.Sprintf("%s %d", s.Phase.Name, s.NotFound))
			total += s.NotFound
		}
	}
	add("no 404 for an existing Job", total == 0, countDetail(total, "× 404", notFound, firstMessage(h, func(r history.Request) bool { return r.Code == http.StatusNotFound })))

	var unavailable []string
	total = 0
	var allowed []string
	for _, s := range stats {
		if s.Phase.Allow503 {
			allowed = append(allowed, s.Phase.Name)
			continue
		}
		if s.Unavailable > 0 {
			unavailable = append(unavailable, fmt.Sprintf("%s %d", s.Phase.Name, s.Unavailable))
			total += s.Unavailable
		}
	}
	name := "no 503 outside " + strings.Join(allowed, ", ")
	if len(allowed) == 0 {
		name = "no 503"
	}
	add(name, total == 0, countDetail(total, "× 503", unavailable, ""))

	// A 503 without Retry-After is final to client-go; with it the client
	// waits and tries again, which is what makes a 503 harmless.
	var bare []string
	total = 0
	for _, s := range stats {
		if n := s.Unavailable - s.UnavailableRetryAfter; n > 0 {
			bare = append(bare, fmt.Sprintf("%s %d", s.Phase.Name, n))
			total += n
		}
	}
	add("every 503 carries Retry-After", total == 0, countDetail(total, "× 503 without Retry-After", bare, ""))

	// A request the server never answers within the client's timeout is
	// worse than a 503: the client cannot tell whether to retry.
	var silent []string
	total = 0
	for _, s := range stats {
		if s.NoAnswer > 0 {
			silent = append(silent, fmt.Sprintf("%s %d", s.Phase.Name, s.NoAnswer))
			total += s.NoAnswer
		}
	}
	add("every request answered within the client timeout", total == 0, countDetail(total, "× no answer", silent, ""))

	for _, s := range stats {
		within := s.Phase.RecoverWithin
		if within == 0 {
			continue
		}
		check := fmt.Sprintf("a 200 within %s after %s ended", within, s.Phase.Name)
		switch {
		case s.Phase.End.IsZero():
			add(check, false, "the phase never ended")
		case !s.HasFirstOK:
			add(check, false, "no 200 after it")
		default:
			add(check, s.FirstOKAfterEnd <= within, fmt.Sprintf("first 200 after %s", Seconds(s.FirstOKAfterEnd)))
		}
	}

	for _, s := range stats {
		for _, c := range s.Phase.Counters {
			if !c.MustNotGrow {
				continue
			}
			check := fmt.Sprintf("%s did not grow during %s", c.Name, s.Phase.Name)
			if c.Error != "" {
				add(check, false, "could not read it: "+c.Error)
				continue
			}
			add(check, c.End <= c.Start, fmt.Sprintf("%g -> %g", c.Start, c.End))
		}
	}

	controls := 0
	for _, d := range h.Dependents {
		if !d.Control {
			continue
		}
		controls++
		check := fmt.Sprintf("the garbage collector deleted control dependent %s (%s)", d.Name, d.Phase)
		switch {
		case d.CreateCode != http.StatusCreated:
			add(check, false, "creating it failed: "+d.CreateMessage)
		case d.Deleted.IsZero() && d.FinalCode == http.StatusOK:
			add(check, false, fmt.Sprintf("still there after %s: the garbage collector was not collecting, so \"no dependent lost\" proves nothing", d.Waited))
		case d.Deleted.IsZero():
			add(check, false, fmt.Sprintf("not seen deleted within %s: the last GET of it answered %s", d.Waited, d.FinalMessage))
		default:
			add(check, true, "after "+Seconds(d.Deleted.Sub(d.Created)))
		}
	}
	if controls == 0 {
		add("the garbage collector deleted a control dependent", false, "no control dependent was created")
	}

	var lost []string
	created, lostTotal, unknown := 0, 0, 0
	for _, s := range stats {
		created += s.DependentsCreated
		unknown += s.DependentsUnknown
		if s.DependentsLost > 0 {
			lost = append(lost, fmt.Sprintf("%s %d", s.Phase.Name, s.DependentsLost))
			lostTotal += s.DependentsLost
		}
	}
	detail := fmt.Sprintf("%d of %d lost", lostTotal, created)
	if len(lost) > 0 {
		detail += " (created in " + strings.Join(lost, ", ") + ")"
	}
	if unknown > 0 {
		detail += fmt.Sprintf("; %d could not be read at the end", unknown)
	}
	add("no dependent of a live Job deleted", created > 0 && lostTotal == 0 && unknown == 0, detail)
	return res
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

func firstMessage(h *history.History, match func(history.Request) bool) string {
	for _, r := range h.Requests {
		if match(r) {
			return fmt.Sprintf("%q", r.Message)
		}
	}
	return ""
}

// Seconds formats a duration as seconds with two decimals.
func Seconds(d time.Duration) string {
	return fmt.Sprintf("%.2fs", d.Seconds())
}
