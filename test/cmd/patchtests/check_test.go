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

// writeFiles creates files (slash paths relative to dir) with content.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// testRepo is a checkout with one integration test and one script, and a
// pristine upstream tree with one test in pkg/widget.
func testRepo(t *testing.T) *repo {
	t.Helper()
	root, upstream := t.TempDir(), t.TempDir()
	writeFiles(t, root, map[string]string{
		"test/integration/widget/widget_test.go": "package widget\n\nimport \"testing\"\n\nfunc TestWidgetIntegration(t *testing.T) {}\n\nfunc helperNotATest() {}\n",
		"hack/test-widget.sh":                    "#!/bin/sh\n",
		"vendor/k8s.io/x/x_test.go":              "package x\n\nimport \"testing\"\n\nfunc TestOnlyInVendor(t *testing.T) {}\n",
	})
	writeFiles(t, upstream, map[string]string{
		"pkg/widget/widget_test.go": "package widget\n\nimport \"testing\"\n\nfunc TestUpstreamWidget(t *testing.T) {}\n",
	})
	r, err := loadRepo(root, upstream)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// patchText is a format-patch file with the Tests: line tests and diff.
func patchText(tests, diff string) string {
	header := "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] widget: do it\n\nWhy.\n\n"
	if tests != "" {
		header += "Tests: " + tests + "\n"
	}
	return header + "---\n" + diff
}

const widgetDiff = `diff --git a/pkg/widget/widget.go b/pkg/widget/widget.go
index 1..2 100644
--- a/pkg/widget/widget.go
+++ b/pkg/widget/widget.go
@@ -1,3 +1,3 @@ func helper() {
-func TestRemovedHere(t *testing.T) {
+func TestAddedHere(t *testing.T) {
diff --git a/pkg/widget/widget_extra_test.go b/pkg/widget/widget_extra_test.go
new file mode 100644
--- /dev/null
+++ b/pkg/widget/widget_extra_test.go
@@ -0,0 +1,3 @@
+func TestWildcardOne(t *testing.T) {}
+func BenchmarkWidget(b *testing.B) {}
@@ -10,3 +10,4 @@ func TestInHunkHeader(t *testing.T) {
 	x := 1
diff --git a/staging/src/k8s.io/apiserver/pkg/thing/thing.go b/staging/src/k8s.io/apiserver/pkg/thing/thing.go
--- a/staging/src/k8s.io/apiserver/pkg/thing/thing.go
+++ b/staging/src/k8s.io/apiserver/pkg/thing/thing.go
@@ -1 +1 @@
+x
diff --git a/pkg/gone/gone_test.go b/pkg/gone/gone_test.go
deleted file mode 100644
--- a/pkg/gone/gone_test.go
+++ /dev/null
@@ -1 +0,0 @@
-func TestGone(t *testing.T) {}
`

func TestCheckPatch(t *testing.T) {
	for _, tc := range []struct {
		name  string
		tests string
		want  []string // substrings, one per expected problem, in order
	}{
		{name: "a file the patch modifies", tests: "pkg/widget/widget.go"},
		{name: "a directory the patch changes", tests: "pkg/widget unit tests"},
		{name: "an import path of a staging module", tests: "k8s.io/apiserver/pkg/thing"},
		{name: "a bare file name the patch adds", tests: "widget_extra_test.go (cases)"},
		{name: "a kubecarry test package and script", tests: "test/integration/widget TestWidgetIntegration; hack/test-widget.sh."},
		{name: "tests the patch adds, in a hunk header and by prefix", tests: "TestAddedHere, TestInHunkHeader, BenchmarkWidget, TestWildcard*"},
		{name: "two tests joined by a slash", tests: "the package's TestAddedHere/TestInHunkHeader"},
		{name: "upstream's test of a directory the patch changes", tests: "pkg/widget TestUpstreamWidget"},
		{name: "flags and URL paths are no claims", tests: "test/integration/widget (-v=4, metrics on /metrics)"},
		{
			name:  "an upstream path the patch does not touch",
			tests: "pkg/other/other_test.go",
			want:  []string{"pkg/other/other_test.go (pkg/other/other_test.go) is neither a file the patch adds or modifies"},
		},
		{
			name:  "an import path the patch does not touch",
			tests: "k8s.io/client-go/rest",
			want:  []string{"k8s.io/client-go/rest (staging/src/k8s.io/client-go/rest) is neither"},
		},
		{
			name:  "a kubecarry path that does not exist",
			tests: "test/integration/gadget; hack/test-gadget.sh",
			want:  []string{"test/integration/gadget does not exist in the repository", "hack/test-gadget.sh does not exist"},
		},
		{
			name:  "a bare file name the patch does not touch",
			tests: "route_controller_test.go",
			want:  []string{"route_controller_test.go is not the name of a file the patch adds or modifies"},
		},
		{
			name:  "a test only on a removed line, in a deleted file, or in vendor/",
			tests: "TestRemovedHere, TestGone, TestOnlyInVendor",
			want:  []string{"TestRemovedHere is defined neither", "TestGone is defined neither", "TestOnlyInVendor is defined neither"},
		},
		{
			name:  "a wildcard that matches nothing",
			tests: "iptables TestNothing*",
			want:  []string{"TestNothing*: no test whose name starts with TestNothing"},
		},
		{
			name:  "a clause that names nothing checkable",
			tests: "pkg/widget; kube-proxy tests in the following patches.",
			want:  []string{`clause "kube-proxy tests in the following patches." names no path or test`},
		},
		{
			name: "no Tests: line",
			want: []string{"the header has no Tests: line"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := checkPatch(patchText(tc.tests, widgetDiff), testRepo(t))
			if len(got) != len(tc.want) {
				t.Fatalf("problems %q, want %d matching %q", got, len(tc.want), tc.want)
			}
			for i, want := range tc.want {
				if !strings.Contains(got[i], want) {
					t.Errorf("problem %d = %q, want it to contain %q", i, got[i], want)
				}
			}
		})
	}
}

// Upstream's tests count only for the directories the patch changes.
func TestUpstreamTestsOfOtherDirectoriesDoNotCount(t *testing.T) {
	diff := "diff --git a/pkg/other/other.go b/pkg/other/other.go\n--- a/pkg/other/other.go\n+++ b/pkg/other/other.go\n@@ -1 +1 @@\n+x\n"
	got := checkPatch(patchText("pkg/other TestUpstreamWidget", diff), testRepo(t))
	if len(got) != 1 || !strings.Contains(got[0], "TestUpstreamWidget is defined neither") {
		t.Fatalf("problems %q, want one about TestUpstreamWidget", got)
	}
}

// A later patch of the series may name a test an earlier one added, but
// not one a later patch adds.
func TestTestsOfEarlierPatchesCount(t *testing.T) {
	r := testRepo(t)
	later := patchText("pkg/widget TestAddedHere", "diff --git a/pkg/widget/more.go b/pkg/widget/more.go\n--- a/pkg/widget/more.go\n+++ b/pkg/widget/more.go\n@@ -1 +1 @@\n+x\n")
	if got := checkPatch(later, r); len(got) != 1 || !strings.Contains(got[0], "TestAddedHere is defined neither") {
		t.Fatalf("before the patch that adds it: problems %q, want one about TestAddedHere", got)
	}
	if got := checkPatch(patchText("pkg/widget", widgetDiff), r); len(got) != 0 {
		t.Fatalf("the earlier patch: %q", got)
	}
	if got := checkPatch(later, r); len(got) != 0 {
		t.Fatalf("after the patch that adds it: problems %q, want none", got)
	}
}

func TestRun(t *testing.T) {
	root := t.TempDir()
	good := filepath.Join(root, "0001-good.patch")
	bad := filepath.Join(root, "0002-bad.patch")
	writeFiles(t, root, map[string]string{
		"0001-good.patch": patchText("pkg/widget TestAddedHere", widgetDiff),
		"0002-bad.patch":  patchText("pkg/nowhere", widgetDiff),
	})

	var stdout, stderr bytes.Buffer
	if code := run([]string{"-root", root, good}, &stdout, &stderr); code != 0 {
		t.Fatalf("run(good) = %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	stdout.Reset()
	if code := run([]string{"-root", root, good, bad}, &stdout, &stderr); code != 1 {
		t.Fatalf("run(good, bad) = %d, want 1", code)
	}
	out := stdout.String()
	if !strings.Contains(out, bad+": Tests: pkg/nowhere") || strings.Contains(out, good+":") || !strings.Contains(out, "1 Tests: claim(s)") {
		t.Errorf("run(good, bad) printed %q, want one problem of %s", out, bad)
	}
	if code := run([]string{"-root", root}, &stdout, &stderr); code != 2 {
		t.Errorf("run without patches = %d, want 2", code)
	}
	if code := run([]string{"-root", root, filepath.Join(root, "missing.patch")}, &stdout, &stderr); code != 2 {
		t.Errorf("run with a missing patch = %d, want 2", code)
	}
}
