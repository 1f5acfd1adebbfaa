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
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const maxYear = 2026

// The repository's own templates, so the tests check what CI checks.
func templates(t *testing.T) map[Kind]*Template {
	t.Helper()
	ts, err := LoadTemplates(filepath.Join("..", "..", "boilerplate"))
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// header returns a template's text with YEAR replaced by year.
func header(t *testing.T, k Kind, year string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "boilerplate", TemplateFile(k)))
	if err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(string(data), yearPlaceholder, year)
}

func TestKindOf(t *testing.T) {
	for _, tc := range []struct {
		name, first string
		want        Kind
	}{
		{"pkg/a/a.go", "package a", KindGo},
		{"pkg/a/a_test.go", "//go:build linux", KindGo},
		{"hack/verify-all.sh", "#!/usr/bin/env bash", KindHash},
		{"hack/lib/log.sh", "# no shebang in a library", KindHash},
		{"Makefile", "# kubecarry", KindHash},
		{"build/rules.mk", "", KindHash},
		{"images/Dockerfile", "FROM scratch", KindHash},
		{"images/Dockerfile.proxy", "FROM scratch", KindHash},
		{".ci/run", "#!/usr/bin/env bash", KindHash},
		{"tools/run", "#!/bin/sh", KindHash},
		{"tools/run", "#!/bin/bash -e", KindHash},
		{"tools/run.py", "#!/usr/bin/env bash", KindNone},
		{"tools/run", "#!/usr/bin/env python3", KindNone},
		{"README.md", "# kubecarry", KindNone},
		{"deploy/rbac.yaml", "apiVersion: v1", KindNone},
		{"go.mod", "module x", KindNone},
		{"patches/0001-x.patch", "From 0000", KindNone},
		{"UPSTREAM_VERSION", "v1.35.8", KindNone},
	} {
		if got := KindOf(tc.name, []byte(tc.first)); got != tc.want {
			t.Errorf("KindOf(%q, %q) = %q, want %q", tc.name, tc.first, got, tc.want)
		}
	}
}

func TestExcluded(t *testing.T) {
	for rel, want := range map[string]bool{
		"vendor/k8s.io/api/x.go":                   true,
		"patches/0001-x.patch":                     true,
		"_output/bin/x.sh":                         true,
		"third_party/etcd/x":                       true,
		".git/hooks/pre-commit":                    true,
		"hack/testdata/patches/tree/pkg/sample.go": true,
		"test/integration/testdata/x.sh":           true,
		"hack/tools/vendor/x.go":                   true,
		"Makefile":                                 false,
		"vendor.go":                                false,
		"hack/tools/boilerplate/check.go":          false,
		"pkg/patches/x.go":                         false,
		"test/testdata.go":                         false,
	} {
		if got := Excluded(rel); got != want {
			t.Errorf("Excluded(%q) = %v, want %v", rel, got, want)
		}
	}
}

func TestCheck(t *testing.T) {
	ts := templates(t)
	goHeader := header(t, KindGo, "2026")
	shHeader := header(t, KindHash, "2019")
	for _, tc := range []struct {
		name    string
		kind    Kind
		content string
		// wantErr is a part of the error, "" for no error.
		wantErr string
	}{
		{name: "go", kind: KindGo, content: goHeader + "\npackage a\n"},
		{name: "go after build constraints", kind: KindGo, content: "//go:build linux\n// +build linux\n\n" + goHeader + "\npackage a\n"},
		{name: "go with CRLF line ends", kind: KindGo, content: strings.ReplaceAll(goHeader+"\npackage a\n", "\n", "\r\n")},
		{name: "go header only", kind: KindGo, content: goHeader},
		{name: "go without header", kind: KindGo, content: "package a\n", wantErr: `line 1: no license header (want the one of boilerplate.go.txt): got "package a"`},
		{name: "go after a blank line", kind: KindGo, content: "\n" + goHeader, wantErr: "line 1: no license header"},
		{name: "go with another author", kind: KindGo, content: strings.Replace(goHeader, "kubecarry", "Kubernetes", 1), wantErr: `line 2: the license header differs from boilerplate.go.txt: got "Copyright 2026 The Kubernetes Authors."`},
		{name: "go with the placeholder left in", kind: KindGo, content: header(t, KindGo, "YEAR"), wantErr: "with a four-digit year"},
		{name: "go from the future", kind: KindGo, content: header(t, KindGo, "2031"), wantErr: "the copyright year 2031 is in the future"},
		{name: "go with a changed license line", kind: KindGo, content: strings.Replace(goHeader, "WITHOUT WARRANTIES", "WITH WARRANTIES", 1), wantErr: "line 12: the license header differs"},
		{name: "go cut short", kind: KindGo, content: strings.Join(strings.Split(goHeader, "\n")[:5], "\n") + "\n", wantErr: "line 6: the file ends inside the license header"},
		{name: "go with line comments", kind: KindGo, content: "// Copyright 2026 The kubecarry Authors.\npackage a\n", wantErr: "no license header"},
		{name: "empty", kind: KindGo, content: "", wantErr: "line 1: the file ends inside the license header"},
		{name: "script", kind: KindHash, content: "#!/usr/bin/env bash\n" + shHeader + "\nset -o errexit\n"},
		{name: "script, blank line after the shebang", kind: KindHash, content: "#!/usr/bin/env bash\n\n" + shHeader},
		{name: "library without shebang", kind: KindHash, content: shHeader + "\nf() { :; }\n"},
		{name: "script without header", kind: KindHash, content: "#!/usr/bin/env bash\n# CI entry point.\nmake test\n", wantErr: `line 2: no license header (want the one of boilerplate.sh.txt): got "# CI entry point."`},
		{name: "script with a Go header", kind: KindHash, content: "#!/usr/bin/env bash\n" + goHeader, wantErr: "line 2: no license header"},
		{name: "script with a short year", kind: KindHash, content: "#!/usr/bin/env bash\n" + header(t, KindHash, "26"), wantErr: "four-digit year"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Check(tc.kind, ts[tc.kind], []byte(tc.content), maxYear)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("unexpected error: %v", err)
			case tc.wantErr != "" && err == nil:
				t.Errorf("no error, want one containing %q", tc.wantErr)
			case tc.wantErr != "" && !strings.Contains(err.Error(), tc.wantErr):
				t.Errorf("error %q does not contain %q", err, tc.wantErr)
			}
		})
	}
}

