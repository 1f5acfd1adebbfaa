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
	fmt.Fprintf(&b, "| convergence through the slowest other server (%d CRDs, one at a time) | p50 | p99 |\n|---|---|---|\n", r.Samples)
	for _, row := range []struct{ key, what string }{
		{"usable", "create → list answers 200"},
		{"listed", "create → listed in merged /apis"},
		{"gone", "delete → list answers 404"},
		{"unlisted", "delete → gone from merged /apis"},
	} {
		fmt.Fprintf(&b, "| %s | %.2fs | %.2fs |\n", row.what, r.Convergence[row.key+"P50"], r.Convergence[row.key+"P99"])
	}
	if r.Burst > 0 {
		fmt.Fprintf(&b, "\nburst of %d CRDs: usable through every other server after %.1fs, gone (404) everywhere %.1fs after the deletes\n", r.Burst, r.BurstUsableSeconds, r.BurstGoneSeconds)
	}
	fmt.Fprintf(&b, "\n| server | connections | merged p50 | merged p99 | nopeer p50 | nopeer p99 | merged/nopeer p50 | merged bytes | nopeer bytes |\n|---|---|---|---|---|---|---|---|---|\n")
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
		fmt.Fprintf(&b, "| %s | %d | %.1fms | %.1fms | %.1fms | %.1fms | %s | %d | %d |\n", k.server, k.conns, m.P50Millis, m.P99Millis, n.P50Millis, n.P99Millis, ratio, m.Bytes, n.Bytes)
	}
	if len(r.Idle) > 0 {
		fmt.Fprintf(&b, "\n| server | idle peer discovery fetches per peer per minute, by status (%.0fs window) |\n|---|---|\n", r.Idle[0].WindowSeconds)
		for _, t := range r.Idle {
			if !t.CountsPeerDiscovery {
				fmt.Fprintf(&b, "| %s | not counted by this binary |\n", t.Server)
				continue
			}
			var codes []string
			for code := range t.PerPeerPerMinute {
				codes = append(codes, code)
			}
			sort.Strings(codes)
			var parts []string
			for _, code := range codes {
				parts = append(parts, fmt.Sprintf("%s: %.1f", code, t.PerPeerPerMinute[code]))
			}
			fmt.Fprintf(&b, "| %s | %s |\n", t.Server, strings.Join(parts, ", "))
		}
	}
	if len(r.RSSMiB) > 0 {
		var names []string
		for n := range r.RSSMiB {
			names = append(names, n)
		}
		sort.Strings(names)
		fmt.Fprintf(&b, "\n| server | RSS after populating | RSS at the end |\n|---|---|---|\n")
		for _, n := range names {
			fmt.Fprintf(&b, "| %s | %.0f MiB | %.0f MiB |\n", n, r.RSSMiB[n], r.RSSMiBAfter[n])
		}
	}
	return b.String()
}
