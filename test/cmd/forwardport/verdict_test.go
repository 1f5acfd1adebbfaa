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
	"strings"
	"testing"
)

func runOf(t *testing.T, stream string) testRun {
	t.Helper()
	run := testRun{passed: map[string]bool{}, failed: map[string]bool{}, skipped: map[string]bool{}}
	if err := readRun(strings.NewReader(stream), &run); err != nil {
		t.Fatal(err)
	}
	return run
}

func TestVerdict(t *testing.T) {
	for _, tc := range []struct {
		name, stream, finding, detail string
		replaced                      bool
	}{{
		name: "every test passes: upstream has it",
		stream: `{"Action":"run","Package":"p","Test":"TestA"}
{"Action":"pass","Package":"p","Test":"TestA/sub"}
{"Action":"pass","Package":"p","Test":"TestA"}
{"Action":"pass","Package":"p","Test":"TestB"}
{"Action":"pass","Package":"p"}`,
		finding: Upstream, detail: "2 pass: TestA, TestB",
	}, {
		name: "a failing subtest fails its test: carry needed",
		stream: `{"Action":"fail","Package":"p","Test":"TestA/sub"}
{"Action":"fail","Package":"p","Test":"TestA"}
{"Action":"pass","Package":"p","Test":"TestB"}
{"Action":"fail","Package":"p"}`,
		finding: Carry, detail: "1 of 2 fail: TestA (subtests TestA/sub); pass: TestB",
	}, {
		name: "a failure where the release's test file was replaced does not decide",
		stream: `{"Action":"fail","Package":"p","Test":"TestA/sub"}
{"Action":"fail","Package":"p","Test":"TestA"}`,
		replaced: true,
		finding:  Undecided, detail: "1 of 1 fail: TestA (subtests TestA/sub); the failures may be the release's own change to the lines the patch's tests change",
	}, {
		name:     "a pass where the release's test file was replaced decides",
		stream:   `{"Action":"pass","Package":"p","Test":"TestA"}`,
		replaced: true,
		finding:  Upstream, detail: "1 pass: TestA",
	}, {
		name: "does not build: undecided, the compiler's words quoted",
		stream: `{"ImportPath":"p [p.test]","Action":"build-output","Output":"# p [p.test]\n"}
{"ImportPath":"p [p.test]","Action":"build-output","Output":"pkg/p/x_test.go:12:3: undefined: newThing\n"}
{"ImportPath":"p [p.test]","Action":"build-fail"}
{"Action":"fail","Package":"p","Output":"FAIL\tp [build failed]\n"}`,
		finding: Undecided, detail: "the tests do not build on the release (p [p.test]): they use what the release does not have: newThing (1 compile errors)",
	}, {
		name: "does not build for another reason: the first errors quoted",
		stream: `{"ImportPath":"p [p.test]","Action":"build-output","Output":"pkg/p/x_test.go:1:1: expected 'package', found 'EOF'\n"}
{"ImportPath":"p [p.test]","Action":"build-fail"}`,
		finding: Undecided, detail: "the tests do not build on the release (p [p.test]): pkg/p/x_test.go:1:1: expected 'package', found 'EOF'",
	}, {
		name: "a failure in one package decides although another did not build",
		stream: `{"ImportPath":"q [q.test]","Action":"build-fail"}
{"Action":"fail","Package":"p","Test":"TestA"}`,
		finding: Carry, detail: "1 of 1 fail: TestA; the tests do not build on the release (q [q.test])",
	}, {
		name:    "every test skipped: undecided",
		stream:  `{"Action":"skip","Package":"p","Test":"TestA"}`,
		finding: Undecided, detail: "every test skipped itself: TestA",
	}, {
		name:    "nothing ran",
		stream:  `{"Action":"pass","Package":"p"}`,
		finding: Undecided, detail: "no test of the patch ran",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			finding, detail := verdict(runOf(t, tc.stream), tc.replaced)
			if finding != tc.finding || detail != tc.detail {
				t.Errorf("verdict = %q, %q\nwant      %q, %q", finding, detail, tc.finding, tc.detail)
			}
		})
	}
}

func TestMissingNames(t *testing.T) {
	got := missingNames([]string{
		"a_test.go:1:2: undefined: newPeerBackoff",
		"a_test.go:3:4: h.backoff undefined (type *peerProxyHandler has no field or method backoff)",
		"a_test.go:5:6: unknown field refreshInterval in struct literal of type config",
		"a_test.go:7:8: undefined: metrics.PeerProxiedRequests",
		"a_test.go:9:9: undefined: newPeerBackoff",
		"a_test.go:9:9: cannot use x (variable of type int) as string value",
	})
	want := []string{"newPeerBackoff", "backoff", "refreshInterval", "metrics.PeerProxiedRequests"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("missingNames = %q, want %q", got, want)
	}
}

func TestReadRunRejectsWhatIsNotTest2JSON(t *testing.T) {
	run := testRun{passed: map[string]bool{}, failed: map[string]bool{}, skipped: map[string]bool{}}
	if err := readRun(strings.NewReader("{not json"), &run); err == nil {
		t.Error("readRun accepted a broken JSON line")
	}
}
