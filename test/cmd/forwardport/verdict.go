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
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
)

// The findings about a patch's behaviour on a release.
const (
	// Upstream: every test of the patch passes on the release.
	Upstream = "upstream"
	// Carry: some test of the patch fails on the release.
	Carry = "carry"
	// Undecided: the tests could not say (they do not merge, do not build,
	// or none ran).
	Undecided = "undecided"
)

// testEvent is one line of go test -json (test2json).
type testEvent struct {
	Action     string
	Package    string
	ImportPath string
	Test       string
	Output     string
}

// testRun is what the go test -json streams of one patch say.
type testRun struct {
	passed, failed, skipped map[string]bool
	// failedSubtests names the subtests that failed, for the detail.
	failedSubtests []string
	buildErrors    []string
	buildFailed    []string
}

// compileError matches the lines of a compiler or vet report worth
// quoting: "path/file.go:12:3: undefined: x".
var compileError = regexp.MustCompile(`^\S+\.go:\d+(:\d+)?: `)

func readRun(r io.Reader, run *testRun) error {
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for s.Scan() {
		line := s.Bytes()
		if len(line) == 0 || line[0] != '{' {
			// go test prints a build failure of a package without tests
			// outside the JSON stream.
			if text := strings.TrimSpace(string(line)); compileError.MatchString(text) {
				run.buildErrors = append(run.buildErrors, text)
			}
			continue
		}
		var e testEvent
		if err := json.Unmarshal(line, &e); err != nil {
			return fmt.Errorf("not go test -json output: %w", err)
		}
		// Subtests are reported with their parent.
		top, _, _ := strings.Cut(e.Test, "/")
		switch {
		case e.Action == "build-output":
			if text := strings.TrimSpace(e.Output); compileError.MatchString(text) {
				run.buildErrors = append(run.buildErrors, text)
			}
		case e.Action == "build-fail":
			run.buildFailed = append(run.buildFailed, e.ImportPath)
		case e.Test == "" && e.Action == "output" && strings.Contains(e.Output, "[setup failed]"):
			run.buildFailed = append(run.buildFailed, e.Package)
		case e.Test != "" && top != e.Test && e.Action == "fail":
			run.failedSubtests = append(run.failedSubtests, e.Test)
		case e.Test == "" || top != e.Test:
		case e.Action == "pass":
			run.passed[top] = true
		case e.Action == "fail":
			run.failed[top] = true
		case e.Action == "skip":
			run.skipped[top] = true
		}
	}
	return s.Err()
}

// verdict says what the tests of a patch say about a release.
//
// replaced says that a test file of the patch was carried whole because the
// release changed the same lines: a failure may then come from the
// release's own change to those lines, so it does not decide.
func verdict(run testRun, replaced bool) (finding, detail string) {
	passed, failed, skipped := keys(run.passed), keys(run.failed), keys(run.skipped)
	var notBuilt string
	if len(run.buildFailed) > 0 {
		errs := run.buildErrors
		if len(errs) > 3 {
			errs = append(errs[:3:3], fmt.Sprintf("and %d more", len(run.buildErrors)-3))
		}
		notBuilt = fmt.Sprintf("the tests do not build on the release (%s)", strings.Join(unique(run.buildFailed), ", "))
		if missing := missingNames(run.buildErrors); len(missing) > 0 {
			notBuilt += fmt.Sprintf(": they use what the release does not have: %s (%d compile errors)", strings.Join(missing, ", "), len(run.buildErrors))
		} else if len(errs) > 0 {
			notBuilt += ": " + strings.Join(errs, "; ")
		}
	}
	switch {
	case len(failed) > 0:
		// A failing test decides even where another package did not build.
		detail = fmt.Sprintf("%d of %d fail: %s", len(failed), len(failed)+len(passed), strings.Join(failed, ", "))
		if sub := run.failedSubtests; len(sub) > 0 {
			if len(sub) > 5 {
				sub = append(sub[:5:5], fmt.Sprintf("%d more", len(run.failedSubtests)-5))
			}
			detail += " (subtests " + strings.Join(sub, ", ") + ")"
		}
		if len(passed) > 0 {
			detail += "; pass: " + strings.Join(passed, ", ")
		}
		if notBuilt != "" {
			detail += "; " + notBuilt
		}
		if replaced {
			return Undecided, detail + "; the failures may be the release's own change to the lines the patch's tests change"
		}
		return Carry, detail
	case notBuilt != "":
		if len(passed) > 0 {
			notBuilt += "; pass: " + strings.Join(passed, ", ")
		}
		return Undecided, notBuilt
	case len(passed) > 0:
		return Upstream, fmt.Sprintf("%d pass: %s", len(passed), strings.Join(passed, ", "))
	case len(skipped) > 0:
		return Undecided, "every test skipped itself: " + strings.Join(skipped, ", ")
	default:
		return Undecided, "no test of the patch ran"
	}
}

// The compiler's words for a name the package does not have.
var missingName = regexp.MustCompile(`undefined: (\w+(?:\.\w+)?)|has no field or method (\w+)|unknown field (\w+) in struct literal`)

// missingNames lists, once each and in order, the names the compile errors
// say the release lacks: what the patch's tests need from the patch.
func missingNames(errs []string) []string {
	var names []string
	for _, e := range errs {
		for _, m := range missingName.FindAllStringSubmatch(e, -1) {
			names = append(names, m[1]+m[2]+m[3])
		}
	}
	return unique(names)
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func unique(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func runVerdict(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("forwardport verdict", flag.ContinueOnError)
	fs.SetOutput(stderr)
	replaced := fs.Bool("replaced", false, "a test file was carried whole over the release's (forwardport tests printed a note)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	run := testRun{passed: map[string]bool{}, failed: map[string]bool{}, skipped: map[string]bool{}}
	for _, name := range fs.Args() {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(stderr, "forwardport verdict:", err)
			return 2
		}
		err = readRun(f, &run)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "forwardport verdict: %s: %v\n", name, err)
			return 2
		}
	}
	finding, detail := verdict(run, *replaced)
	fmt.Fprintf(stdout, "%s\t%s\n", finding, detail)
	return 0
}
