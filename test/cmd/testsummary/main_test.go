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
	"strings"
	"testing"

	"github.com/kubecarry/kubecarry/test/utils/privileged"
	"github.com/kubecarry/kubecarry/test/utils/testsummary"
)

func TestPrivilegedCheckFailsWhenRequiredAndSkipsOtherwise(t *testing.T) {
	geteuid = func() int { return 65534 }
	t.Cleanup(func() { geteuid = os.Geteuid })
	for _, tc := range []struct {
		require  string
		wantCode int
		want     string
	}{
		{require: "1", wantCode: 1, want: "1 passed, 1 failed, 0 skipped"},
		{require: "", wantCode: 0, want: "1 passed, 0 failed, 1 skipped"},
	} {
		events := filepath.Join(t.TempDir(), "e2e.json")
		t.Setenv(testsummary.EventsEnv, events)
		t.Setenv(privileged.RequireEnv, tc.require)
		var out bytes.Buffer
		if code, err := run("event", []string{"-package", "hack/test-e2e.sh", "-test", "gofmt", "-action", "pass"}, nil, &out); code != 0 || err != nil {
			t.Fatalf("event: exit %d, %v", code, err)
		}
		code, err := run("privileged", []string{"-package", "hack/test-e2e.sh", "-test", "local-up-cluster", "-needs", "create network namespaces"}, nil, &out)
		if err != nil || code != tc.wantCode {
			t.Errorf("%s=%q: exit %d (%v), want %d", privileged.RequireEnv, tc.require, code, err, tc.wantCode)
		}
		if !strings.Contains(out.String(), "local-up-cluster\n    needs root to create network namespaces") {
			t.Errorf("%s=%q: the check's line does not say what needed root:\n%s", privileged.RequireEnv, tc.require, out.String())
		}
		c, err := testsummary.ReadCountsFile(events)
		if err != nil {
			t.Fatal(err)
		}
		if c.Line() != tc.want {
			t.Errorf("%s=%q: counted %s, want %s", privileged.RequireEnv, tc.require, c.Line(), tc.want)
		}
	}
}

func TestRenderExitsNonZeroOnAFailureAndRecordsEvents(t *testing.T) {
	events := filepath.Join(t.TempDir(), "unit.json")
	stream := strings.Join([]string{
		"# a line go test wrote to stderr",
		`{"Action":"run","Package":"p","Test":"TestA"}`,
		`{"Action":"output","Package":"p","Test":"TestA","Output":"    a_test.go:1: boom\n"}`,
		`{"Action":"fail","Package":"p","Test":"TestA"}`,
		`{"Action":"output","Package":"p","Output":"FAIL\tp\t0.1s\n"}`,
		`{"Action":"fail","Package":"p"}`,
	}, "\n")
	var out bytes.Buffer
	code, err := render(strings.NewReader(stream), &out, events)
	if err != nil || code != 1 {
		t.Errorf("exit %d (%v), want 1 for a failed test", code, err)
	}
	if !strings.Contains(out.String(), "# a line go test wrote to stderr\n    a_test.go:1: boom\n") || !strings.HasSuffix(out.String(), "counted: 0 passed, 1 failed, 0 skipped\n") {
		t.Errorf("output:\n%s", out.String())
	}
	c, err := testsummary.ReadCountsFile(events)
	if err != nil {
		t.Fatal(err)
	}
	if c.Line() != "0 passed, 1 failed, 0 skipped" {
		t.Errorf("the events file counts %s", c.Line())
	}
}
