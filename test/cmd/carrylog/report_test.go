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
	"strings"
	"testing"
)

func TestParseLogReadsRowsAndNamesBadLines(t *testing.T) {
	rows, err := parseLog(strings.NewReader("0001-a.patch\tapplies-cleanly\t\n\n0002-b.patch\tapplies-offsets\tpkg/x.go: Hunk #1 succeeded at 4 (offset 2 lines)\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[1].Detail != "pkg/x.go: Hunk #1 succeeded at 4 (offset 2 lines)" || rows[0].Status != AppliesCleanly {
		t.Errorf("rows %+v", rows)
	}
	for _, bad := range []string{"0001-a.patch\n", "0001-a.patch\tmaybe\tx\n"} {
		if _, err := parseLog(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("parseLog(%q): error %v, want one naming line 1", bad, err)
		}
	}
}

func TestReportOfAResolvedRebase(t *testing.T) {
	r := Report{From: "v1.35.8", To: "v1.35.4", Verify: "passed", Rows: []Row{
		{Patch: "0001-a.patch", Status: AppliesCleanly},
		{Patch: "0002-b.patch", Status: AlreadyUpstream, Detail: "the release contains it"},
		{Patch: "0003-c.patch", Status: ThreeWay, Detail: "a|b"},
	}}
	var b strings.Builder
	if err := r.Write(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"# Rebase of the series from v1.35.8 to v1.35.4",
		"Every patch is resolved (1 applies-cleanly, 1 three-way, 1 already-upstream). `make verify`: passed.",
		"| 2 | `0002-b.patch` | already-upstream | drop: the release contains it | the release contains it |",
		`| a\|b |`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if !r.Resolved() {
		t.Error("a rebase without conflicts is not resolved")
	}
}

func TestReportOfAConflictSaysWhatToDo(t *testing.T) {
	r := Report{From: "v1.35.8", To: "v1.35.9", Verify: "not-run", Rows: []Row{
		{Patch: "0001-a.patch", Status: Conflict, Detail: "hunks that do not apply: pkg/x.go:12"},
		{Patch: "0002-b.patch", Status: NotTried},
	}}
	var b strings.Builder
	if err := r.Write(&b); err != nil {
		t.Fatal(err)
	}
	if r.Resolved() {
		t.Error("a rebase with a conflict is resolved")
	}
	for _, want := range []string{"**Unresolved** (1 conflict, 1 not-tried)", "hack/rebase.sh --continue", "pkg/x.go:12"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}
