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

// Package result reads what upstream's e2e suite says about a conformance
// run (its list of [Conformance] tests, its JUnit reports) together with
// kubecarry's committed list of tests that cannot run offline, and tells per
// apiserver what passed, failed, was skipped and did not run, and which test
// passed through one apiserver but not through another.
package result

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"sigs.k8s.io/yaml"
)

// SuiteTests parses what "e2e.test --list-conformance-tests" prints (the
// release's test/conformance/testdata/conformance.yaml) and returns the full
// names of the tests ("codename": the spec's text as ginkgo reports it).
func SuiteTests(conformanceYAML []byte) ([]string, error) {
	var entries []struct {
		Codename string `json:"codename"`
	}
	// The entries have more fields (description, release, file); only the
	// codename is read.
	if err := yaml.Unmarshal(conformanceYAML, &entries); err != nil {
		return nil, fmt.Errorf("the suite's list of conformance tests does not parse: %w", err)
	}
	names := make([]string, 0, len(entries))
	seen := map[string]bool{}
	for i, e := range entries {
		name := normalize(e.Codename)
		if name == "" {
			return nil, fmt.Errorf("entry %d of the suite's list of conformance tests has no codename", i+1)
		}
		if !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("the suite's list of conformance tests is empty")
	}
	sort.Strings(names)
	return names, nil
}

// suiteDescription is the e2e suite's description (its RunSpecs call).
// Ginkgo matches --focus and --skip against it, a space and the spec's
// text.
const suiteDescription = "Kubernetes e2e suite"

// Select returns the names the regular expression matches as ginkgo's
// --focus does (all with "").
func Select(names []string, focus string) ([]string, error) {
	re, err := regexp.Compile(focus)
	if err != nil {
		return nil, fmt.Errorf("focus %q: %w", focus, err)
	}
	var out []string
	for _, n := range names {
		if re.MatchString(suiteDescription + " " + n) {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("focus %q selects none of the suite's %d conformance tests", focus, len(names))
	}
	return out, nil
}

// normalize folds the whitespace YAML line folding and JUnit leave in a
// name, so that names compare equal however they were written.
func normalize(name string) string {
	return strings.Join(strings.Fields(name), " ")
}
