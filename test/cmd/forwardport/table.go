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
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// The markers around the generated block in patches/README.md.
const (
	beginMarker = "<!-- BEGIN forward-port table: hack/forward-port-report.sh writes it, hack/verify-forward-port-table.sh checks it -->"
	endMarker   = "<!-- END forward-port table -->"
)

// The finding shown per release, and how it stands to Drop-when:.
var findingText = map[string]string{Upstream: "upstream has it", Carry: "carry needed", Undecided: "undecided"}

const (
	agrees    = "✓"
	disagrees = "✗"
	unknown   = "?"
)

// patchInfo is what the table needs from a patch file.
type patchInfo struct {
	Name, Number, Title, DropWhen string
}

// readPatch reads the name and Drop-when: line of a patch.
func readPatch(file string) (patchInfo, error) {
	content, err := os.ReadFile(file)
	if err != nil {
		return patchInfo{}, err
	}
	name := filepath.Base(file)
	number, rest, _ := strings.Cut(strings.TrimSuffix(name, ".patch"), "-")
	info := patchInfo{Name: name, Number: number, Title: strings.ReplaceAll(rest, "-", " ")}
	lines := strings.Split(string(content), "\n")
	for i, line := range lines {
		// The subject, unfolded (format-patch folds it; the file name cuts it).
		if v, ok := strings.CutPrefix(line, "Subject: [PATCH] "); ok {
			for j := i + 1; j < len(lines) && strings.HasPrefix(lines[j], " "); j++ {
				v += lines[j]
			}
			info.Title = v
		}
		if v, ok := strings.CutPrefix(line, "Drop-when: "); ok {
			info.DropWhen = strings.TrimSpace(v)
			break
		}
		if strings.HasPrefix(line, "diff --git ") {
			break
		}
	}
	if info.DropWhen == "" {
		return info, fmt.Errorf("%s has no Drop-when: line", name)
	}
	return info, nil
}

var dropAtMinor = regexp.MustCompile(`(?i)rebasing onto v1\.(\d+)`)

// expectsDrop says whether the Drop-when: line says the patch goes by the
// release: only "rebasing onto v1.N" is a promise about a release; every
// other condition is about what upstream does and is not yet met.
func expectsDrop(dropWhen, release string) bool {
	m := dropAtMinor.FindStringSubmatch(dropWhen)
	if m == nil {
		return false
	}
	at, _ := strconv.Atoi(m[1])
	return releaseMinor(release) >= at
}

func releaseMinor(release string) int {
	parts := strings.Split(strings.TrimPrefix(release, "v"), ".")
	if len(parts) < 2 {
		return -1
	}
	minor, err := strconv.Atoi(parts[1])
	if err != nil {
		return -1
	}
	return minor
}

// result is one patch on one release.
type result struct {
	Apply, ApplyDetail, Finding, Detail string
}

// judged combines the two answers: a patch that reverse-applies is in the
// release whatever its tests say.
func (r result) judged() string {
	if r.Apply == "already-upstream" {
		return Upstream
	}
	return r.Finding
}

// mark compares the finding with Drop-when: and says why they disagree.
func (r result) mark(dropWhen, release string) (mark, why string) {
	drop := expectsDrop(dropWhen, release)
	switch finding := r.judged(); {
	case finding == Undecided:
		return unknown, ""
	case finding == Upstream && !drop:
		return disagrees, fmt.Sprintf("the release has the behaviour (%s), but Drop-when: says keep it until %q", r.evidence(), dropWhen)
	case finding == Carry && drop:
		return disagrees, fmt.Sprintf("Drop-when: says %q, but the patch's tests fail on the release (%s)", dropWhen, r.Detail)
	default:
		return agrees, ""
	}
}

func (r result) evidence() string {
	if r.Apply == "already-upstream" {
		return "the patch reverse-applies"
	}
	return "its tests pass"
}

// readRows reads a "<patch>\t<first>\t<detail>" TSV into a map by patch.
func readRows(file string) (map[string][2]string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows := map[string][2]string{}
	s := bufio.NewScanner(f)
	s.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	for n := 1; s.Scan(); n++ {
		if strings.TrimSpace(s.Text()) == "" {
			continue
		}
		fields := strings.SplitN(s.Text(), "\t", 3)
		if len(fields) < 2 {
			return nil, fmt.Errorf("%s:%d: want <patch>\\t<status>\\t<detail>", file, n)
		}
		if len(fields) == 2 {
			fields = append(fields, "")
		}
		rows[fields[0]] = [2]string{fields[1], fields[2]}
	}
	return rows, s.Err()
}

// readNotes reads patches/forward-port-notes.tsv: "<number>\t<note>".
func readNotes(file string) (map[string]string, error) {
	content, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	notes := map[string]string{}
	for n, line := range strings.Split(string(content), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		number, note, ok := strings.Cut(line, "\t")
		if !ok || strings.TrimSpace(note) == "" {
			return nil, fmt.Errorf("%s:%d: want <patch number>\\t<note>", file, n+1)
		}
		notes[number] = strings.TrimSpace(note)
	}
	return notes, nil
}

// release is one release's results, by patch name.
type release struct {
	Name    string
	Results map[string]result
}

func loadRelease(name, dir string) (release, error) {
	applied, err := readRows(filepath.Join(dir, "apply.tsv"))
	if err != nil {
		return release{}, err
	}
	tested, err := readRows(filepath.Join(dir, "tests.tsv"))
	if err != nil {
		return release{}, err
	}
	r := release{Name: name, Results: map[string]result{}}
	for patch, a := range applied {
		t, ok := tested[patch]
		if !ok {
			return release{}, fmt.Errorf("%s: %s was applied but its tests were not judged", dir, patch)
		}
		if _, known := findingText[t[0]]; !known {
			return release{}, fmt.Errorf("%s: %s: unknown finding %q", dir, patch, t[0])
		}
		r.Results[patch] = result{Apply: a[0], ApplyDetail: a[1], Finding: t[0], Detail: t[1]}
	}
	return r, nil
}

