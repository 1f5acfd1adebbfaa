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
	"regexp"
	"strings"
	"testing"
)

const (
	flowSchema = "[sig-api-machinery] API priority and fairness should support FlowSchema API operations [Conformance]"
	discovery  = "[sig-api-machinery] Discovery should locate the groupVersion and a resource within each APIGroup [Conformance]"
	gitRepo    = "[sig-storage] EmptyDir wrapper volumes should not conflict [Conformance]"
)

func write(t *testing.T, dir, name, data string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func junit(cases map[string]string) string {
	var b strings.Builder
	b.WriteString("<testsuites><testsuite>")
	for name, status := range cases {
		b.WriteString(`<testcase name="[It] ` + name + `" status="` + status + `">`)
		if status == "failed" {
			b.WriteString("<failure>[FAILED] " + name + " broke</failure>")
		}
		b.WriteString("</testcase>")
	}
	b.WriteString("</testsuite></testsuites>")
	return b.String()
}

func setup(t *testing.T) (dir string, flags []string) {
	dir = t.TempDir()
	suite := write(t, dir, "conformance.yaml", "- codename: '"+flowSchema+"'\n- codename: '"+discovery+"'\n- codename: '"+gitRepo+"'\n")
	skips := write(t, dir, "skips.yaml", "skips:\n- name: '"+gitRepo+"'\n  reason: needs a git server image\n")
	return dir, []string{"-suite", suite, "-skip-list", skips}
}

func TestSkipRegexpPrintsTheListAsOneAnchoredExpression(t *testing.T) {
	_, flags := setup(t)
	var out, errOut bytes.Buffer
	if code := run(append([]string{"skip-regexp"}, flags...), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	re, err := regexp.Compile(strings.TrimSpace(out.String()))
	if err != nil {
		t.Fatalf("not a regular expression: %v", err)
	}
	// Ginkgo matches the suite's description, a space and the spec's text.
	for text, want := range map[string]bool{
		suiteText(gitRepo):                            true,
		suiteText(gitRepo + " again"):                 false,
		suiteText("[sig-apps] Deployment " + gitRepo): false,
		suiteText(flowSchema):                         false,
	} {
		if re.MatchString(text) != want {
			t.Errorf("%q matched: %v, want %v (expression %s)", text, !want, want, re)
		}
	}
}

// suiteText is what ginkgo matches --focus and --skip against: the e2e
// suite's description, a space and the spec's text.
func suiteText(name string) string { return "Kubernetes e2e suite " + name }

func TestFailedRegexpFocusesExactlyTheFailedTests(t *testing.T) {
	dir := t.TempDir()
	report := write(t, dir, "junit.xml", junit(map[string]string{flowSchema: "failed", discovery: "passed", gitRepo: "timedout", "[SynchronizedAfterSuite]": "failed"}))
	var out, errOut bytes.Buffer
	if code := run([]string{"failed-regexp", "-junit", report}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	re, err := regexp.Compile(strings.TrimSpace(out.String()))
	if err != nil {
		t.Fatalf("not a regular expression: %v", err)
	}
	for name, want := range map[string]bool{flowSchema: true, gitRepo: true, discovery: false, flowSchema + " again": false, "[SynchronizedAfterSuite]": false} {
		if re.MatchString(suiteText(name)) != want {
			t.Errorf("%q matched: %v, want %v (expression %s)", name, !want, want, re)
		}
	}
	clean := write(t, dir, "clean.xml", junit(map[string]string{discovery: "passed"}))
	errOut.Reset()
	if code := run([]string{"failed-regexp", "-junit", clean}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "no test failed") {
		t.Errorf("a report without failures: exit %d, %q", code, errOut.String())
	}
	if code := run([]string{"failed-regexp"}, &out, &errOut); code != 2 {
		t.Errorf("without -junit: exit %d, want 2", code)
	}
}

func TestReportFailsWhenATestPassesOnlyThroughTheCapableServer(t *testing.T) {
	dir, flags := setup(t)
	capable := write(t, dir, "capable.xml", junit(map[string]string{flowSchema: "passed", discovery: "passed", gitRepo: "skipped"}))
	older := write(t, dir, "older.xml", junit(map[string]string{flowSchema: "passed", discovery: "failed", gitRepo: "skipped"}))
	summary := filepath.Join(dir, "summary.md")
	var out, errOut bytes.Buffer
	code := run(append(append([]string{"report"}, flags...), "-out", summary, "capable="+capable, "older="+older), &out, &errOut)
	if code != 1 || !strings.Contains(errOut.String(), "1 test(s) passed through capable and not through another apiserver") {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
	written, err := os.ReadFile(summary)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| capable | 3 | 2 | 0 | 0 | 1 | 0 | 0 |", "| older | 3 | 1 | 1 | 0 | 1 | 0 | 0 |", "- older: " + discovery + ": failed [FAILED]"} {
		if !strings.Contains(string(written), want) || !strings.Contains(out.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, written)
		}
	}
}

func TestReportRequirePassFailsOnAFailureThroughEveryServer(t *testing.T) {
	dir, flags := setup(t)
	both := write(t, dir, "both.xml", junit(map[string]string{flowSchema: "failed", discovery: "passed"}))
	args := append(append([]string{"report"}, flags...), "-focus", `sig-api-machinery`, "capable="+both, "older="+both)
	var out, errOut bytes.Buffer
	if code := run(args, &out, &errOut); code != 0 {
		t.Fatalf("the same failure through both servers is no regression: exit %d, %s", code, errOut.String())
	}
	args = append(append([]string{"report", "-require-pass"}, flags...), "-focus", `sig-api-machinery`, "capable="+both)
	if code := run(args, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "1 test(s) or suite nodes failed or did not run") {
		t.Errorf("-require-pass with a failure: exit %d, %s", code, errOut.String())
	}
}

func TestReportCountsAnExpectedFailureAsKnownAndFailsOnceItPasses(t *testing.T) {
	dir, flags := setup(t)
	skips := write(t, dir, "skips.yaml", "skips:\n- name: '"+gitRepo+"'\n  reason: needs a git server image\n"+
		"expectedFailures:\n- name: '"+discovery+"'\n  through: older\n  reason: issue 38\n")
	flags[3] = skips
	capable := write(t, dir, "capable.xml", junit(map[string]string{flowSchema: "passed", discovery: "passed"}))
	older := write(t, dir, "older.xml", junit(map[string]string{flowSchema: "passed", discovery: "failed"}))
	var out, errOut bytes.Buffer
	code := run(append(append([]string{"report", "-require-pass"}, flags...), "capable="+capable, "older="+older), &out, &errOut)
	if code != 0 {
		t.Fatalf("an expected failure failed the run: exit %d, %s\n%s", code, errOut.String(), out.String())
	}
	for _, want := range []string{"| older | 3 | 1 | 0 | 1 | 1 | 0 | 0 |", "- older: " + discovery + " (issue 38): [FAILED]"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	errOut.Reset()
	code = run(append(append([]string{"report", "-require-pass"}, flags...), "capable="+capable, "older="+capable), &out, &errOut)
	if code != 1 || !strings.Contains(out.String(), "the list expects it to fail (issue 38): remove the entry") {
		t.Errorf("an expected failure that passed: exit %d\n%s", code, out.String())
	}
}

func TestBadInputIsNamed(t *testing.T) {
	dir, flags := setup(t)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"report"}, 2, "usage"},
		{[]string{"nonsense"}, 2, "usage"},
		{append(append([]string{"report"}, flags...), "capable"), 2, "usage"},
		{append(append([]string{"report"}, flags...), "capable="+filepath.Join(dir, "missing.xml")), 1, "the report of capable"},
		{append(append([]string{"report"}, flags...), "capable="+write(t, dir, "bad.xml", "<x")), 1, "not a JUnit report"},
		{append(append([]string{"report", "-focus", "sig-nothing"}, flags...), "capable="+dir), 1, "selects none"},
		{[]string{"skip-regexp", "-suite", flags[1], "-skip-list", write(t, dir, "noreason.yaml", "skips:\n- name: '"+gitRepo+"'\n")}, 1, "has no reason"},
	} {
		var out, errOut bytes.Buffer
		if code := run(tc.args, &out, &errOut); code != tc.code || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", tc.args, code, errOut.String(), tc.code, tc.want)
		}
	}
}
