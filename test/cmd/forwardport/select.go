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
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"regexp"
	"sort"
	"strings"
)

// isTestFile says whether a path of the tree is part of a patch's tests:
// a Go test file or anything under a testdata directory.
func isTestFile(p string) bool {
	return strings.HasSuffix(p, "_test.go") || strings.Contains("/"+p, "/testdata/")
}

// testFuncs returns the source of each top-level TestX function in src.
func testFuncs(src []byte) (map[string]string, error) {
	funcs := map[string]string{}
	if len(src) == 0 {
		return funcs, nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || !isTestName(fn.Name.Name) {
			continue
		}
		start, end := fset.Position(fn.Pos()).Offset, fset.Position(fn.End()).Offset
		funcs[fn.Name.Name] = string(src[start:end])
	}
	return funcs, nil
}

// isTestName follows go test: "Test" and then nothing or a non-lowercase
// letter.
func isTestName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Test")
	return ok && (rest == "" || rest[0] < 'a' || rest[0] > 'z')
}

// changedTests names the Test functions of after that before lacks or
// defines differently: the tests a patch adds or changes in one file.
func changedTests(before, after []byte) ([]string, error) {
	old, err := testFuncs(before)
	if err != nil {
		return nil, err
	}
	cur, err := testFuncs(after)
	if err != nil {
		return nil, err
	}
	var names []string
	for name, body := range cur {
		if prev, ok := old[name]; !ok || prev != body {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names, nil
}

var headerTest = regexp.MustCompile(`\bTest[A-Z0-9_]\w*\*?`)

// headerTests returns the test names (and "TestX*" prefixes) a patch
// header's Tests: line gives.
func headerTests(line string) []string {
	return headerTest.FindAllString(line, -1)
}

// namedIn returns the Test functions of src that one of the header's names
// or prefixes names: tests the patch claims in a file it changes, even
// where it changes only their helpers.
func namedIn(src []byte, names []string) ([]string, error) {
	funcs, err := testFuncs(src)
	if err != nil {
		return nil, err
	}
	var found []string
	for fn := range funcs {
		for _, n := range names {
			if prefix, ok := strings.CutSuffix(n, "*"); (ok && strings.HasPrefix(fn, prefix)) || fn == n {
				found = append(found, fn)
				break
			}
		}
	}
	sort.Strings(found)
	return found, nil
}

// packageOf splits a Go file's path in the kubernetes/kubernetes tree into
// the module directory go test runs in and the package relative to it:
// staging/src/k8s.io/<module>/... is its own module.
func packageOf(file string) (moduleDir, pkg string) {
	dir := path.Dir(file)
	if rest, ok := strings.CutPrefix(dir, "staging/src/k8s.io/"); ok {
		module, inner, _ := strings.Cut(rest, "/")
		moduleDir = "staging/src/k8s.io/" + module
		if inner == "" {
			return moduleDir, "."
		}
		return moduleDir, "./" + inner
	}
	return ".", "./" + dir
}

// runPattern is the go test -run expression for exactly the named tests.
func runPattern(names []string) string {
	var b bytes.Buffer
	b.WriteString("^(")
	for i, n := range names {
		if i > 0 {
			b.WriteByte('|')
		}
		b.WriteString(regexp.QuoteMeta(n))
	}
	b.WriteString(")$")
	return b.String()
}
