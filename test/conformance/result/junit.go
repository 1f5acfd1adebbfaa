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
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// Status is how one test ended.
type Status string

// The statuses a report can give a test. Ginkgo also reports panicked,
// interrupted, aborted and timedout: each is a Failed here.
const (
	Passed  Status = "passed"
	Failed  Status = "failed"
	Skipped Status = "skipped"
	// NotRun is a test that was expected and is not in the report: the
	// suite stopped, or a setup step failed before it.
	NotRun Status = "not run"
)

// Case is one test of a report.
type Case struct {
	Name    string
	Status  Status
	Message string
	// Known is the list's reason when the test is an expected failure
	// through this server ("" otherwise).
	Known string
}

// suiteNode says whether the case is one of the suite's own nodes
// ([SynchronizedBeforeSuite], [ReportAfterSuite], ...), not a test.
func (c Case) suiteNode() bool {
	return strings.HasPrefix(c.Name, "[") && !strings.HasPrefix(c.Name, "[sig-")
}

// FailedNames are the names of the tests that failed, in report order
// (the suite's own nodes are not tests).
func FailedNames(cases []Case) []string {
	var out []string
	for _, c := range cases {
		if c.Status == Failed && !c.suiteNode() {
			out = append(out, c.Name)
		}
	}
	return out
}

// knownFailure says whether the case failed as the list expects.
func (c Case) knownFailure() bool {
	return c.Status == Failed && c.Known != ""
}

type junitSuites struct {
	Suites []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Cases []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name    string `xml:"name,attr"`
	Status  string `xml:"status,attr"`
	Skipped *struct {
		Message string `xml:"message,attr"`
	} `xml:"skipped"`
	Failure *struct {
		Message string `xml:"message,attr"`
		Text    string `xml:",chardata"`
	} `xml:"failure"`
	Error *struct {
		Message string `xml:"message,attr"`
		Text    string `xml:",chardata"`
	} `xml:"error"`
}

// ParseJUnit reads a JUnit report as the e2e suite writes it
// (<testsuites><testsuite><testcase name="[It] <full text>" status=...>).
// Suite-level nodes ([SynchronizedBeforeSuite], [ReportAfterSuite], ...)
// are returned under their own names, so a failed setup is visible.
func ParseJUnit(r io.Reader) ([]Case, error) {
	var doc junitSuites
	if err := xml.NewDecoder(r).Decode(&doc); err != nil {
		return nil, fmt.Errorf("not a JUnit report: %w", err)
	}
	var out []Case
	for _, s := range doc.Suites {
		for _, c := range s.Cases {
			out = append(out, c.toCase())
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("the JUnit report has no test cases")
	}
	return out, nil
}

func (c junitCase) toCase() Case {
	name := normalize(strings.TrimPrefix(c.Name, "[It] "))
	out := Case{Name: name}
	switch {
	case c.Status == "passed":
		out.Status = Passed
	case c.Status == "skipped" || c.Status == "pending" || (c.Status == "" && c.Skipped != nil):
		out.Status = Skipped
		if c.Skipped != nil {
			out.Message = c.Skipped.Message
		}
	case c.Status == "" && c.Failure == nil && c.Error == nil:
		out.Status = Passed
	default:
		out.Status = Failed
		switch {
		case c.Failure != nil:
			out.Message = firstLine(c.Failure.Message, c.Failure.Text)
		case c.Error != nil:
			out.Message = firstLine(c.Error.Message, c.Error.Text)
		default:
			out.Message = c.Status
		}
	}
	return out
}

// firstLine is the first non-empty line of the first non-empty text.
func firstLine(texts ...string) string {
	for _, t := range texts {
		for _, l := range strings.Split(t, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				return l
			}
		}
	}
	return ""
}
