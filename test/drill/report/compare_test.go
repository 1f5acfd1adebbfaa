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

package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kubecarry/kubecarry/test/drill/checker"
	"github.com/kubecarry/kubecarry/test/drill/history"
)

// TestCompare: two runs side by side, step by step, with what each lost;
// a step only one run reached is shown as not reached by the other.
func TestCompare(t *testing.T) {
	good := sample()
	bad := sample()
	bad.Phases = bad.Phases[:2] // stopped in b-freeze
	bad.Watches = []history.Watch{{Resource: "jobs", Missed: []string{"j1", "j2"}}}
	bad.Namespace = &history.NamespaceDeletion{Name: "doomed", Finished: false, Leftover: []string{"/registry/jobs/doomed/a"}}
	var out bytes.Buffer
	Compare(&out, []Run{
		{Name: "kubecarry", History: good, Result: checker.Result{Verdicts: []checker.Verdict{{Check: "no 404", OK: true}}}},
		{Name: "upstream", History: bad, Result: checker.Result{Verdicts: []checker.Verdict{{Check: "no 404", OK: false}}}},
	})
	got := out.String()
	for _, want := range []string{
		"| step      | kubecarry: calls | failed | 404 existing | dependents lost | upstream: calls | failed | 404 existing | dependents lost |",
		// b-freeze: the 503 and the 404 of an existing object; d2 deleted
		// while its owner exists. The run that stopped in b-freeze counts
		// every later call in it.
		"| b-freeze  |                2 |      2 |            1 |               1 |               5 |      4 |            2 |               1 |",
		"| c-resumed |                3 |      2 |            1 |               0 |               - |      - |            - |               - |",
		"| watch events missed | 0                              | 2                        |",
		"| namespace deletion  | gone after 5.00s, nothing left | not gone, 1 objects left |",
		"| checks              | PASS                           | FAIL: no 404             |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("comparison lacks %q:\n%s", want, got)
		}
	}
}
