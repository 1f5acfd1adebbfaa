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
	"strings"
	"testing"
)

// writeModule writes a module "example.com/m" with the given files
// (relative path -> content) and returns its directory.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.25\n"
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// targetEnv is the test's environment with the go command pointed at a
// target and away from any workspace or vendor flags of the caller.
func targetEnv(goarch string) []string {
	return append(os.Environ(), "GOOS=linux", "GOARCH="+goarch, "GOFLAGS=-mod=mod", "GOWORK=off", "CGO_ENABLED=0")
}

// A constant that fits a 64-bit int overflows a 32-bit one: the error is
// reported for linux/386 only, with the position the compiler names.
func TestCheckReportsAnOverflowOnlyFor32BitTargets(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"size/size.go": "package size\n\nconst TiB = 1 << 40\n\nvar Limit int = TiB\n",
	})
	for _, tc := range []struct {
		goarch     string
		wantErrors int
	}{
		{goarch: "amd64", wantErrors: 0},
		{goarch: "386", wantErrors: 1},
	} {
		t.Run(tc.goarch, func(t *testing.T) {
			result, err := Check(dir, []string{"./..."}, false, targetEnv(tc.goarch))
			if err != nil {
				t.Fatal(err)
			}
			if len(result.Errors) != tc.wantErrors {
				t.Fatalf("errors = %q, want %d", result.Errors, tc.wantErrors)
			}
			if tc.wantErrors > 0 && (!strings.Contains(result.Errors[0], "size.go:5:") || !strings.Contains(result.Errors[0], "overflows")) {
				t.Errorf("error %q does not name size.go:5 and the overflow", result.Errors[0])
			}
		})
	}
}

// The dependencies are type-checked too, and their test files only with
// -tests: an error in an imported package fails the importer's check.
func TestCheckFollowsDependenciesAndTests(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"app/app.go":             "package app\n\nimport \"example.com/m/lib\"\n\nvar Size = lib.Size\n",
		"lib/lib.go":             "package lib\n\nvar Size int = 1 << 33\n",
		"lib/lib_test.go":        "package lib\n",
		"clean/clean.go":         "package clean\n\nvar Size int64 = 1 << 33\n",
		"clean/clean_test.go":    "package clean\n\nvar testSize uint32 = 1 << 33\n",
		"tagged/tagged.go":       "package tagged\n\nvar Size int64 = 1 << 33\n",
		"tagged/tagged_amd64.go": "//go:build amd64\n\npackage tagged\n\nvar Extra int = 1 << 33\n",
	})
	result, err := Check(dir, []string{"./app"}, false, targetEnv("386"))
	if err != nil {
		t.Fatal(err)
	}
	if len(result.Errors) != 1 || !strings.Contains(result.Errors[0], "lib.go:3:") {
		t.Errorf("errors = %q, want one in lib.go, the dependency", result.Errors)
	}
	if result.Packages != 2 {
		t.Errorf("packages = %d, want 2 (app and lib)", result.Packages)
	}

	withoutTests, err := Check(dir, []string{"./clean", "./tagged"}, false, targetEnv("386"))
	if err != nil {
		t.Fatal(err)
	}
	if len(withoutTests.Errors) != 0 {
		t.Errorf("without tests: errors = %q, want none (the amd64-only file is not built for 386)", withoutTests.Errors)
	}
	// The error of lib is found in lib and in its test variant: once.
	libWithTests, err := Check(dir, []string{"./lib"}, true, targetEnv("386"))
	if err != nil {
		t.Fatal(err)
	}
	if len(libWithTests.Errors) != 1 {
		t.Errorf("lib with tests: errors = %q, want the one error once", libWithTests.Errors)
	}
	withTests, err := Check(dir, []string{"./clean"}, true, targetEnv("386"))
	if err != nil {
		t.Fatal(err)
	}
	if len(withTests.Errors) != 1 || !strings.Contains(withTests.Errors[0], "clean_test.go:3:") {
		t.Errorf("with tests: errors = %q, want one in clean_test.go", withTests.Errors)
	}
}

// A pattern that matches no package in the module is an error naming it,
// not a clean result.
func TestCheckReportsAMissingPackage(t *testing.T) {
	dir := writeModule(t, map[string]string{"a/a.go": "package a\n"})
	result, err := Check(dir, []string{"./missing"}, false, targetEnv("386"))
	if err == nil && len(result.Errors) == 0 {
		t.Fatalf("checking ./missing: no error, result %+v", result)
	}
	got := ""
	if err != nil {
		got = err.Error()
	} else {
		got = strings.Join(result.Errors, "\n")
	}
	if !strings.Contains(got, "missing") {
		t.Errorf("error %q does not name the missing package", got)
	}
}
