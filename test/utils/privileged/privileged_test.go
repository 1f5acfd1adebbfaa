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

package privileged

import (
	"strings"
	"testing"
)

func TestDecide(t *testing.T) {
	const what = "create network namespaces"
	for _, tc := range []struct {
		name    string
		euid    int
		require string
		want    Outcome
		// wantMsg are substrings the message must hold.
		wantMsg []string
	}{
		{name: "root runs whatever the variable says", euid: 0, require: "1", want: Run},
		{name: "root runs with the variable unset", euid: 0, require: "", want: Run},
		{name: "non-root skips when the variable is unset", euid: 1000, require: "", want: Skip,
			wantMsg: []string{"needs root to " + what, "uid 1000", RequireEnv + "=1"}},
		{name: "non-root skips when the variable is false", euid: 1000, require: "0", want: Skip,
			wantMsg: []string{"needs root to " + what}},
		{name: "non-root fails when the variable is 1", euid: 65534, require: "1", want: Fail,
			wantMsg: []string{"needs root to " + what, "uid 65534", "forbids skipping"}},
		{name: "non-root fails when the variable is true", euid: 65534, require: "true", want: Fail,
			wantMsg: []string{"needs root to " + what}},
		{name: "a value that is not a boolean fails, even as root", euid: 0, require: "yes please", want: Fail,
			wantMsg: []string{RequireEnv, `"yes please"`, "not a boolean"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, msg := Decide(tc.euid, tc.require, what)
			if got != tc.want {
				t.Fatalf("Decide(%d, %q) = %v (%q), want %v", tc.euid, tc.require, got, msg, tc.want)
			}
			if tc.want == Run && msg != "" {
				t.Errorf("a test that runs got the message %q", msg)
			}
			for _, s := range tc.wantMsg {
				if !strings.Contains(msg, s) {
					t.Errorf("message %q does not contain %q", msg, s)
				}
			}
		})
	}
}

// recorder is a testing.TB that records how the test ended instead of
// ending it.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper()           {}
func (r *recorder) Skip(args ...any)  { r.skipped = args[0].(string) }
func (r *recorder) Fatal(args ...any) { r.failed = args[0].(string) }

func TestRequireSkipsOrFailsTheTest(t *testing.T) {
	r := &recorder{TB: t}
	require(r, 1000, "", "run kube-proxy")
	if r.skipped == "" || r.failed != "" {
		t.Errorf("without %s: skipped %q, failed %q; want a skip only", RequireEnv, r.skipped, r.failed)
	}
	r = &recorder{TB: t}
	require(r, 1000, "1", "run kube-proxy")
	if r.failed == "" || r.skipped != "" || !strings.Contains(r.failed, "run kube-proxy") {
		t.Errorf("with %s=1: skipped %q, failed %q; want a failure naming what needed root", RequireEnv, r.skipped, r.failed)
	}
	r = &recorder{TB: t}
	require(r, 0, "1", "run kube-proxy")
	if r.failed != "" || r.skipped != "" {
		t.Errorf("as root: skipped %q, failed %q; want the test to go on", r.skipped, r.failed)
	}
}
