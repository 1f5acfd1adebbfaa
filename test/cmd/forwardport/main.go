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

// forwardport does the work behind hack/forward-port-report.sh, which asks
// of each patch of the series, against a newer upstream release: does it
// apply, and does the release already behave as the patch makes the tree
// behave? The second question is answered by the patch's own tests: only
// the test files of the patch go onto the pristine release, and its tests
// run there. Passing means upstream has the behaviour (the carry can go);
// failing means the carry is still needed.
//
//	forwardport tests -tree DIR -before REV -after REV [-tests-line TEXT]
//	    puts the test files the patch (REV..REV in DIR's repository)
//	    changes onto DIR's work tree and prints what to run, one
//	    "<module dir>\t<package>\t<-run regexp>" line per package after
//	    "note\t<text>" lines on how the files were carried, or
//	    "undecided\t<why>" when there is no test to run.
//	forwardport verdict <go test -json output...>
//	    prints "<verdict>\t<detail>" for the tests that ran.
//	forwardport table -series FILE -patches DIR -notes FILE RELEASE=DIR...
//	    writes the forward-port table (Markdown) from each release's
//	    apply.tsv and tests.tsv in DIR.
//	forwardport check -series FILE DOC
//	    checks the format of the table committed in DOC.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: forwardport tests|verdict|table|check ...")
		return 2
	}
	commands := map[string]func([]string, io.Writer, io.Writer) int{
		"tests":   runTests,
		"verdict": runVerdict,
		"table":   runTable,
		"check":   runCheck,
	}
	command, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "forwardport: unknown command %q (want tests, verdict, table or check)\n", args[0])
		return 2
	}
	return command(args[1:], stdout, stderr)
}
