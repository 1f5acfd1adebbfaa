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
	"regexp"
	"sort"
	"strings"

	"sigs.k8s.io/yaml"
)

// Skip is one test kubecarry does not run, by its exact name, and why.
type Skip struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// ExpectedFailure is a test known to fail through one apiserver because of
// an open kubecarry issue: it still runs, its failure is reported as known
// rather than failing the run, and once it passes the run fails until the
// entry is removed, so a fixed issue cannot leave a stale entry behind.
type ExpectedFailure struct {
	Name    string `json:"name"`
	Through string `json:"through"`
	Reason  string `json:"reason"`
}

// SkipList is the committed list of tests that cannot run here, and of
// tests known to fail through one apiserver.
type SkipList struct {
	Skips            []Skip            `json:"skips"`
	ExpectedFailures []ExpectedFailure `json:"expectedFailures"`
}

// ParseSkipList reads a skip list. Every entry needs a name and a reason,
// names are unique, and when suite is given every name must be one of its
// tests: a test renamed upstream must not silently stop being skipped, nor
// an entry outlive its test.
func ParseSkipList(data []byte, suite []string) (SkipList, error) {
	var l SkipList
	if err := yaml.UnmarshalStrict(data, &l); err != nil {
		return SkipList{}, fmt.Errorf("the skip list does not parse: %w", err)
	}
	known := map[string]bool{}
	for _, n := range suite {
		known[n] = true
	}
	seen := map[string]bool{}
	for i := range l.Skips {
		s := &l.Skips[i]
		s.Name, s.Reason = normalize(s.Name), strings.TrimSpace(s.Reason)
		switch {
		case s.Name == "":
			return SkipList{}, fmt.Errorf("skip %d has no name", i+1)
		case s.Reason == "":
			return SkipList{}, fmt.Errorf("skip %q has no reason", s.Name)
		case seen[s.Name]:
			return SkipList{}, fmt.Errorf("skip %q is listed twice", s.Name)
		case len(suite) > 0 && !known[s.Name]:
			return SkipList{}, fmt.Errorf("skip %q names no conformance test of the suite", s.Name)
		}
		seen[s.Name] = true
	}
	expected := map[string]bool{}
	for i := range l.ExpectedFailures {
		e := &l.ExpectedFailures[i]
		e.Name, e.Through, e.Reason = normalize(e.Name), strings.TrimSpace(e.Through), strings.TrimSpace(e.Reason)
		key := e.Through + "\x00" + e.Name
		switch {
		case e.Name == "":
			return SkipList{}, fmt.Errorf("expected failure %d has no name", i+1)
		case e.Through == "":
			return SkipList{}, fmt.Errorf("expected failure %q names no apiserver (through)", e.Name)
		case e.Reason == "":
			return SkipList{}, fmt.Errorf("expected failure %q has no reason", e.Name)
		case seen[e.Name]:
			return SkipList{}, fmt.Errorf("%q is both skipped and an expected failure", e.Name)
		case expected[key]:
			return SkipList{}, fmt.Errorf("expected failure %q through %s is listed twice", e.Name, e.Through)
		case len(suite) > 0 && !known[e.Name]:
			return SkipList{}, fmt.Errorf("expected failure %q names no conformance test of the suite", e.Name)
		}
		expected[key] = true
	}
	return l, nil
}

// ExpectedFailure is why a test is known to fail through a server.
func (l SkipList) ExpectedFailure(server, name string) (string, bool) {
	name = normalize(name)
	for _, e := range l.ExpectedFailures {
		if e.Through == server && e.Name == name {
			return e.Reason, true
		}
	}
	return "", false
}

// Has says whether the list skips the test.
func (l SkipList) Has(name string) bool {
	_, ok := l.Reason(name)
	return ok
}

// Reason is why the list skips the test.
func (l SkipList) Reason(name string) (string, bool) {
	name = normalize(name)
	for _, s := range l.Skips {
		if s.Name == name {
			return s.Reason, true
		}
	}
	return "", false
}

// Regexp is a ginkgo --skip expression that matches exactly the listed
// tests' full texts and nothing else ("" for an empty list, which ginkgo
// reads as no skip).
func (l SkipList) Regexp() string {
	names := make([]string, 0, len(l.Skips))
	for _, s := range l.Skips {
		names = append(names, s.Name)
	}
	return NamesRegexp(names)
}

// NamesRegexp is a ginkgo --focus or --skip expression that matches
// exactly the full texts of the named tests and nothing else ("" for
// none). Ginkgo matches it against the suite's description, a space and
// the spec's text ("Kubernetes e2e suite [sig-cli] Kubectl client ..."),
// so the expression starts after the description, which has no "[", while
// every test's name starts with one.
func NamesRegexp(names []string) string {
	if len(names) == 0 {
		return ""
	}
	quoted := make([]string, 0, len(names))
	for _, n := range names {
		// Ginkgo matches the text with single spaces; any run of
		// whitespace in a name matches one.
		parts := strings.Fields(n)
		for i, p := range parts {
			parts[i] = regexp.QuoteMeta(p)
		}
		quoted = append(quoted, strings.Join(parts, `\s+`))
	}
	sort.Strings(quoted)
	return `^[^\[]*\s(` + strings.Join(quoted, "|") + `)$`
}
