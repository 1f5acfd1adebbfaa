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
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// gitRepo reads the commits of the tree the report works in: the release
// plus the series commits fetched into it.
type gitRepo struct{ dir string }

func (g gitRepo) git(args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = g.dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// show returns a file at a revision; ok is false where it does not exist.
func (g gitRepo) show(rev, file string) (content []byte, ok bool, err error) {
	if _, err := g.git("cat-file", "-e", rev+":"+file); err != nil {
		return nil, false, nil
	}
	content, err = g.git("show", rev+":"+file)
	return content, err == nil, err
}

// changedFiles lists the paths the patch (before..after) changes.
func (g gitRepo) changedFiles(before, after string) ([]string, error) {
	out, err := g.git("diff", "--name-only", "--no-renames", before, after)
	if err != nil {
		return nil, err
	}
	return strings.Fields(string(out)), nil
}

// mergeFile applies the change base→other to current, as a three-way
// merge does; conflict is true where the two sides touch the same lines.
func mergeFile(current, base, other []byte) (merged []byte, conflict bool, err error) {
	dir, err := os.MkdirTemp("", "forwardport-merge")
	if err != nil {
		return nil, false, err
	}
	defer os.RemoveAll(dir)
	names := []string{"current", "base", "other"}
	for i, content := range [][]byte{current, base, other} {
		if err := os.WriteFile(filepath.Join(dir, names[i]), content, 0o600); err != nil {
			return nil, false, err
		}
	}
	cmd := exec.Command("git", "merge-file", "-p", "current", "base", "other")
	cmd.Dir = dir
	merged, err = cmd.Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() > 0 && exit.ExitCode() < 128 {
		return merged, true, nil
	}
	return merged, false, err
}

// testPlan collects, per package, the tests to run.
type testPlan map[[2]string]map[string]bool

func (p testPlan) add(file string, names []string) {
	moduleDir, pkg := packageOf(file)
	key := [2]string{moduleDir, pkg}
	if p[key] == nil {
		p[key] = map[string]bool{}
	}
	for _, n := range names {
		p[key][n] = true
	}
}

func (p testPlan) write(w io.Writer) {
	var keys [][2]string
	for k, names := range p {
		if len(names) > 0 {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i][0]+keys[i][1] < keys[j][0]+keys[j][1] })
	for _, k := range keys {
		var names []string
		for n := range p[k] {
			names = append(names, n)
		}
		sort.Strings(names)
		fmt.Fprintf(w, "%s\t%s\t%s\n", k[0], k[1], runPattern(names))
	}
}

// carryTestFile puts one test file of the patch onto the work tree: as the
// patch leaves it where the release lacks it, else the patch's change to it
// merged into the release's version, or where that conflicts the patch's
// whole file. It returns the tests to run from it, and a note when the
// release's version of the file was replaced.
func carryTestFile(g gitRepo, before, after, file string, claimed []string) (tests []string, note string, err error) {
	target := filepath.Join(g.dir, filepath.FromSlash(file))
	newContent, inPatch, err := g.show(after, file)
	if err != nil {
		return nil, "", err
	}
	oldContent, inBase, err := g.show(before, file)
	if err != nil {
		return nil, "", err
	}
	current, readErr := os.ReadFile(target)
	inRelease := readErr == nil
	switch {
	case !inPatch:
		// The patch deletes it.
		if inRelease {
			return nil, "", os.Remove(target)
		}
		return nil, "", nil
	case !inRelease || !inBase:
		// Absent from the release (added by this or an earlier patch), or
		// added by the patch where the release has its own file of that name:
		// the patch's version is the test.
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return nil, "", err
		}
		if err := os.WriteFile(target, newContent, 0o644); err != nil {
			return nil, "", err
		}
		if inRelease && !bytes.Equal(current, newContent) {
			note = file + ": the release has a file of that name of its own; the patch's version replaced it"
		}
	default:
		merged, conflict, err := mergeFile(current, oldContent, newContent)
		if err != nil {
			return nil, "", fmt.Errorf("merging %s: %w", file, err)
		}
		if conflict {
			// The release changed the same lines: the patch's whole file is
			// its test (the release's other changes to it are left out).
			merged = newContent
			note = file + ": the release changed the lines the patch changes; the patch's version of the file replaced the release's"
		}
		if err := os.WriteFile(target, merged, 0o644); err != nil {
			return nil, "", err
		}
	}
	if !strings.HasSuffix(file, "_test.go") {
		return nil, note, nil
	}
	changed, err := changedTests(oldContent, newContent)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", file, err)
	}
	named, err := namedIn(newContent, claimed)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", file, err)
	}
	return append(changed, named...), note, nil
}

func runTests(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("forwardport tests", flag.ContinueOnError)
	fs.SetOutput(stderr)
	tree := fs.String("tree", "", "the release's work tree (a git repository holding the series commits)")
	before := fs.String("before", "", "the commit before the patch")
	after := fs.String("after", "", "the patch's commit")
	testsLine := fs.String("tests-line", "", "the patch header's Tests: line")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *tree == "" || *before == "" || *after == "" {
		fmt.Fprintln(stderr, "forwardport tests: -tree, -before and -after are required")
		return 2
	}
	g := gitRepo{dir: *tree}
	files, err := g.changedFiles(*before, *after)
	if err != nil {
		fmt.Fprintln(stderr, "forwardport tests:", err)
		return 2
	}
	plan := testPlan{}
	var notes []string
	claimed := headerTests(*testsLine)
	for _, file := range files {
		if !isTestFile(file) {
			continue
		}
		tests, note, err := carryTestFile(g, *before, *after, file, claimed)
		if err != nil {
			fmt.Fprintln(stderr, "forwardport tests:", err)
			return 2
		}
		if note != "" {
			notes = append(notes, note)
		}
		if len(tests) > 0 {
			plan.add(file, tests)
		}
	}
	if len(plan) == 0 {
		fmt.Fprintln(stdout, "undecided\tthe patch adds or changes no Go test")
		return 0
	}
	for _, n := range notes {
		fmt.Fprintf(stdout, "note\t%s\n", n)
	}
	plan.write(stdout)
	return 0
}
