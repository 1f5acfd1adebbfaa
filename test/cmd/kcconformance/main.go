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

// kcconformance is the logic of hack/conformance.sh: it turns the committed
// skip list into ginkgo's --skip expression, and reads the JUnit reports of
// the runs through each apiserver into the summary table.
//
// Usage:
//
//	kcconformance skip-regexp -suite conformance.yaml -skip-list skips.yaml
//	kcconformance report -suite conformance.yaml -skip-list skips.yaml [-focus RE] [-require-pass] [-out summary.md] \
//	    capable=junit_01.xml older=junit_01.xml ...
//	kcconformance failed-regexp -junit junit_01.xml
//
// -suite is what "e2e.test --list-conformance-tests" prints. report selects
// the suite's tests that -focus matches, places each in every run (passed,
// failed, failed as the list expects, skipped by the list, skipped by the
// suite, not run), prints the table (and writes it with the problems to
// -out), and exits 1 when a test passed through the first apiserver and not
// through another (an expected failure aside), or, with -require-pass, when
// any selected test failed unexpectedly or did not run, an expected failure
// passed, or a suite node failed. failed-regexp prints a --focus expression
// of exactly the tests a report has as failed (hack/conformance.sh
// --focus-failed-in). It exits 2 on a usage error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kubecarry/kubecarry/test/conformance/result"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

var errUsage = errors.New("usage")

func run(args []string, stdout, stderr io.Writer) int {
	err := errUsage
	if len(args) > 0 {
		switch args[0] {
		case "skip-regexp":
			err = skipRegexp(args[1:], stdout, stderr)
		case "report":
			err = report(args[1:], stdout, stderr)
		case "failed-regexp":
			err = failedRegexp(args[1:], stdout, stderr)
		}
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage):
		fmt.Fprintln(stderr, "usage: kcconformance skip-regexp|report|failed-regexp [flags] (see the package documentation)")
		return 2
	default:
		fmt.Fprintln(stderr, "kcconformance:", err)
		return 1
	}
}

// inputs are the suite's list and the skip list every command reads.
type inputs struct {
	suitePath, skipsPath string
}

func (in *inputs) register(fs *flag.FlagSet) {
	fs.StringVar(&in.suitePath, "suite", "", "the suite's conformance tests (e2e.test --list-conformance-tests)")
	fs.StringVar(&in.skipsPath, "skip-list", "", "the committed skip list")
}

func (in inputs) load() ([]string, result.SkipList, error) {
	if in.suitePath == "" || in.skipsPath == "" {
		return nil, result.SkipList{}, fmt.Errorf("-suite and -skip-list are required: %w", errUsage)
	}
	raw, err := os.ReadFile(in.suitePath)
	if err != nil {
		return nil, result.SkipList{}, err
	}
	suite, err := result.SuiteTests(raw)
	if err != nil {
		return nil, result.SkipList{}, fmt.Errorf("%s: %w", in.suitePath, err)
	}
	if raw, err = os.ReadFile(in.skipsPath); err != nil {
		return nil, result.SkipList{}, err
	}
	skips, err := result.ParseSkipList(raw, suite)
	if err != nil {
		return nil, result.SkipList{}, fmt.Errorf("%s: %w", in.skipsPath, err)
	}
	return suite, skips, nil
}

func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

func skipRegexp(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("skip-regexp", stderr)
	var in inputs
	in.register(fs)
	if err := fs.Parse(args); err != nil || fs.NArg() != 0 {
		return errUsage
	}
	_, skips, err := in.load()
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, skips.Regexp())
	return nil
}

// failedRegexp prints a ginkgo --focus expression of exactly the tests a
// JUnit report has as failed: to run through the capable apiserver what
// failed through the older one, and so tell kubecarry's failures from the
// cluster's.
func failedRegexp(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("failed-regexp", stderr)
	junit := fs.String("junit", "", "the JUnit report of a run")
	if err := fs.Parse(args); err != nil || fs.NArg() != 0 || *junit == "" {
		return errUsage
	}
	f, err := os.Open(*junit)
	if err != nil {
		return err
	}
	defer f.Close()
	cases, err := result.ParseJUnit(f)
	if err != nil {
		return fmt.Errorf("%s: %w", *junit, err)
	}
	failed := result.FailedNames(cases)
	if len(failed) == 0 {
		return fmt.Errorf("%s: no test failed", *junit)
	}
	fmt.Fprintln(stdout, result.NamesRegexp(failed))
	return nil
}

func report(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("report", stderr)
	var in inputs
	in.register(fs)
	focus := fs.String("focus", "", "a regular expression selecting the suite's tests the runs were asked for (all when empty)")
	requirePass := fs.Bool("require-pass", false, "fail when any selected test failed or did not run through any apiserver")
	out := fs.String("out", "", "also write the table and the problems (Markdown) here")
	if err := fs.Parse(args); err != nil || fs.NArg() == 0 {
		return errUsage
	}
	suite, skips, err := in.load()
	if err != nil {
		return err
	}
	selected, err := result.Select(suite, *focus)
	if err != nil {
		return err
	}
	var servers []result.Server
	for _, arg := range fs.Args() {
		name, path, ok := strings.Cut(arg, "=")
		if !ok || name == "" || path == "" {
			return fmt.Errorf("%q is not name=junit.xml: %w", arg, errUsage)
		}
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("the report of %s: %w", name, err)
		}
		cases, err := result.ParseJUnit(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		servers = append(servers, result.Summarize(name, selected, skips, cases))
	}

	var b strings.Builder
	b.WriteString(result.Table(servers))
	problems := result.Problems(servers)
	if len(problems) > 0 {
		b.WriteString("\nFailed or not run:\n\n")
		for _, p := range problems {
			fmt.Fprintf(&b, "- %s\n", p)
		}
	}
	if known := result.KnownFailures(servers); len(known) > 0 {
		b.WriteString("\nFailed as the list expects (an open kubecarry issue):\n\n")
		for _, k := range known {
			fmt.Fprintf(&b, "- %s\n", k)
		}
	}
	regressions := result.Regressions(servers)
	if len(regressions) > 0 {
		fmt.Fprintf(&b, "\nPassed through %s, not through another apiserver (a failure of kubecarry):\n\n", servers[0].Name)
		for _, r := range regressions {
			fmt.Fprintf(&b, "- %s: %s: %s %s\n", r.Server, r.Test, r.Got.Status, r.Got.Message)
		}
	}
	fmt.Fprint(stdout, b.String())
	if *out != "" {
		if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	switch {
	case len(regressions) > 0:
		return fmt.Errorf("%d test(s) passed through %s and not through another apiserver", len(regressions), servers[0].Name)
	case *requirePass && len(problems) > 0:
		return fmt.Errorf("%d test(s) or suite nodes failed or did not run", len(problems))
	}
	return nil
}