// writeTable writes the generated block, markers included.
func writeTable(w io.Writer, from string, patches []patchInfo, releases []release, notes map[string]string) error {
	var b bytes.Buffer
	var names []string
	for _, r := range releases {
		names = append(names, r.Name)
	}
	fmt.Fprintln(&b, beginMarker)
	fmt.Fprintf(&b, "\nThe series on %s against %s. Each release cell: how the patch applies there (in series order; a conflicting patch is skipped) · what its own tests say when only its test files are put on the pristine release, and %s where that agrees with `Drop-when:`, %s where it contradicts it, %s where the tests cannot tell.\n\n",
		from, strings.Join(names, " and "), agrees, disagrees, unknown)
	fmt.Fprintf(&b, "| Patch | Drop-when says | %s | Should kubecarry follow upstream? |\n", strings.Join(names, " | "))
	fmt.Fprintf(&b, "|---|---|%s---|\n", strings.Repeat("---|", len(releases)))
	var disagreements, details []string
	for _, p := range patches {
		note, ok := notes[p.Number]
		if !ok {
			return fmt.Errorf("patches/forward-port-notes.tsv has no note for %s", p.Number)
		}
		cells := []string{fmt.Sprintf("`%s` %s", p.Number, p.Title), cell(p.DropWhen)}
		for _, r := range releases {
			res, ok := r.Results[p.Name]
			if !ok {
				return fmt.Errorf("%s: no result for %s", r.Name, p.Name)
			}
			mark, why := res.mark(p.DropWhen, r.Name)
			cells = append(cells, fmt.Sprintf("%s · %s %s", res.Apply, findingText[res.judged()], mark))
			if why != "" {
				disagreements = append(disagreements, fmt.Sprintf("- `%s` on %s: %s", p.Number, r.Name, why))
			}
			details = append(details, fmt.Sprintf("- `%s` on %s — applies: %s%s; tests: %s — %s",
				p.Number, r.Name, res.Apply, prefixed(": ", res.ApplyDetail), res.Finding, res.Detail))
		}
		cells = append(cells, cell(note))
		fmt.Fprintf(&b, "| %s |\n", strings.Join(cells, " | "))
	}
	fmt.Fprintf(&b, "\n#### Where the tests contradict `Drop-when:` (%d)\n\n", len(disagreements))
	if len(disagreements) == 0 {
		b.WriteString("None.\n")
	}
	for _, d := range disagreements {
		fmt.Fprintln(&b, d)
	}
	b.WriteString("\n#### Details\n\n")
	for _, d := range details {
		fmt.Fprintln(&b, cell(d))
	}
	fmt.Fprintf(&b, "\n%s\n", endMarker)
	_, err := w.Write(b.Bytes())
	return err
}

func prefixed(prefix, s string) string {
	if s == "" {
		return ""
	}
	return prefix + s
}

// cell makes text safe inside a Markdown table cell or list item.
func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

// replaceBlock puts block between the markers of doc (or at its end).
func replaceBlock(doc, block string) (string, error) {
	start := strings.Index(doc, beginMarker)
	end := strings.Index(doc, endMarker)
	switch {
	case start < 0 && end < 0:
		return strings.TrimRight(doc, "\n") + "\n\n" + block, nil
	case start < 0 || end < start:
		return "", fmt.Errorf("the forward-port table's markers are broken")
	}
	return doc[:start] + block + doc[end+len(endMarker)+1:], nil
}

// readSeries lists the patch files of the series, in order.
func readSeries(file string) ([]patchInfo, error) {
	content, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var patches []patchInfo
	for _, line := range strings.Split(string(content), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := readPatch(filepath.Join(filepath.Dir(file), line))
		if err != nil {
			return nil, err
		}
		patches = append(patches, p)
	}
	return patches, nil
}

func runTable(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("forwardport table", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seriesFile := fs.String("series", "", "patches/series")
	notesFile := fs.String("notes", "", "patches/forward-port-notes.tsv")
	from := fs.String("from", "", "the release the series is on")
	doc := fs.String("write", "", "a Markdown file whose table to replace (else the table goes to stdout)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *seriesFile == "" || *notesFile == "" || *from == "" || fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: forwardport table -series FILE -notes FILE -from RELEASE [-write DOC] RELEASE=DIR...")
		return 2
	}
	fail := func(err error) int { fmt.Fprintln(stderr, "forwardport table:", err); return 2 }
	patches, err := readSeries(*seriesFile)
	if err != nil {
		return fail(err)
	}
	notes, err := readNotes(*notesFile)
	if err != nil {
		return fail(err)
	}
	var releases []release
	for _, arg := range fs.Args() {
		name, dir, ok := strings.Cut(arg, "=")
		if !ok {
			return fail(fmt.Errorf("%q is not RELEASE=DIR", arg))
		}
		r, err := loadRelease(name, dir)
		if err != nil {
			return fail(err)
		}
		releases = append(releases, r)
	}
	var b bytes.Buffer
	if err := writeTable(&b, *from, patches, releases, notes); err != nil {
		return fail(err)
	}
	stdout.Write(b.Bytes())
	if *doc == "" {
		return 0
	}
	content, err := os.ReadFile(*doc)
	if err != nil {
		return fail(err)
	}
	updated, err := replaceBlock(string(content), b.String())
	if err != nil {
		return fail(fmt.Errorf("%s: %w", *doc, err))
	}
	if err := os.WriteFile(*doc, []byte(updated), 0o644); err != nil {
		return fail(err)
	}
	return 0
}
