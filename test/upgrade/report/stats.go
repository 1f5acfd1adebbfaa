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
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/kubecarry/kubecarry/test/upgrade/history"
)

// Stats is one request class in one step.
type Stats struct {
	Step  string `json:"step"`
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
	// Retry-After, connection errors): the failed ones under calls that
	// went on, not counting each failed call's last attempt.
	Retried int           `json:"retried"`
	P50     time.Duration `json:"p50"`
	P99     time.Duration `json:"p99"`
}

// Kind sorts a failed call into the report's columns.
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
	// KindOther is every other failure.
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
	case !c.Failed():
		return KindOK
	case c.Code == http.StatusNotFound && c.Exists:
		return KindNotFoundExisting
	case (c.Code == http.StatusTooManyRequests || c.Code == http.StatusServiceUnavailable) && c.RetryAfter:
		return KindRetryLater
	case c.Code == 0 && (strings.Contains(c.Error, "context deadline exceeded") || strings.Contains(strings.ToLower(c.Error), "timeout")):
		return KindTimeout
	case c.Code == 0 && slices.ContainsFunc(connectionErrors, func(s string) bool { return strings.Contains(c.Error, s) }):
		return KindConnection
	default:
		return KindOther
	}
}

// retried says whether an attempt was one client-go retries: an answer
// with Retry-After, or a connection error.
func retried(a history.Attempt) bool {
	return a.RetryAfter != "" || a.Error != ""
}

type key struct{ step, class string }

// Summarize counts the calls and attempts of each class in each step, in
// the timeline's step order and the classes' order of first appearance.
func Summarize(h *history.History, tl *Timeline) []Stats {
	index := map[key]*Stats{}
	var order []key
	durations := map[key][]time.Duration{}
	get := func(k key) *Stats {
		if s, ok := index[k]; ok {
			return s
		}
		s := &Stats{Step: k.step, Class: k.class}
		index[k] = s
		order = append(order, k)
		return s
	}
	for _, c := range h.Calls {
		k := key{tl.StepAt(c.Start), c.Class}
		s := get(k)
		s.Calls++
		durations[k] = append(durations[k], c.Duration)
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
	for _, a := range h.Attempts {
		if retried(a) {
			get(key{tl.StepAt(a.Start), a.Class}).Retried++
		}
	}
	// A failed call whose last answer was a connection error or carried
	// Retry-After has one such attempt that nobody retried: it is the
	// failure itself, not a retry inside the call.
	for _, c := range h.Calls {
		if c.Failed() && (c.Code == 0 || c.RetryAfter) {
			if s := get(key{tl.StepAt(c.Start), c.Class}); s.Retried > 0 {
				s.Retried--
			}
		}
	}
	stepRank := map[string]int{}
	for i, s := range tl.Steps {
		stepRank[s.Name] = i + 1
	}
	classRank := map[string]int{}
	for i, k := range order {
		if _, ok := classRank[k.class]; !ok {
			classRank[k.class] = i
		}
	}
	sort.SliceStable(order, func(i, j int) bool {
		if a, b := stepRank[order[i].step], stepRank[order[j].step]; a != b {
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
		if c == 0 {
			label = "error"
		}
		parts = append(parts, fmt.Sprintf("%s×%d", label, s.Other[c]))
	}
	return strings.Join(parts, " ")
}

// Totals adds the classes of each step up, in step order: one row per step
// for the short table. Its P99 is the worst class's.
func Totals(stats []Stats) []Stats {
	var out []Stats
	index := map[string]int{}
	for _, s := range stats {
		i, ok := index[s.Step]
		if !ok {
			i = len(out)
			index[s.Step] = i
			out = append(out, Stats{Step: s.Step, Class: "all"})
		}
		t := &out[i]
		t.Calls += s.Calls
		t.OK += s.OK
		t.NotFoundExisting += s.NotFoundExisting
		t.RetryLater += s.RetryLater
		t.ConnectionErrors += s.ConnectionErrors
		t.Timeouts += s.Timeouts
		t.Retried += s.Retried
		for code, n := range s.Other {
			if t.Other == nil {
				t.Other = map[int]int{}
			}
			t.Other[code] += n
		}
		t.P50 = max(t.P50, s.P50)
		t.P99 = max(t.P99, s.P99)
	}
	return out
}
