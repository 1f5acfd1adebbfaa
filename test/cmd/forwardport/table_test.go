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
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExpectsDrop(t *testing.T) {
	for _, tc := range []struct {
		dropWhen, release string
		want              bool
	}{
		{"rebasing onto v1.36, which has the Beta spec", "v1.36.3", true},
		{"rebasing onto v1.36", "v1.37.2", true},
		{"Rebasing onto v1.37.", "v1.36.3", false},
		{"upstream fails over between capable peers", "v1.37.2", false},
		{"upstream refreshes peer discovery (not in v1.36.3)", "v1.36.3", false},
	} {
		if got := expectsDrop(tc.dropWhen, tc.release); got != tc.want {
			t.Errorf("expectsDrop(%q, %s) = %v, want %v", tc.dropWhen, tc.release, got, tc.want)
		}
	}
}

func TestMark(t *testing.T) {
	const dropAt36 = "rebasing onto v1.36"
	const keep = "upstream caches peer endpoints"
	for _, tc := range []struct {
		name     string
		r        result
		dropWhen string
		want     string
	}{
		{"tests pass, drop promised: agrees", result{Apply: "conflict", Finding: Upstream}, dropAt36, agrees},
		{"tests fail, drop promised: contradicts", result{Apply: "conflict", Finding: Carry}, dropAt36, disagrees},
		{"tests pass, keep: contradicts", result{Apply: "applies-cleanly", Finding: Upstream}, keep, disagrees},
		{"tests fail, keep: agrees", result{Apply: "applies-cleanly", Finding: Carry}, keep, agrees},
		{"reverse-applies, keep: contradicts whatever the tests say", result{Apply: "already-upstream", Finding: Undecided}, keep, disagrees},
		{"tests cannot tell", result{Apply: "conflict", Finding: Undecided}, dropAt36, unknown},
	} {
		if got, why := tc.r.mark(tc.dropWhen, "v1.36.3"); got != tc.want || (got == disagrees) != (why != "") {
			t.Errorf("%s: mark = %q (%q), want %q with a reason only for a contradiction", tc.name, got, why, tc.want)
		}
	}
}

// writeFixture writes a series of two patches with their notes and one
// release's results, and returns the series file.
func writeFixture(t *testing.T) (series, notes, releaseDir string) {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"patches/0001-a-thing-upstream-took.patch": "Subject: [PATCH] a thing upstream\n took\n\nDrop-when: rebasing onto v1.36\nTests: TestA\n---\ndiff --git a/x b/x\n",
		"patches/0002-a-thing-only-we-have.patch":  "Subject: [PATCH] a thing only we have\n\nDrop-when: upstream does it | too\n---\ndiff --git a/y b/y\nDrop-when: not this one\n",
		"patches/series":                 "0001-a-thing-upstream-took.patch\n# comment\n0002-a-thing-only-we-have.patch\n",
		"patches/forward-port-notes.tsv": "# patch\tnote\n0001\tdrop it\n0002\tkeep it\n",
		"v1.36.3/apply.tsv":              "0001-a-thing-upstream-took.patch\tconflict\thunks that do not apply: x:1\n0002-a-thing-only-we-have.patch\tapplies-cleanly\t\n",
		"v1.36.3/tests.tsv":              "0001-a-thing-upstream-took.patch\tcarry\t1 of 1 fail: TestA\n0002-a-thing-only-we-have.patch\tupstream\t1 pass: TestB\n",
	}
	writeFiles(t, dir, files)
	return filepath.Join(dir, "patches/series"), filepath.Join(dir, "patches/forward-port-notes.tsv"), filepath.Join(dir, "v1.36.3")
}

