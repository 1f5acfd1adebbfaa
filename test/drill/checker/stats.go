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

package checker

import (
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// Kind sorts a call into the report's columns.
type Kind int

const (
	// KindOK is a call that succeeded.
	KindOK Kind = iota
	// KindNotFoundExisting is a 404 for an object that exists.
	KindNotFoundExisting
	// KindRetryLater is a 429 or 503 with Retry-After.
	KindRetryLater
	// KindConnection is a reset or closed connection.
	KindConnection
	// KindTimeout is no answer within the call's time.
	KindTimeout
	// KindOther is every other failure (a 503 without Retry-After among
	// them).
	KindOther
)

// connectionErrors are how Go reports a connection the other end reset or
// closed (the load balancer closing a client connection when its server
// went away, a server closing one at shutdown).
var connectionErrors = []string{"connection reset by peer", "EOF", "broken pipe", "connection refused",
	"http2: client connection lost", "GOAWAY", "use of closed network connection", "server closed idle connection"}

// Classify sorts a call.
func Classify(c history.Call) Kind {
	switch {
	case c.Succeeded():
		return KindOK
	case c.Code == http.StatusNotFound && c.Exists:
		return KindNotFoundExisting
	case (c.Code == http.StatusTooManyRequests || c.Code == http.StatusServiceUnavailable) && c.RetryAfter != "":
		return KindRetryLater
	case c.Code == history.NoAnswer && (strings.Contains(c.Error, "context deadline exceeded") || strings.Contains(strings.ToLower(c.Error), "timeout")):
		return KindTimeout
	case c.Code == history.NoAnswer && slices.ContainsFunc(connectionErrors, func(s string) bool { return strings.Contains(c.Error, s) }):
		return KindConnection
	default:
		return KindOther
	}
}

// Stats is one request class in one phase, or (Class "all") every class of
// a phase.
type Stats struct {
	Phase string `json:"phase"`
	Class string `json:"class"`
	Calls int    `json:"calls"`
	OK    int    `json:"ok"`
	// NotFoundExisting are 404s for objects that existed: what makes a
	// garbage collector delete dependents.
	NotFoundExisting int `json:"notFoundExisting"`
	// RetryLater are failed calls answered 429 or 503 with Retry-After.
	RetryLater int `json:"retryLater"`
	// ConnectionErrors are failed calls without an answer because the
	// connection was reset or closed; Timeouts those that got no answer
	// in time.
	ConnectionErrors int `json:"connectionErrors"`
	Timeouts         int `json:"timeouts"`
	// Other are failed calls of any other kind, by status code.
	Other map[int]int `json:"other,omitempty"`
	// Retried are attempts that client-go retried (answers with
	// Retry-After, connection errors) under calls that went on.
	Retried int           `json:"retried"`
	P50     time.Duration `json:"p50"`
	P99     time.Duration `json:"p99"`
	Worst   time.Duration `json:"worst"`
}

// Failures is how many calls of s failed.
func (s Stats) Failures() int { return s.Calls - s.OK }

// OtherText lists the other failures as "code×n".
func (s Stats) OtherText() string {
	codes := make([]int, 0, len(s.Other))
	for c := range s.Other {
		codes = append(codes, c)
	}
	sort.Ints(codes)
	parts := make([]string, 0, len(codes))
	for _, c := range codes {
		label := fmt.Sprint(c)
		if c == history.NoAnswer {
			label = "error"
		}
		parts = append(parts, fmt.Sprintf("%s×%d", label, s.Other[c]))
	}
	return strings.Join(parts, " ")
}

func (s *Stats) add(c history.Call) {
	s.Calls++
	s.Worst = max(s.Worst, c.Duration)
	switch Classify(c) {
	case KindOK:
		s.OK++
	case KindNotFoundExisting:
		s.NotFoundExisting++
	case KindRetryLater:
		s.RetryLater++
	case KindConnection:
		s.ConnectionErrors++
	case KindTimeout:
		s.Timeouts++
	case KindOther:
		if s.Other == nil {
			s.Other = map[int]int{}
		}
		s.Other[c.Code]++
	}
}

// retried says whether an attempt was one client-go retries: an answer
// with Retry-After, or a connection error.
func retried(a history.Attempt) bool {
	return a.RetryAfter != "" || a.Error != ""
}

type key struct{ phase, class string }

// Summarize counts the calls and attempts of each class in each phase (the
// one they started in), in phase order and the classes' order of first
// appearance. Calls before the first phase are left out.
func Summarize(h *history.History) []Stats {
	index := map[key]*Stats{}
	var order []key
	durations := map[key][]time.Duration{}
	get := func(k key) *Stats {
		if s, ok := index[k]; ok {
			return s
		}
		s := &Stats{Phase: k.phase, Class: k.class}
		index[k] = s
		order = append(order, k)
		return s
	}
	for _, c := range h.Calls {
		k := key{h.PhaseAt(c.Start), c.Class}
		if k.phase == "" {
			continue
		}
		get(k).add(c)
		durations[k] = append(durations[k], c.Duration)
	}
	for _, a := range h.Attempts {
		if k := (key{h.PhaseAt(a.Start), a.Class}); k.phase != "" && retried(a) {
			get(k).Retried++
		}
	}
	// A failed call whose last answer was a connection error or carried
	// Retry-After has one such attempt that nobody retried: it is the
	// failure itself, not a retry inside the call.
	for _, c := range h.Calls {
		if !c.Succeeded() && (c.Code == history.NoAnswer || c.RetryAfter != "") {
			if s, ok := index[key{h.PhaseAt(c.Start), c.Class}]; ok && s.Retried > 0 {
				s.Retried--
			}
		}
	}
	phaseRank := map[string]int{}
	for i, p := range h.Phases {
		phaseRank[p.Name] = i
	}
	classRank := map[string]int{}
	for i, k := range order {
		if _, ok := classRank[k.class]; !ok {
			classRank[k.class] = i
		}
	}
	sort.SliceStable(order, func(i, j int) bool {
		if a, b := phaseRank[order[i].phase], phaseRank[order[j].phase]; a != b {
			return a < b
		}
		return classRank[order[i].class] < classRank[order[j].class]
	})
	out := make([]Stats, 0, len(order))
	for _, k := range order {
		s := index[k]
		s.P50, s.P99 = percentile(durations[k], 0.50), percentile(durations[k], 0.99)
		out = append(out, *s)
	}
	return out
}

// PhaseTotals adds the classes of each phase up: one row per phase of the
// history, in order (a phase without calls has a row of zeros). Its
// percentiles are over every call of the phase.
func PhaseTotals(h *history.History) []Stats {
	out := make([]Stats, len(h.Phases))
	index := map[string]int{}
	durations := make([][]time.Duration, len(h.Phases))
	for i, p := range h.Phases {
		out[i] = Stats{Phase: p.Name, Class: "all"}
		index[p.Name] = i
	}
	for _, c := range h.Calls {
		if i, ok := index[h.PhaseAt(c.Start)]; ok {
			out[i].add(c)
			durations[i] = append(durations[i], c.Duration)
		}
	}
	for _, s := range Summarize(h) {
		out[index[s.Phase]].Retried += s.Retried
	}
	for i := range out {
		out[i].P50, out[i].P99 = percentile(durations[i], 0.50), percentile(durations[i], 0.99)
	}
	return out
}

// percentile is the nearest-rank percentile of ds (0 for none).
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	sorted := slices.Clone(ds)
	slices.Sort(sorted)
	rank := int(p*float64(len(sorted)) + 0.999999)
	return sorted[min(max(rank, 1), len(sorted))-1]
}

