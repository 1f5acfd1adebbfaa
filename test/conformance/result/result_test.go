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

package result

import (
	"regexp"
	"strings"
	"testing"
)

// suiteYAML has the shape of "e2e.test --list-conformance-tests": folded
// codenames and fields the reader ignores.
const suiteYAML = `- testname: Discovery
  codename: '[sig-api-machinery] Discovery should locate the groupVersion and a resource
    within each APIGroup [Conformance]'
  description: The group MUST be found.
  release: v1.28
  file: test/e2e/apimachinery/discovery.go
- testname: Webhook
  codename: '[sig-api-machinery] AdmissionWebhook [Privileged:ClusterAdmin] should mutate configmap [Conformance]'
  release: v1.16
- testname: Namespaces
  codename: '[sig-api-machinery] Namespaces [Serial] should ensure that all pods are removed when a namespace is deleted [Conformance]'
- testname: DNS
  codename: '[sig-network] DNS should provide DNS for the cluster [Conformance]'
`

const (
	discovery = "[sig-api-machinery] Discovery should locate the groupVersion and a resource within each APIGroup [Conformance]"
	webhook   = "[sig-api-machinery] AdmissionWebhook [Privileged:ClusterAdmin] should mutate configmap [Conformance]"
	namespace = "[sig-api-machinery] Namespaces [Serial] should ensure that all pods are removed when a namespace is deleted [Conformance]"
	dns       = "[sig-network] DNS should provide DNS for the cluster [Conformance]"
)

func suite(t *testing.T) []string {
	t.Helper()
	names, err := SuiteTests([]byte(suiteYAML))
	if err != nil {
		t.Fatal(err)
	}
	return names
}

func TestSuiteTestsUnfoldsCodenamesAndSelectsByFocus(t *testing.T) {
	names := suite(t)
	if len(names) != 4 || names[0] != webhook || names[1] != discovery {
		t.Fatalf("names %q", names)
	}
	got, err := Select(names, `\[sig-api-machinery\]`)
	if err != nil || len(got) != 3 {
		t.Errorf("sig-api-machinery selects %q, %v", got, err)
	}
	if _, err := Select(names, `\[sig-storage\]`); err == nil {
		t.Error("a focus that selects nothing was accepted")
	}
	// As ginkgo: the suite's description comes first, so a focus anchored
	// at the test's name selects nothing, and the one failed-regexp and the
	// skip list write selects exactly their tests.
	if _, err := Select(names, `^\[sig-api-machinery\]`); err == nil {
		t.Error("a focus anchored where ginkgo sees the description selected a test")
	}
	if got, err := Select(names, NamesRegexp([]string{discovery})); err != nil || len(got) != 1 || got[0] != discovery {
		t.Errorf("NamesRegexp of one test selects %q, %v", got, err)
	}
	if _, err := Select(names, `(`); err == nil {
		t.Error("a focus that is not a regular expression was accepted")
	}
	if _, err := SuiteTests([]byte("- testname: x\n")); err == nil {
		t.Error("an entry without codename was accepted")
	}
}

func TestSkipListNeedsAReasonPerKnownTest(t *testing.T) {
	names := suite(t)
	for doc, want := range map[string]string{
		"skips:\n- name: '" + dns + "'\n":                                                  "no reason",
		"skips:\n- reason: offline\n":                                                      "no name",
		"skips:\n- name: '[sig-x] gone [Conformance]'\n  reason: offline\n":                "names no conformance test",
		"skips:\n- name: '" + dns + "'\n  reason: a\n- name: '" + dns + "'\n  reason: b\n": "listed twice",
		"skips:\n- name: x\n  reason: y\n  why: z\n":                                       "does not parse",
	} {
		if _, err := ParseSkipList([]byte(doc), names); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one saying %q", doc, err, want)
		}
	}
}

func TestSkipRegexpMatchesExactlyTheListedTests(t *testing.T) {
	l, err := ParseSkipList([]byte("skips:\n- name: >-\n    "+strings.Replace(webhook, "should mutate", "should\n    mutate", 1)+"\n  reason: needs a registry\n"), suite(t))
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(l.Regexp())
	// Ginkgo matches the suite's description, a space and the spec's text.
	const description = "Kubernetes e2e suite "
	if !re.MatchString(description + webhook) {
		t.Errorf("%s does not match %q", re, description+webhook)
	}
	for _, other := range []string{description + discovery, description + webhook + " again", description + "[sig-apps] Deployment " + webhook} {
		if re.MatchString(other) {
			t.Errorf("%s matches %q, which is not listed", re, other)
		}
	}
	if (SkipList{}).Regexp() != "" {
		t.Error("an empty list skips something")
	}
}

const junitCapable = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="5" failures="0">
  <testsuite name="Kubernetes e2e suite" tests="5">
    <testcase name="[SynchronizedBeforeSuite]" classname="Kubernetes e2e suite" status="passed"></testcase>
    <testcase name="[It] ` + discovery + `" classname="Kubernetes e2e suite" status="passed"></testcase>
    <testcase name="[It] ` + namespace + `" classname="Kubernetes e2e suite" status="passed"></testcase>
    <testcase name="[It] ` + webhook + `" classname="Kubernetes e2e suite" status="skipped"><skipped message="skipped"></skipped></testcase>
    <testcase name="[It] [sig-storage] not selected" classname="Kubernetes e2e suite" status="skipped"><skipped message="skipped"></skipped></testcase>
  </testsuite>
</testsuites>`

const junitOlder = `<testsuites>
  <testsuite name="Kubernetes e2e suite">
    <testcase name="[It] ` + discovery + `" status="failed"><failure type="failed">
