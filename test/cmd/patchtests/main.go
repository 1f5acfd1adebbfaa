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

// patchtests checks the "Tests:" line of each patch header against what
// exists: a header that names a test nobody can find claims coverage that
// is not there.
//
// Usage:
//
//	patchtests [-root DIR] [-upstream DIR] PATCH...
//
// The Tests: line is split into clauses at ";". Each clause must name at
// least one path or test. A path is checked where it lives:
//
//   - test/... and hack/... are kubecarry's own and must exist under -root;
//   - any other path is upstream's, in kubernetes/kubernetes layout
//     (pkg/..., cmd/..., staging/src/k8s.io/<module>/...) or as a Go
//     import path (k8s.io/<module>/..., k8s.io/kubernetes/...); the patch
//     must add or modify that file, or a file in that directory;
//   - a bare file name (metrics_test.go) must be the name of a file the
//     patch adds or modifies.
//
// A test (TestX, BenchmarkX, FuzzX, ExampleX; TestX* for every test whose
// name starts so) must be defined ("func TestX(") in what the patch, or a
// patch before it on the command line, adds or keeps as context; or in a
// _test.go file of the -upstream tree in a directory the patch changes
// (upstream's tests of a patched package); or in a _test.go file under
// -root outside vendor/ and _output/. Patches are given in series order.
//
// Words starting with "-" (flags) or "/" (URL paths) are not claims.
//
// patchtests prints one line per problem, naming the patch and the claim,
// and exits 1 if there is any; 2 on a usage error or an unreadable file.
// hack/verify-patch-tests.sh runs it on the series.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("patchtests", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", ".", "the kubecarry checkout whose test/ and hack/ paths and test files count")
	upstream := fs.String("upstream", "", "a pristine kubernetes/kubernetes tree whose tests of the directories a patch changes count")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: patchtests [-root DIR] [-upstream DIR] PATCH...")
		return 2
	}
	repo, err := loadRepo(*root, *upstream)
	if err != nil {
		fmt.Fprintf(stderr, "patchtests: %v\n", err)
		return 2
	}
	problems := 0
	for _, path := range fs.Args() {
		text, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(stderr, "patchtests: %v\n", err)
			return 2
		}
		for _, p := range checkPatch(string(text), repo) {
			fmt.Fprintf(stdout, "%s: %s\n", path, p)
			problems++
		}
	}
	if problems > 0 {
		fmt.Fprintf(stdout, "%d Tests: claim(s) name nothing that exists\n", problems)
		return 1
	}
	return 0
}