// FirstOKAfter is how long after t the first successful call of class
// (any class when empty) answered.
func FirstOKAfter(h *history.History, t time.Time, class string) (time.Duration, bool) {
	var best time.Duration
	found := false
	for _, c := range h.Calls {
		if !c.Succeeded() || c.End().Before(t) || (class != "" && c.Class != class) {
			continue
		}
		if d := c.End().Sub(t); !found || d < best {
			best, found = d, true
		}
	}
	return best, found
}

// InFlightAtFreeze returns the slowest call that was in flight at a
// moment servers were frozen, and that moment's event.
func InFlightAtFreeze(h *history.History) (history.Call, history.Event, bool) {
	var worst history.Call
	var at history.Event
	found := false
	for _, e := range h.Events {
		if !e.Freeze {
			continue
		}
		for _, c := range h.Calls {
			if c.Start.After(e.Time) || c.End().Before(e.Time) {
				continue
			}
			if !found || c.Duration > worst.Duration {
				worst, at, found = c, e, true
			}
		}
	}
	return worst, at, found
}

// DependentCounts is how many dependents created in each phase were
// created, lost (gone while their owner exists) and unreadable at the end.
type DependentCounts struct {
	Created, Lost, Unknown int
}

// Dependents counts the dependents (not the controls) by the phase they
// were created in.
func Dependents(h *history.History) map[string]DependentCounts {
	out := map[string]DependentCounts{}
	for _, d := range h.Dependents {
		if d.Control || !d.WasCreated() {
			continue
		}
		c := out[d.Phase]
		c.Created++
		switch {
		case d.FinalError != "":
			c.Unknown++
		case d.Lost():
			c.Lost++
		}
		out[d.Phase] = c
	}
	return out
}

// Seconds formats a duration as seconds with two decimals.
func Seconds(d time.Duration) string {
	return fmt.Sprintf("%.2fs", d.Seconds())
}
