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
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// writeTree writes files (path → content) under a new root; a path ending
// in ".sh" is made executable.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") {
			mode = 0o755
		}
		if err := os.WriteFile(p, []byte(content), mode); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

const fixtureMakefile = `.PHONY: all
all:
	hack/build.sh
test: export X = 1
test:
	hack/test.sh
VAR := value
`

// fixtureHelp is what the fixture scripts print for --help.
var fixtureHelp = map[string]string{
	"hack/cluster.sh": "usage: hack/cluster.sh [--test] [--down] [--upstream-peer vX.Y.Z]\n  --test   run the checks\n",
}

func fakeHelp(calls *[]string) helpFunc {
	return func(_, script string) (string, error) {
		*calls = append(*calls, script)
		return fixtureHelp[script], nil
	}
}

func TestCheckPassesOnAConsistentTree(t *testing.T) {
	root := writeTree(t, map[string]string{
		"Makefile":        fixtureMakefile,
		"hack/cluster.sh": "#!/bin/sh\n",
		"hack/build.sh":   "#!/bin/sh\n",
		"README.md": "# Project\n\n## The two commands\n\n```sh\nmake\nmake test   # everything\nmake WHAT=cmd/x all\n```\n\n" +
			"See [the cluster](docs/cluster.md#running-it-twice-1) and [above](#the-two-commands), [upstream](https://example.com/x).\n" +
			"Run `hack/cluster.sh --test` or `hack/cluster.sh --upstream-peer v1.36.3 | tee log`; `hack/build.sh` builds.\n",
		"docs/cluster.md": "# Cluster\n\n## Running it twice\n\n## Running it twice\n\n```sh\nhack/cluster.sh --down   # stop\n# not a heading\n$ make all && make test\ndocs/    what the make targets do\n```\n\nBack to the [README](../README.md) and the [hack dir](../hack).\n",
	})
	var calls []string
	problems, err := check(root, []string{"README.md", "docs/cluster.md"}, fakeHelp(&calls))
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) != 0 {
		t.Errorf("problems on a consistent tree:\n%s", strings.Join(problems, "\n"))
	}
	if !reflect.DeepEqual(calls, []string{"hack/cluster.sh"}) {
		t.Errorf("--help asked of %v, want only hack/cluster.sh (the only script shown with flags), once", calls)
	}
}

func TestCheckFindsEveryKindOfDrift(t *testing.T) {
	root := writeTree(t, map[string]string{
		"Makefile":        fixtureMakefile,
		"hack/cluster.sh": "#!/bin/sh\n",
		"hack/plain.txt":  "",
		"README.md": "# Project\n\n" +
			"A [moved doc](docs/gone.md), a [lost anchor](docs/cluster.md#no-such-heading), [outside](../x.md).\n" +
			"```sh\nmake tests\nhack/cluster.sh --teardown\nhack/missing.sh\n```\n",
		"docs/cluster.md": "# Cluster\n",
	})
	var calls []string
	problems, err := check(root, []string{"README.md"}, fakeHelp(&calls))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"README.md:3: link ../x.md leaves the repository",
		"README.md:3: link docs/cluster.md#no-such-heading: docs/cluster.md has no heading with anchor #no-such-heading",
		"README.md:3: link docs/gone.md: docs/gone.md does not exist",
		"README.md:5: make tests: the Makefile has no target \"tests\"",
		"README.md:6: hack/cluster.sh --teardown: hack/cluster.sh --help does not name --teardown",
		"README.md:7: hack/missing.sh does not exist or is not executable",
	}
	if !reflect.DeepEqual(problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
}

