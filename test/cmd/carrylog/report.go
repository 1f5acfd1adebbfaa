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
	"bufio"
	"fmt"
	"io"
	"strings"
)

// The outcomes of one patch, as hack/lib/rebase.sh names them.
const (
	AppliesCleanly  = "applies-cleanly"
	AppliesOffsets  = "applies-offsets"
	ThreeWay        = "three-way"
	AlreadyUpstream = "already-upstream"
	Conflict        = "conflict"
	ResolvedByHand  = "resolved-by-hand"
	NotTried        = "not-tried"
)

// what says, per status, what it means for the maintainer.
var what = map[string]string{
	AppliesCleanly:  "pick",
	AppliesOffsets:  "pick (hunks moved)",
	ThreeWay:        "pick (merged); review the result",
	AlreadyUpstream: "drop: the release contains it",
	Conflict:        "resolve in the workspace, then hack/rebase.sh --continue",
	ResolvedByHand:  "pick (resolved by hand); review it",
	NotTried:        "not tried: an earlier patch conflicts",
}

// Row is one patch of the carry log.
type Row struct {
	Patch, Status, Detail string
}

// parseLog reads the carry log; an unknown status or a short row is an
// error naming its line.
func parseLog(r io.Reader) ([]Row, error) {
	var rows []Row
	s := bufio.NewScanner(r)
	for n := 1; s.Scan(); n++ {
		line := s.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		fields := strings.SplitN(line, "\t", 3)
		if len(fields) < 2 {
			return nil, fmt.Errorf("line %d: want <patch>\\t<status>\\t<detail>, got %q", n, line)
		}
		row := Row{Patch: fields[0], Status: fields[1]}
		if len(fields) == 3 {
			row.Detail = fields[2]
		}
		if _, ok := what[row.Status]; !ok {
			return nil, fmt.Errorf("line %d: unknown status %q", n, row.Status)
		}
		rows = append(rows, row)
	}
	return rows, s.Err()
}

// Report is the rebase report of hack/rebase.sh.
type Report struct {
	From, To string
	Rows     []Row
	// Verify is the result of make verify on the rebased tree.
	Verify string
}

// Resolved says whether every patch is carried or dropped.
func (r Report) Resolved() bool {
	for _, row := range r.Rows {
		if row.Status == Conflict || row.Status == NotTried {
			return false
		}
	}
	return true
}

// Write writes the report as Markdown.
func (r Report) Write(w io.Writer) error {
	counts := map[string]int{}
	for _, row := range r.Rows {
		counts[row.Status]++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Rebase of the series from %s to %s\n\n", r.From, r.To)
	if r.Resolved() {
		fmt.Fprintf(&b, "Every patch is resolved (%s). `make verify`: %s.\n\n", summary(counts), r.Verify)
	} else {
		fmt.Fprintf(&b, "**Unresolved** (%s): the workspace stops at the conflicting patch; resolve it there (`git am --continue`), then run `hack/rebase.sh --continue`. Nothing outside the workspace was changed.\n\n", summary(counts))
	}
	b.WriteString("| # | patch | status | what to do | detail |\n|---|---|---|---|---|\n")
	for i, row := range r.Rows {
		fmt.Fprintf(&b, "| %d | `%s` | %s | %s | %s |\n", i+1, row.Patch, row.Status, what[row.Status], cell(row.Detail))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// summary counts the rows by status, in the order of the statuses above.
func summary(counts map[string]int) string {
	var parts []string
	for _, s := range []string{AppliesCleanly, AppliesOffsets, ThreeWay, ResolvedByHand, AlreadyUpstream, Conflict, NotTried} {
		if counts[s] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[s], s))
		}
	}
	if len(parts) == 0 {
		return "no patches"
	}
	return strings.Join(parts, ", ")
}

// cell makes text safe inside a Markdown table cell.
func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}