func TestTableFlagsEveryContradictionAndPassesItsOwnCheck(t *testing.T) {
	series, notes, releaseDir := writeFixture(t)
	doc := filepath.Join(filepath.Dir(series), "README.md")
	if err := os.WriteFile(doc, []byte("# Patches\n\nText before.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	args := []string{"table", "-series", series, "-notes", notes, "-from", "v1.35.8", "-write", doc, "v1.36.3=" + releaseDir}
	if rc := run(args, &stdout, &stderr); rc != 0 {
		t.Fatalf("table: exit %d: %s", rc, stderr.String())
	}
	table := stdout.String()
	for _, want := range []string{
		"| Patch | Drop-when says | v1.36.3 | Should kubecarry follow upstream? |",
		"| `0001` a thing upstream took | rebasing onto v1.36 | conflict · carry needed ✗ | drop it |",
		"| `0002` a thing only we have | upstream does it \\| too | applies-cleanly · upstream has it ✗ | keep it |",
		"#### Where the tests contradict `Drop-when:` (2)",
		"- `0001` on v1.36.3: Drop-when: says \"rebasing onto v1.36\", but the patch's tests fail on the release (1 of 1 fail: TestA)",
		"- `0001` on v1.36.3 — applies: conflict: hunks that do not apply: x:1; tests: carry — 1 of 1 fail: TestA",
	} {
		if !strings.Contains(table, want) {
			t.Errorf("the table lacks %q:\n%s", want, table)
		}
	}
	written, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(written), "# Patches\n\nText before.\n\n"+beginMarker) {
		t.Errorf("the table was not appended after the text:\n%s", written)
	}
	// A second run replaces the block instead of adding another.
	if rc := run(args, &stdout, &stderr); rc != 0 {
		t.Fatalf("table (again): exit %d: %s", rc, stderr.String())
	}
	again, _ := os.ReadFile(doc)
	if !bytes.Equal(again, written) {
		t.Errorf("regenerating changed the document:\n%s", again)
	}
	stdout.Reset()
	if rc := run([]string{"check", "-series", series, doc}, &stdout, &stderr); rc != 0 {
		t.Errorf("check of a generated table: exit %d: %s", rc, stdout.String())
	}
}

func TestTableRefusesAPatchWithoutANote(t *testing.T) {
	series, notes, releaseDir := writeFixture(t)
	if err := os.WriteFile(notes, []byte("0001\tdrop it\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	rc := run([]string{"table", "-series", series, "-notes", notes, "-from", "v1.35.8", "v1.36.3=" + releaseDir}, &stdout, &stderr)
	if rc == 0 || !strings.Contains(stderr.String(), "no note for 0002") {
		t.Errorf("table without a note for 0002: exit %d, %q", rc, stderr.String())
	}
}

func TestCheckNamesWhatIsWrong(t *testing.T) {
	series, notes, releaseDir := writeFixture(t)
	var table, stderr bytes.Buffer
	if rc := run([]string{"table", "-series", series, "-notes", notes, "-from", "v1.35.8", "v1.36.3=" + releaseDir}, &table, &stderr); rc != 0 {
		t.Fatalf("table: %s", stderr.String())
	}
	patches, err := readSeries(series)
	if err != nil {
		t.Fatal(err)
	}
	good := table.String()
	for _, tc := range []struct{ name, doc, want string }{
		{"no markers", "# nothing\n", "no forward-port table"},
		{"a row missing", strings.Replace(good, "| `0002`", "not a row `0002`", 1), "1 patch rows, the series 2"},
		{"rows out of order", strings.Replace(strings.Replace(good, "`0001` a", "`000X` a", 1), "`0002` a", "`0001` a", 1), "the series has 0001 there"},
		{"a cell edited by hand", strings.Replace(good, "conflict · carry needed ✗", "maybe", 1), `"maybe" is not`},
		{"an empty note", strings.Replace(good, "| drop it |", "|  |", 1), "row 1 has no note"},
		{"a header without releases", strings.Replace(good, " v1.36.3 |", "", 1), "no header row"},
	} {
		problems := checkTable(tc.doc, patches)
		if !strings.Contains(strings.Join(problems, "\n"), tc.want) {
			t.Errorf("%s: problems %q, want one containing %q", tc.name, problems, tc.want)
		}
	}
	if problems := checkTable(good, patches); len(problems) != 0 {
		t.Errorf("the generated table: %q", problems)
	}
}
