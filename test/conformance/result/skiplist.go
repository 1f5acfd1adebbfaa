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

// SkipList is the committed list of tests that cannot run here.
type SkipList struct {
	Skips []Skip `json:"skips"`
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
	return l, nil
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
	if len(l.Skips) == 0 {
		return ""
	}
	quoted := make([]string, 0, len(l.Skips))
	for _, s := range l.Skips {
		// Ginkgo matches the text with single spaces; any run of
		// whitespace in the list matches one.
		parts := strings.Fields(s.Name)
		for i, p := range parts {
			parts[i] = regexp.QuoteMeta(p)
		}
		quoted = append(quoted, strings.Join(parts, `\s+`))
	}
	sort.Strings(quoted)
	return `^(` + strings.Join(quoted, "|") + `)$`
}
