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
	"sort"
	"strings"
)

// markdown is the run as tables: convergence, GET /apis latency (merged
// against nopeer on the same server), idle peer discovery traffic and
// memory.
func (r *report) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n%s: %d kube-apiservers, %d background CRDs (populated and visible everywhere in %.1fs)\n\n", r.Label, r.Servers, r.Background, r.PopulateSeconds)
	if r.Frozen != "" {
		fmt.Fprintf(&b, "%s frozen (SIGSTOP) after the idle window, to the end: every figure after the idle traffic is through the other servers while it hangs\n\n", r.Frozen)
	}
	fmt.Fprintf(&b, "| convergence through the slowest other server (%d CRDs, one at a time) | p50 | p99 | timed out (> %.0fs) |\n|---|---|---|---|\n", r.Samples, r.TimeoutSeconds)
	for _, row := range []struct{ key, what string }{
		{"usable", "create → list answers 200"},
		{"listed", "create → listed in merged /apis"},
		{"gone", "delete → list answers 404"},
		{"unlisted", "delete → gone from merged /apis"},
	} {
		fmt.Fprintf(&b, "| %s | %s | %s | %d |\n", row.what, r.seconds(row.key, r.Convergence[row.key+"P50"]), r.seconds(row.key, r.Convergence[row.key+"P99"]), r.TimedOut[row.key])
	}
	if r.Burst > 0 {
		fmt.Fprintf(&b, "\nburst of %d CRDs: usable through every other server after %s, gone (404) everywhere %s after the deletes\n", r.Burst,
			r.seconds("burstUsable", r.BurstUsableSeconds), r.seconds("burstGone", r.BurstGoneSeconds))
	}
	fmt.Fprintf(&b, "\n| server | connections | merged p50 | merged p99 | nopeer p50 | nopeer p99 | merged/nopeer p50 | merged bytes | nopeer bytes | merged CPU/request | nopeer CPU/request | answers, merged / nopeer |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	type key struct {
		server string
		conns  int
	}
	cells := map[key]map[string]latency{}
	var keys []key
	for _, l := range r.Discovery {
		k := key{l.Server, l.Connections}
		if cells[k] == nil {
			cells[k] = map[string]latency{}
			keys = append(keys, k)
		}
		cells[k][l.Profile] = l
	}
	for _, k := range keys {
		m, n := cells[k]["merged"], cells[k]["nopeer"]
		ratio := "-"
		if n.P50Millis > 0 {
			ratio = fmt.Sprintf("%.2f", m.P50Millis/n.P50Millis)
		}
		fmt.Fprintf(&b, "| %s | %d | %.1fms | %.1fms | %.1fms | %.1fms | %s | %d | %d | %s | %s | %s / %s |\n", k.server, k.conns, m.P50Millis, m.P99Millis, n.P50Millis, n.P99Millis, ratio, m.Bytes, n.Bytes,
			cpuPerRequest(m), cpuPerRequest(n), codes(m.Codes), codes(n.Codes))
	}
	if len(r.Proxied) > 0 {
		fmt.Fprintf(&b, "\n| Jobs (batch/v1) through | route | verb | p50 | p99 | answers |\n|---|---|---|---|---|---|\n")
		for _, p := range r.Proxied {
			fmt.Fprintf(&b, "| %s | %s | %s | %.1fms | %.1fms | %s |\n", p.Server, p.Route, p.Verb, p.P50Millis, p.P99Millis, codes(p.Codes))
		}
	}
	if len(r.Idle) > 0 {
		window := "after a whole refresh round"
		switch {
		case r.RefreshRoundSeconds < 0:
			window = fmt.Sprintf("no whole refresh round came within %s of populating", refreshRoundBound)
		case r.RefreshRoundSeconds == 0:
			window = "right after populating"
		}
		fmt.Fprintf(&b, "\n| server | idle peer discovery fetches per peer per minute, by status (%.0fs window, %s) | idle CPU |\n|---|---|---|\n", r.Idle[0].WindowSeconds, window)
		for _, t := range r.Idle {
			fetches := "not counted by this binary"
			if t.CountsPeerDiscovery {
				var parts []string
				for _, code := range sortedKeys(t.PerPeerPerMinute) {
					parts = append(parts, fmt.Sprintf("%s: %.1f", code, t.PerPeerPerMinute[code]))
				}
				fetches = strings.Join(parts, ", ")
			}
			cpu := "-"
			if t.CPUCores >= 0 {
				cpu = fmt.Sprintf("%.3f cores", t.CPUCores)
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", t.Server, fetches, cpu)
		}
	}
	if len(r.RSSMiB) > 0 {
		fmt.Fprintf(&b, "\n| server | RSS after populating | RSS at the end |\n|---|---|---|\n")
		for _, n := range sortedKeys(r.RSSMiB) {
			fmt.Fprintf(&b, "| %s | %.0f MiB | %.0f MiB |\n", n, r.RSSMiB[n], r.RSSMiBAfter[n])
		}
	}
	return b.String()
}

// seconds formats a duration of event key, as a lower bound when a sample
// of it timed out.
func (r *report) seconds(key string, s float64) string {
	if r.TimedOut[key] > 0 {
		return fmt.Sprintf("≥ %.2fs", s)
	}
	return fmt.Sprintf("%.2fs", s)
}

func cpuPerRequest(l latency) string {
	if l.CPUMillisPerRequest == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1fms", l.CPUMillisPerRequest)
}

// codes formats the answers of the proxied requests by status, e.g.
// "200 × 200".
func codes(byCode map[string]int) string {
	var parts []string
	for _, code := range sortedKeys(byCode) {
		parts = append(parts, fmt.Sprintf("%s × %d", code, byCode[code]))
	}
	return strings.Join(parts, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
