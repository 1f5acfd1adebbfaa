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
	"fmt"
	"net/http"
	"strconv"
)

// checkFailures is what -check holds against a run, none of it a latency:
// every CRD converged through every server within the bound (a peer that
// never learns of a CRD, or never forgets a deleted one, is a bug however
// fast the rest is), the idle peer discovery traffic was only 304s (with
// nothing changing, every fetch is a revalidation), and every proxied
// request and every GET /apis was answered 200.
func (r *report) checkFailures() []string {
	var failures []string
	for _, event := range sortedKeys(r.TimedOut) {
		if n := r.TimedOut[event]; n > 0 {
			failures = append(failures, fmt.Sprintf("%s: %d sample(s) not reached within %.0fs", event, n, r.TimeoutSeconds))
		}
	}
	for _, t := range r.Idle {
		for _, code := range sortedKeys(t.PerPeerPerMinute) {
			if code != strconv.Itoa(http.StatusNotModified) && t.PerPeerPerMinute[code] > 0 {
				failures = append(failures, fmt.Sprintf("%s: idle peer discovery fetches answered %s (%.1f per peer per minute), want only 304s", t.Server, code, t.PerPeerPerMinute[code]))
			}
		}
	}
	for _, l := range r.Discovery {
		for _, code := range sortedKeys(l.Codes) {
			if code != strconv.Itoa(http.StatusOK) {
				failures = append(failures, fmt.Sprintf("GET /apis (%s, %d connections) through %s: %d answered %s, want 200", l.Profile, l.Connections, l.Server, l.Codes[code], code))
			}
		}
	}
	for _, p := range r.Proxied {
		for _, code := range sortedKeys(p.Codes) {
			if code != strconv.Itoa(http.StatusOK) {
				failures = append(failures, fmt.Sprintf("%s %s Jobs through %s: %d answered %s, want 200", p.Route, p.Verb, p.Server, p.Codes[code], code))
			}
		}
	}
	return failures
}
