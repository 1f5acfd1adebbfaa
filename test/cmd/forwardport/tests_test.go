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
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// writeFiles writes name → content under dir; an empty content removes
// the file.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if content == "" {
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// gitFixture makes a repository as the report's tree holds it: branch
// "base" (the old release), "patch" on top of it (a patch of the series)
// and the unrelated "release" checked out. Files map names to contents; an
// empty content in patch deletes the file.
func gitFixture(t *testing.T, release, base, patch map[string]string) (dir string) {
	t.Helper()
	dir = t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@invalid", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	commit := func(message string, files map[string]string) {
		writeFiles(t, dir, files)
		git("add", "-A")
		git("commit", "-qm", message)
	}
	git("init", "-q")
	git("checkout", "-q", "--orphan", "base")
	commit("base", base)
	git("checkout", "-q", "-b", "patch")
	commit("patch", patch)
	git("checkout", "-q", "--orphan", "release")
	git("rm", "-rfq", "--ignore-unmatch", ".")
	commit("release", release)
	return dir
}

const pkgTest = "pkg/p/p_test.go"

func testFile(tests ...string) string {
	s := "package p\n\nimport \"testing\"\n"
	for _, t := range tests {
		s += "\nfunc " + t + "(t *testing.T) {\n\tt.Log(\"" + t + "\")\n}\n"
	}
	return s
}

func TestTestsMergesThePatchsChangeIntoTheReleasesFile(t *testing.T) {
	dir := gitFixture(t,
		map[string]string{pkgTest: testFile("TestUpstreamNew", "TestOld"), "pkg/p/p.go": "package p\n"},
		map[string]string{pkgTest: testFile("TestOld"), "pkg/p/p.go": "package p\n"},
		map[string]string{pkgTest: testFile("TestOld", "TestOurs"), "pkg/p/p.go": "package p\n\nfunc Ours() {}\n",
			"staging/src/k8s.io/apiserver/pkg/q/q_test.go": testFile("TestNewFile")},
	)
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"tests", "-tree", dir, "-before", "base", "-after", "patch"}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	want := ".\t./pkg/p\t^(TestOurs)$\nstaging/src/k8s.io/apiserver\t./pkg/q\t^(TestNewFile)$\n"
	if stdout.String() != want {
		t.Errorf("plan:\n%s\nwant:\n%s", stdout.String(), want)
	}
	merged, _ := os.ReadFile(filepath.Join(dir, pkgTest))
	for _, name := range []string{"TestUpstreamNew", "TestOld", "TestOurs"} {
		if !strings.Contains(string(merged), "func "+name+"(") {
			t.Errorf("the merged test file lacks %s:\n%s", name, merged)
		}
	}
	if code, _ := os.ReadFile(filepath.Join(dir, "pkg/p/p.go")); strings.Contains(string(code), "Ours") {
		t.Error("a non-test file of the patch was carried to the release")
	}
}

func TestTestsTakesThePatchsWholeFileWhereItsChangeConflicts(t *testing.T) {
	dir := gitFixture(t,
		map[string]string{pkgTest: strings.Replace(testFile("TestOld"), `t.Log("TestOld")`, `t.Log("upstream")`, 1)},
		map[string]string{pkgTest: testFile("TestOld")},
		map[string]string{pkgTest: strings.Replace(testFile("TestOld"), `t.Log("TestOld")`, `t.Log("ours")`, 1)},
	)
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"tests", "-tree", dir, "-before", "base", "-after", "patch"}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	want := "note\tpkg/p/p_test.go: the release changed the lines the patch changes; the patch's version of the file replaced the release's\n" +
		".\t./pkg/p\t^(TestOld)$\n"
	if stdout.String() != want {
		t.Errorf("got %q, want %q", stdout.String(), want)
	}
	if content, _ := os.ReadFile(filepath.Join(dir, pkgTest)); !strings.Contains(string(content), `t.Log("ours")`) || strings.Contains(string(content), "<<<<<<<") {
		t.Errorf("the file is not the patch's version:\n%s", content)
	}
}

func TestTestsNotesThatAFileThePatchAddsReplacedTheReleasesOwn(t *testing.T) {
	const added = "pkg/p/metrics_test.go"
	dir := gitFixture(t,
		map[string]string{added: testFile("TestUpstreamsMetrics")},
		map[string]string{pkgTest: testFile("TestOld")},
		map[string]string{pkgTest: testFile("TestOld"), added: testFile("TestOurMetrics")},
	)
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"tests", "-tree", dir, "-before", "base", "-after", "patch"}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	want := "note\tpkg/p/metrics_test.go: the release has a file of that name of its own; the patch's version replaced it\n" +
		".\t./pkg/p\t^(TestOurMetrics)$\n"
	if stdout.String() != want {
		t.Errorf("got %q, want %q", stdout.String(), want)
	}
}

func TestTestsRemovesATestFileThePatchDeletes(t *testing.T) {
	const gone = "pkg/p/gone_test.go"
	dir := gitFixture(t,
		map[string]string{pkgTest: testFile("TestOld"), gone: testFile("TestGone")},
		map[string]string{pkgTest: testFile("TestOld"), gone: testFile("TestGone")},
		map[string]string{pkgTest: testFile("TestOld", "TestNew"), gone: ""},
	)
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"tests", "-tree", dir, "-before", "base", "-after", "patch"}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	if want := ".\t./pkg/p\t^(TestNew)$\n"; stdout.String() != want {
		t.Errorf("got %q, want %q", stdout.String(), want)
	}
	if _, err := os.Stat(filepath.Join(dir, gone)); !os.IsNotExist(err) {
		t.Errorf("%s is still in the release's tree (%v)", gone, err)
	}
}

func TestTestsRunsTheHeadersTestsWhereThePatchChangesOnlyHelpers(t *testing.T) {
	helper := func(v string) string {
		return testFile("TestUsesHelper") + "\nfunc helper() string { return \"" + v + "\" }\n"
	}
	dir := gitFixture(t,
		map[string]string{pkgTest: helper("old")},
		map[string]string{pkgTest: helper("old")},
		map[string]string{pkgTest: helper("new")},
	)
	var stdout, stderr bytes.Buffer
	run([]string{"tests", "-tree", dir, "-before", "base", "-after", "patch"}, &stdout, &stderr)
	if want := "undecided\tthe patch adds or changes no Go test\n"; stdout.String() != want {
		t.Errorf("without a Tests: line: %q, want %q", stdout.String(), want)
	}
	dir = gitFixture(t,
		map[string]string{pkgTest: helper("old")},
		map[string]string{pkgTest: helper("old")},
		map[string]string{pkgTest: helper("new")},
	)
	stdout.Reset()
	run([]string{"tests", "-tree", dir, "-before", "base", "-after", "patch", "-tests-line", "pkg/p TestUses*"}, &stdout, &stderr)
	if want := ".\t./pkg/p\t^(TestUsesHelper)$\n"; stdout.String() != want {
		t.Errorf("with the Tests: line: %q, want %q", stdout.String(), want)
	}
}
