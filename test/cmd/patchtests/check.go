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
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// repo is what the checkout, the pristine upstream tree and the patches
// checked so far offer to Tests: claims.
type repo struct {
	root string
	// tests are the names of the top-level test functions of the
	// checkout's own _test.go files.
	tests map[string]bool
	// upstream is a pristine kubernetes/kubernetes tree, "" for none.
	upstream string
	// upstreamTests caches the test functions of upstream's directories.
	upstreamTests map[string]map[string]bool
	// series are the tests the patches checked so far define: a later
	// patch may name a test an earlier one added.
	series map[string]bool
}

// loadRepo collects the test functions of root's own _test.go files.
func loadRepo(root, upstream string) (*repo, error) {
	r := &repo{root: root, tests: map[string]bool{}, upstream: upstream, upstreamTests: map[string]map[string]bool{}, series: map[string]bool{}}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch rel, _ := filepath.Rel(root, p); rel {
			case "vendor", "_output", "third_party", ".git":
				return filepath.SkipDir
			}
			if d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		return addTests(r.tests, p)
	})
	if err != nil {
		return nil, fmt.Errorf("reading the test files under %s: %w", root, err)
	}
	return r, nil
}

// addTests adds the top-level test functions of a Go file to tests.
func addTests(tests map[string]bool, file string) error {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	for _, decl := range f.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv == nil && testName.MatchString(fn.Name.Name) {
			tests[fn.Name.Name] = true
		}
	}
	return nil
}

// upstreamDefines reports whether a _test.go file of upstream's directory
// dir (kubernetes/kubernetes layout) defines test name: upstream's own
// tests of a package a patch changes run on the patched package
// (hack/test-upstream.sh), so a header may name them.
func (r *repo) upstreamDefines(dir, name string) (bool, error) {
	if r.upstream == "" {
		return false, nil
	}
	tests, ok := r.upstreamTests[dir]
	if !ok {
		tests = map[string]bool{}
		files, err := filepath.Glob(filepath.Join(r.upstream, filepath.FromSlash(dir), "*_test.go"))
		if err != nil {
			return false, err
		}
		for _, f := range files {
			if err := addTests(tests, f); err != nil {
				return false, err
			}
		}
		r.upstreamTests[dir] = tests
	}
	return tests[name], nil
}

// exists reports whether the kubecarry path p (test/... or hack/...) is a
// file or directory of the checkout.
func (r *repo) exists(p string) bool {
	_, err := os.Stat(filepath.Join(r.root, filepath.FromSlash(p)))
	return err == nil
}

// patch is what a patch file says and touches.
type patch struct {
	// tests is the value of the header's Tests: trailer, "" if none.
	tests string
	// files are the paths the patch adds, modifies or renames to, in
	// kubernetes/kubernetes layout; deleted files are left out.
	files []string
	// defined are the functions the patch defines or keeps as context
	// (added, unchanged and hunk header lines; not removed ones).
	defined map[string]bool
}

var (
	testName   = regexp.MustCompile(`^(Test|Benchmark|Fuzz|Example)[A-Za-z0-9_]*$`)
	funcDefRE  = regexp.MustCompile(`\bfunc ((?:Test|Benchmark|Fuzz|Example)[A-Za-z0-9_]*)\(`)
	claimRE    = regexp.MustCompile(`^(?:Test|Benchmark|Fuzz|Example)[A-Za-z0-9_]*\*?$`)
	trimmedSet = "()[],;:.\"'`"
)

// parsePatch reads a git format-patch file: the header up to the "---"
// line that ends the message, then the diff.
func parsePatch(text string) patch {
	p := patch{defined: map[string]bool{}}
	lines := strings.Split(text, "\n")
	i := 0
	for ; i < len(lines) && lines[i] != "---"; i++ {
		if v, ok := strings.CutPrefix(lines[i], "Tests:"); ok {
			p.tests = strings.TrimSpace(v)
		}
	}
	deleted := false
	for _, line := range lines[i:] {
		switch {
		case strings.HasPrefix(line, "diff --git "):
			deleted = false
			if fields := strings.Fields(line); len(fields) == 4 {
				p.files = append(p.files, strings.TrimPrefix(fields[3], "b/"))
			}
		case strings.HasPrefix(line, "deleted file mode"):
			deleted = true
			p.files = p.files[:len(p.files)-1]
		case strings.HasPrefix(line, "-"):
			// Removed lines define nothing the patched tree has.
		case !deleted && (strings.HasPrefix(line, "+") || strings.HasPrefix(line, " ") || strings.HasPrefix(line, "@@")):
			for _, m := range funcDefRE.FindAllStringSubmatch(line, -1) {
				p.defined[m[1]] = true
			}
		}
	}
	return p
}

