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
	"strings"
	"time"

	"github.com/kubecarry/kubecarry/test/upgrade/history"
)

// Verdict is one of kubecarry's guarantees, checked.
type Verdict struct {
	Check  string `json:"check"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
}

// Bounds are the limits the checks hold the run to.
type Bounds struct {
	// NamespaceDeletion is how long deleting the namespace may take.
	NamespaceDeletion time.Duration
}

// Check holds a run to what kubecarry guarantees during a rolling upgrade:
// no 404 for an object that exists, failures only of the kinds a client
// retries (429/503 with Retry-After, a reset connection), no dependent of a
// live owner deleted, no watch event missed, the namespace deleted within
// the bound with nothing left in storage. It also checks that the run
// exercised what it claims to (otherwise the rest proves nothing): every
// step had traffic, and the resource only the new release serves was
// created and read.
func Check(h *history.History, tl *Timeline, stats []Stats, b Bounds) []Verdict {
	var v []Verdict
	add := func(check string, ok bool, format string, args ...any) {
		v = append(v, Verdict{Check: check, OK: ok, Detail: fmt.Sprintf(format, args...)})
	}

	var notFound, retryable, other []string
	for _, c := range h.Calls {
		where := fmt.Sprintf("%s in %s at %s", c.Class, tl.StepAt(c.Start), c.Start.Format("15:04:05.000"))
		switch Classify(c) {
		case KindNotFoundExisting:
			notFound = append(notFound, where)
		case KindRetryLater, KindConnection:
			retryable = append(retryable, where)
		case KindTimeout, KindOther:
			other = append(other, fmt.Sprintf("%s: %d %s", where, c.Code, c.Error))
		}
	}
	add("no 404 for an existing object", len(notFound) == 0, "%d 404s%s", len(notFound), firstFew(notFound))
	add("failures only 429/503 with Retry-After or a reset connection", len(other) == 0,
		"%d retryable failures, %d others%s", len(retryable), len(other), firstFew(other))

	var lost, ownerGone []string
	for _, d := range h.Dependents {
		switch {
		case !d.OwnerExists:
			ownerGone = append(ownerGone, d.Kind+" "+d.Name)
		case !d.Exists:
			lost = append(lost, fmt.Sprintf("%s %s (owner %s %s)", d.Kind, d.Name, d.OwnerKind, d.Owner))
		}
	}
	add("no dependent of a live owner deleted", len(lost) == 0 && len(ownerGone) == 0,
		"%d of %d dependents lost%s; %d owners missing%s", len(lost), len(h.Dependents), firstFew(lost), len(ownerGone), firstFew(ownerGone))

	var missed []string
	for _, w := range h.Watches {
		switch {
		case w.Error != "":
			missed = append(missed, w.Resource+": "+w.Error)
		case len(w.Missed)+len(w.Extra) > 0:
			missed = append(missed, fmt.Sprintf("%s: %d missed, %d extra", w.Resource, len(w.Missed), len(w.Extra)))
		}
	}
	add("no watch event missed", len(missed) == 0 && len(h.Watches) > 0, "%d watchers%s", len(h.Watches), firstFew(missed))

	switch nd := h.Namespace; {
	case nd == nil || nd.Requested.IsZero():
		add("namespace deleted, nothing left", false, "the namespace deletion never ran")
	default:
		ok := nd.Finished && nd.Duration <= b.NamespaceDeletion && len(nd.Leftover) == 0
		add("namespace deleted, nothing left", ok, "%s in %s (bound %s), %d keys left in etcd%s%s",
			nd.Name, nd.Duration.Round(10*time.Millisecond), b.NamespaceDeletion, len(nd.Leftover), firstFew(nd.Leftover), prefixed(nd.Error))
	}

	var idle []string
	for _, s := range tl.Steps {
		ok := 0
		for _, st := range stats {
			if st.Step == s.Name {
				ok += st.OK
			}
		}
		if ok == 0 {
			idle = append(idle, s.Name)
		}
	}
	add("every step had traffic", len(idle) == 0, "steps without a successful call: %d%s", len(idle), firstFew(idle))

	reads, dependents := 0, 0
	for _, st := range stats {
		if st.Class == "get policy" {
			reads += st.OK
		}
	}
	for _, d := range h.Dependents {
		if d.OwnerKind == "MutatingAdmissionPolicy" {
			dependents++
		}
	}
	add("the new release's resource was used", reads > 0 && dependents > 0,
		"%d successful reads, %d dependents", reads, dependents)
	return v
}

// Passed says whether every verdict is OK.
func Passed(v []Verdict) bool {
	for _, x := range v {
		if !x.OK {
			return false
		}
	}
	return true
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

func prefixed(s string) string {
	if s == "" {
		return ""
	}
	return "; " + s
}