func TestParseTemplate(t *testing.T) {
	if _, err := ParseTemplate("empty.txt", []byte("\n")); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("empty template: got %v, want an error saying it is empty", err)
	}
	if _, err := ParseTemplate("fixed.txt", []byte("# Copyright 2026 X\n")); err == nil || !strings.Contains(err.Error(), "no YEAR placeholder") {
		t.Errorf("template without YEAR: got %v, want an error naming the placeholder", err)
	}
}

func TestLoadTemplatesNamesTheMissingFile(t *testing.T) {
	_, err := LoadTemplates(t.TempDir())
	if err == nil || !strings.Contains(err.Error(), TemplateFile(KindGo)) {
		t.Errorf("got %v, want an error naming %s", err, TemplateFile(KindGo))
	}
}

// writeTree makes files under a temporary root and returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for rel, content := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestWalkAndCheckFiles(t *testing.T) {
	goHeader := header(t, KindGo, "2026")
	shHeader := header(t, KindHash, "2026")
	root := writeTree(t, map[string]string{
		"pkg/good.go":                  goHeader + "\npackage pkg\n",
		"pkg/bad.go":                   "package pkg\n",
		"hack/good.sh":                 "#!/usr/bin/env bash\n" + shHeader,
		"hack/bad.sh":                  "#!/usr/bin/env bash\nexit 0\n",
		".ci/run":                      "#!/usr/bin/env bash\nmake test\n",
		"Makefile":                     "# kubecarry\nall:\n",
		"README.md":                    "# kubecarry\n",
		"vendor/k8s.io/x/x.go":         "package x\n",
		"patches/0001-x.patch":         "From 0000\n",
		"_output/x.sh":                 "exit 0\n",
		"hack/testdata/tree/sample.go": "package sample\n",
	})
	rels, err := Walk(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range rels {
		if Excluded(rel) {
			t.Errorf("Walk listed %s, which is excluded", rel)
		}
	}
	checked, problems, err := CheckFiles(root, rels, templates(t), maxYear)
	if err != nil {
		t.Fatal(err)
	}
	if checked != 6 {
		t.Errorf("checked %d files, want 6 (two Go files, three scripts, the Makefile)", checked)
	}
	var got []string
	for _, p := range problems {
		got = append(got, p.Path)
	}
	want := []string{".ci/run", "Makefile", "hack/bad.sh", "pkg/bad.go"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems in %v, want %v", got, want)
	}

	// Paths given by git: excluded ones and deleted ones are passed over.
	checked, problems, err = CheckFiles(root, []string{"pkg/good.go", "vendor/k8s.io/x/x.go", "pkg/deleted.go"}, templates(t), maxYear)
	if err != nil || checked != 1 || len(problems) != 0 {
		t.Errorf("CheckFiles(good, vendored, deleted) = %d, %v, %v; want 1 file checked, no problems", checked, problems, err)
	}
}

func TestRun(t *testing.T) {
	goHeader := header(t, KindGo, "2026")
	dir, err := filepath.Abs(filepath.Join("..", "..", "boilerplate"))
	if err != nil {
		t.Fatal(err)
	}
	good := writeTree(t, map[string]string{"a.go": goHeader + "\npackage a\n"})
	if code := run(good, dir, nil, maxYear); code != 0 {
		t.Errorf("run on a tree with headers = %d, want 0", code)
	}
	bad := writeTree(t, map[string]string{"a.go": "package a\n"})
	if code := run(bad, dir, nil, maxYear); code != 1 {
		t.Errorf("run on a tree without headers = %d, want 1", code)
	}
	if code := run(good, t.TempDir(), nil, maxYear); code != 2 {
		t.Errorf("run without templates = %d, want 2", code)
	}
}