// dirs are the directories of the files the patch touches.
func (p patch) dirs() []string {
	seen := map[string]bool{}
	var dirs []string
	for _, f := range p.files {
		if d := path.Dir(f); !seen[d] {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// checkPatch returns the problems of one patch's Tests: line. Patches of a
// series are checked in order: the tests each defines count for the later
// ones.
func checkPatch(text string, r *repo) []string {
	p := parsePatch(text)
	defer func() {
		for name := range p.defined {
			r.series[name] = true
		}
	}()
	if p.tests == "" {
		return []string{"the header has no Tests: line"}
	}
	var problems []string
	for _, clause := range strings.Split(p.tests, ";") {
		clause = strings.TrimSpace(clause)
		if clause == "" {
			continue
		}
		named := 0
		for _, word := range strings.Fields(clause) {
			for _, claim := range claimsIn(word) {
				named++
				if problem := check(claim, p, r); problem != "" {
					problems = append(problems, problem)
				}
			}
		}
		if named == 0 {
			problems = append(problems, fmt.Sprintf("Tests: clause %q names no path or test to check", clause))
		}
	}
	return problems
}

// claimsIn returns the paths and test names one word of a Tests: line
// makes claims about; "TestA/TestB" is two tests.
func claimsIn(word string) []string {
	word = strings.Trim(word, trimmedSet)
	// "-v=4" is a flag, "/metrics" a URL path: neither is a claim.
	if word == "" || strings.HasPrefix(word, "-") || strings.HasPrefix(word, "/") {
		return nil
	}
	if claimRE.MatchString(word) {
		return []string{word}
	}
	if parts := strings.Split(word, "/"); len(parts) > 1 {
		all := true
		for _, part := range parts {
			all = all && claimRE.MatchString(part)
		}
		if all {
			return parts
		}
	}
	if strings.Contains(word, "/") || strings.HasSuffix(word, ".go") || strings.HasSuffix(word, ".sh") {
		return []string{word}
	}
	return nil
}

// check returns the problem with one claim, or "".
func check(claim string, p patch, r *repo) string {
	if claimRE.MatchString(claim) {
		if prefix, wildcard := strings.CutSuffix(claim, "*"); wildcard {
			for _, tests := range []map[string]bool{p.defined, r.series, r.tests} {
				for name := range tests {
					if strings.HasPrefix(name, prefix) {
						return ""
					}
				}
			}
			return fmt.Sprintf("Tests: %s: no test whose name starts with %s is defined in the series up to this patch or in the repository's test files", claim, prefix)
		}
		if p.defined[claim] || r.series[claim] || r.tests[claim] {
			return ""
		}
		for _, dir := range p.dirs() {
			found, err := r.upstreamDefines(dir, claim)
			if err != nil {
				return fmt.Sprintf("Tests: %s: reading upstream's tests in %s: %v", claim, dir, err)
			}
			if found {
				return ""
			}
		}
		return fmt.Sprintf("Tests: %s is defined neither in the series up to this patch (func %s), nor in upstream's tests of a directory the patch changes, nor in the repository's test files", claim, claim)
	}
	if strings.HasPrefix(claim, "test/") || strings.HasPrefix(claim, "hack/") {
		if r.exists(claim) {
			return ""
		}
		return fmt.Sprintf("Tests: %s does not exist in the repository", claim)
	}
	if !strings.Contains(claim, "/") {
		for _, f := range p.files {
			if path.Base(f) == claim {
				return ""
			}
		}
		return fmt.Sprintf("Tests: %s is not the name of a file the patch adds or modifies", claim)
	}
	upstream := upstreamPath(claim)
	for _, f := range p.files {
		if f == upstream || strings.HasPrefix(f, upstream+"/") {
			return ""
		}
	}
	return fmt.Sprintf("Tests: %s (%s) is neither a file the patch adds or modifies nor a directory with one", claim, upstream)
}

// upstreamPath turns a Go import path of upstream into its place in a
// kubernetes/kubernetes checkout; a path in that layout stays as it is.
func upstreamPath(p string) string {
	if rest, ok := strings.CutPrefix(p, "k8s.io/kubernetes/"); ok {
		return rest
	}
	if strings.HasPrefix(p, "k8s.io/") {
		return "staging/src/" + p
	}
	return p
}
