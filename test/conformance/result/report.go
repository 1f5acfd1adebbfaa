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
	"fmt"
	"sort"
	"strings"
)

// Server is what one conformance run through one apiserver gave: every
// selected test with its status. Tests on the skip list are Skipped with the
// list's reason; tests skipped by the suite itself (too few nodes, another
// OS) are Skipped with the suite's message.
type Server struct {
	Name string
	// Tests are the selected tests, by name.
	Tests map[string]Case
	// SetupFailures are suite-level nodes that failed (the suite's
	// BeforeSuite, AfterSuite and reporting nodes).
	SetupFailures []Case
}

// Summarize places a run's report cases against the selected tests: each
// selected test is passed, failed, skipped by the list, skipped by the
// suite, or not run. Cases of tests that were not selected (ginkgo reports
// every spec it filtered out as skipped) are ignored.
func Summarize(name string, selected []string, skips SkipList, cases []Case) Server {
	s := Server{Name: name, Tests: map[string]Case{}}
	byName := map[string]Case{}
	for _, c := range cases {
		if c.suiteNode() {
			if c.Status == Failed {
				s.SetupFailures = append(s.SetupFailures, c)
			}
			continue
		}
		byName[c.Name] = c
	}
	for _, t := range selected {
		c, ok := byName[t]
		reason, listed := skips.Reason(t)
		switch {
		case listed && (!ok || c.Status == Skipped):
			s.Tests[t] = Case{Name: t, Status: Skipped, Message: "skip list: " + reason}
		case !ok:
			s.Tests[t] = Case{Name: t, Status: NotRun}
		default:
			if reason, known := skips.ExpectedFailure(name, t); known {
				c.Known = reason
			}
			s.Tests[t] = c
		}
	}
	return s
}

// Counts are a run's numbers for the summary table. KnownFailures are the
// failures the list expects through that server (not in Failed).
type Counts struct {
	Passed, Failed, KnownFailures, SkippedByList, SkippedBySuite, NotRun int
}

// Counts counts the selected tests by how they ended.
func (s Server) Counts() Counts {
	var c Counts
	for _, t := range s.Tests {
		switch {
		case t.Status == Passed:
			c.Passed++
		case t.knownFailure():
			c.KnownFailures++
		case t.Status == Failed:
			c.Failed++
		case t.Status == Skipped && strings.HasPrefix(t.Message, "skip list: "):
			c.SkippedByList++
		case t.Status == Skipped:
			c.SkippedBySuite++
		default:
			c.NotRun++
		}
	}
	return c
}

// Regression is a test that passed through the reference apiserver and did
// not pass through another: a failure of kubecarry's peer proxy, whatever
// else the run shows, since the proxy must be invisible to clients.
type Regression struct {
	Test, Server string
	Got          Case
}

// Regressions compares every server with the first (the capable apiserver).
func Regressions(servers []Server) []Regression {
	if len(servers) < 2 {
		return nil
	}
	ref := servers[0]
	var out []Regression
	for _, s := range servers[1:] {
		for name, c := range ref.Tests {
			if c.Status != Passed {
				continue
			}
			if got := s.Tests[name]; got.Status != Passed && !got.knownFailure() {
				out = append(out, Regression{Test: name, Server: s.Name, Got: got})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Server != out[j].Server {
			return out[i].Server < out[j].Server
		}
		return out[i].Test < out[j].Test
	})
	return out
}

// Table is the summary as a Markdown table, one row per server.
func Table(servers []Server) string {
	var b strings.Builder
	b.WriteString("| apiserver | tests | passed | failed | failed (known issue) | skipped (list) | skipped (suite) | not run |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|\n")
	for _, s := range servers {
		c := s.Counts()
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d | %d |\n", s.Name, len(s.Tests), c.Passed, c.Failed, c.KnownFailures, c.SkippedByList, c.SkippedBySuite, c.NotRun)
	}
	return b.String()
}

// Problems lists, per server, the tests that failed or did not run and the
// suite nodes that failed, with the first line of each message.
func Problems(servers []Server) []string {
	var out []string
	for _, s := range servers {
		for _, c := range s.SetupFailures {
			out = append(out, fmt.Sprintf("%s: suite node %s failed: %s", s.Name, c.Name, c.Message))
		}
		var names []string
		for name, c := range s.Tests {
			if (c.Status == Failed && c.Known == "") || c.Status == NotRun || (c.Status == Passed && c.Known != "") {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for _, name := range names {
			c := s.Tests[name]
			line := fmt.Sprintf("%s: %s: %s", s.Name, c.Status, name)
			if c.Status == Passed {
				line = fmt.Sprintf("%s: passed, and the list expects it to fail (%s): remove the entry: %s", s.Name, c.Known, name)
			} else if c.Message != "" {
				line += ": " + c.Message
			}
			out = append(out, line)
		}
	}
	return out
}

// KnownFailures lists, per server, the failures the list expects, with
// their reasons.
func KnownFailures(servers []Server) []string {
	var out []string
	for _, s := range servers {
		var names []string
		for name, c := range s.Tests {
			if c.knownFailure() {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for _, name := range names {
			c := s.Tests[name]
			out = append(out, fmt.Sprintf("%s: %s (%s): %s", s.Name, name, c.Known, c.Message))
		}
	}
	return out
}