// TestRenamedFlagFails is the acceptance case: a script's flag renamed
// while the docs still show the old name fails the check, with the real
// --help of a real script.
func TestRenamedFlagFails(t *testing.T) {
	script := "#!/bin/sh\ncase \"$1\" in --help) echo 'usage: hack/drill.sh [--duration-per-step D] [--check]'; exit 0 ;; esac\nexit 3\n"
	root := writeTree(t, map[string]string{
		"Makefile":      fixtureMakefile,
		"hack/drill.sh": script,
		"README.md":     "# P\n\n```sh\nhack/drill.sh --duration-per-step 30s --check\n```\n",
	})
	if problems, err := check(root, []string{"README.md"}, runHelp); err != nil || len(problems) != 0 {
		t.Fatalf("before the rename: %v, %v; want no problem", problems, err)
	}
	renamed := strings.Replace(script, "--duration-per-step", "--hold", 1)
	if err := os.WriteFile(filepath.Join(root, "hack/drill.sh"), []byte(renamed), 0o755); err != nil {
		t.Fatal(err)
	}
	problems, err := check(root, []string{"README.md"}, runHelp)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"README.md:4: hack/drill.sh --duration-per-step: hack/drill.sh --help does not name --duration-per-step"}
	if !reflect.DeepEqual(problems, want) {
		t.Errorf("after the rename: %v, want %v", problems, want)
	}
}

func TestScriptWithoutHelpIsAProblem(t *testing.T) {
	root := writeTree(t, map[string]string{
		"Makefile":        fixtureMakefile,
		"hack/nohelp.sh":  "#!/bin/sh\necho \"unknown option $1\" >&2\nexit 2\n",
		"docs/using.md":   "# Using\n\nRun `hack/nohelp.sh --fast`.\n",
		"docs/unused.txt": "",
	})
	problems, err := check(root, []string{"docs/using.md"}, runHelp)
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) != 1 || !strings.Contains(problems[0], "docs/using.md:3: hack/nohelp.sh --help: exit status 2") {
		t.Errorf("problems = %v, want one saying hack/nohelp.sh does not answer --help", problems)
	}
}

func TestHeadingAnchors(t *testing.T) {
	got := headingAnchors("# kubecarry\n## The two commands\n### Fault drill of the peer proxy\n## Rolling upgrade drill (1.35 → 1.36 behind a load balancer)\n" +
		"## `make test`, step by step\n## Tests\n## Tests\n```\n# comment\n```\n####### not a heading\n")
	want := map[string]bool{
		"kubecarry": true, "the-two-commands": true, "fault-drill-of-the-peer-proxy": true,
		"rolling-upgrade-drill-135--136-behind-a-load-balancer": true,
		"make-test-step-by-step":                                true,
		"tests":                                                 true, "tests-1": true,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("headingAnchors = %v, want %v", got, want)
	}
}

func TestScriptUses(t *testing.T) {
	at := location{file: "f.md", line: 1}
	for _, tc := range []struct {
		line string
		want []flagUse
	}{
		{line: "hack/a.sh --from v1.35.8 --faults kill --check   # baseline --not-a-flag",
			want: []flagUse{{at: at, script: "hack/a.sh", flags: []string{"--from", "--faults", "--check"}}}},
		{line: "#          [--servers N] [--upgrade K] hack/b.sh [--to vX.Y.Z] [--check]",
			want: []flagUse{{at: at, script: "hack/b.sh", flags: []string{"--to", "--check"}}}},
		{line: "`hack/c.sh --test=1`, then `hack/d.sh` (see hack/e.sh --down)",
			want: []flagUse{{at: at, script: "hack/c.sh", flags: []string{"--test"}}, {at: at, script: "hack/d.sh"}, {at: at, script: "hack/e.sh", flags: []string{"--down"}}}},
		{line: "make && hack/f.sh --x | hack/g.sh --y; hack/h.sh",
			want: []flagUse{{at: at, script: "hack/f.sh", flags: []string{"--x"}}, {at: at, script: "hack/g.sh", flags: []string{"--y"}}, {at: at, script: "hack/h.sh"}}},
	} {
		if got := scriptUses(at, tc.line); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("scriptUses(%q) = %+v, want %+v", tc.line, got, tc.want)
		}
	}
}