[FAILED] Fail to access: /apis/batch/v1: the server could not find the requested resource
In [It] at: discovery.go:301</failure></testcase>
    <testcase name="[It] ` + webhook + `" status="skipped"><skipped message="skipped"></skipped></testcase>
    <testcase name="[ReportAfterSuite] Kubernetes e2e suite report" status="failed"><failure>report failed</failure></testcase>
  </testsuite>
</testsuites>`

func summarize(t *testing.T, name, junit string) Server {
	t.Helper()
	cases, err := ParseJUnit(strings.NewReader(junit))
	if err != nil {
		t.Fatal(err)
	}
	selected, err := Select(suite(t), `\[sig-api-machinery\]`)
	if err != nil {
		t.Fatal(err)
	}
	skips, err := ParseSkipList([]byte("skips:\n- name: '"+webhook+"'\n  reason: needs a registry\n"), suite(t))
	if err != nil {
		t.Fatal(err)
	}
	return Summarize(name, selected, skips, cases)
}

func TestSummarizePlacesEverySelectedTest(t *testing.T) {
	capable := summarize(t, "capable", junitCapable)
	if got := capable.Counts(); got != (Counts{Passed: 2, SkippedByList: 1}) {
		t.Errorf("capable counts %+v", got)
	}
	older := summarize(t, "older", junitOlder)
	if got := older.Counts(); got != (Counts{Failed: 1, SkippedByList: 1, NotRun: 1}) {
		t.Errorf("older counts %+v", got)
	}
	if c := older.Tests[discovery]; c.Message != "[FAILED] Fail to access: /apis/batch/v1: the server could not find the requested resource" {
		t.Errorf("failure message %q", c.Message)
	}
	if len(older.SetupFailures) != 1 || older.SetupFailures[0].Name != "[ReportAfterSuite] Kubernetes e2e suite report" {
		t.Errorf("setup failures %+v", older.SetupFailures)
	}
	table := Table([]Server{capable, older})
	for _, row := range []string{"| capable | 3 | 2 | 0 | 0 | 1 | 0 | 0 |", "| older | 3 | 0 | 1 | 0 | 1 | 0 | 1 |"} {
		if !strings.Contains(table, row) {
			t.Errorf("table lacks %q:\n%s", row, table)
		}
	}
	problems := strings.Join(Problems([]Server{capable, older}), "\n")
	for _, want := range []string{"older: failed: " + discovery, "older: not run: " + namespace, "older: suite node [ReportAfterSuite]"} {
		if !strings.Contains(problems, want) {
			t.Errorf("problems lack %q:\n%s", want, problems)
		}
	}
}

func TestExpectedFailuresNeedAServerAndAReasonAndAreNoRegression(t *testing.T) {
	names := suite(t)
	for doc, want := range map[string]string{
		"expectedFailures:\n- name: '" + discovery + "'\n  reason: issue 38\n":                                                  "names no apiserver",
		"expectedFailures:\n- name: '" + discovery + "'\n  through: older\n":                                                    "has no reason",
		"expectedFailures:\n- name: '[sig-x] gone [Conformance]'\n  through: older\n  reason: issue 38\n":                       "names no conformance test",
		"skips:\n- name: '" + dns + "'\n  reason: a\nexpectedFailures:\n- name: '" + dns + "'\n  through: older\n  reason: b\n": "both skipped and an expected failure",
	} {
		if _, err := ParseSkipList([]byte(doc), names); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one saying %q", doc, err, want)
		}
	}
	l, err := ParseSkipList([]byte("expectedFailures:\n- name: '"+discovery+"'\n  through: older\n  reason: issue 38\n"), names)
	if err != nil {
		t.Fatal(err)
	}
	cases, err := ParseJUnit(strings.NewReader(junitOlder))
	if err != nil {
		t.Fatal(err)
	}
	selected := []string{discovery}
	older := Summarize("older", selected, l, cases)
	capable := Summarize("capable", selected, l, []Case{{Name: discovery, Status: Passed}})
	if got := older.Counts(); got != (Counts{KnownFailures: 1}) {
		t.Errorf("counts %+v", got)
	}
	if r := Regressions([]Server{capable, older}); len(r) != 0 {
		t.Errorf("an expected failure is a regression: %+v", r)
	}
	if p := Problems([]Server{capable, older}); len(p) != 1 || !strings.Contains(p[0], "suite node") {
		t.Errorf("problems %q, want only the failed suite node", p)
	}
	if k := KnownFailures([]Server{capable, older}); len(k) != 1 || !strings.Contains(k[0], "(issue 38)") {
		t.Errorf("known failures %q", k)
	}
	// Through the capable server the entry does not apply.
	if c := Summarize("capable", selected, l, []Case{{Name: discovery, Status: Failed}}).Counts(); c.Failed != 1 {
		t.Errorf("an expected failure through older counted through capable: %+v", c)
	}
}

func TestRegressionsAreTestsThatPassOnlyThroughTheReference(t *testing.T) {
	capable, older := summarize(t, "capable", junitCapable), summarize(t, "older", junitOlder)
	got := Regressions([]Server{capable, older})
	if len(got) != 2 || got[0].Test != discovery || got[0].Got.Status != Failed || got[1].Test != namespace || got[1].Got.Status != NotRun {
		t.Errorf("regressions %+v", got)
	}
	if got := Regressions([]Server{older, capable}); len(got) != 0 {
		t.Errorf("a test failing through the reference counted as a regression: %+v", got)
	}
}

func TestParseJUnitRejectsWhatIsNotAReport(t *testing.T) {
	for _, doc := range []string{"", "not xml", "<testsuites></testsuites>"} {
		if _, err := ParseJUnit(strings.NewReader(doc)); err == nil {
			t.Errorf("%q accepted", doc)
		}
	}
}
