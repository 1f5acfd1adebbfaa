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

// testsummary shows and counts the tests of "make test" (see package
// github.com/kubecarry/kubecarry/test/utils/testsummary).
//
//	go test -json ... 2>&1 | testsummary render
//	    shows the stream like "go test" does (ok/FAIL per package, the
//	    output of failed and skipped tests), appends its events to
//	    $KUBECARRY_TEST_EVENTS when set, ends with the stream's counts;
//	    exits 1 when a test failed
//	testsummary event -package P -test T -action pass|fail|skip [-output MSG]
//	    records a check that is not a Go test
//	testsummary privileged -package P -test T -needs WHAT
//	    records a check that needs root and cannot run: a skip, or a failure
//	    when KUBECARRY_REQUIRE_PRIVILEGED_TESTS is true (exit 1)
//	testsummary run -step NAME -dir DIR -- COMMAND [ARG...]
//	    runs one step of make test with its events in DIR/NAME.json and its
//	    log in DIR/NAME.log
//	testsummary report -dir DIR [-note TEXT]... STEP...
//	    prints every step's counts, failed and skipped tests, and last the
//	    line "N passed, N failed, N skipped"; exits 1 when anything failed
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/kubecarry/kubecarry/test/utils/privileged"
	"github.com/kubecarry/kubecarry/test/utils/testsummary"
)

// geteuid is os.Geteuid, replaced in tests.
var geteuid = os.Geteuid

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: testsummary render|event|privileged|run|report [flags]")
		os.Exit(2)
	}
	code, err := run(os.Args[1], os.Args[2:], os.Stdin, os.Stdout)
	if err != nil {
		fmt.Fprintf(os.Stderr, "testsummary %s: %v\n", os.Args[1], err)
		if code == 0 {
			code = 2
		}
	}
	os.Exit(code)
}

// run runs a subcommand and returns the exit code.
func run(cmd string, args []string, in io.Reader, out io.Writer) (int, error) {
	fs := flag.NewFlagSet("testsummary "+cmd, flag.ContinueOnError)
	switch cmd {
	case "render":
		if err := fs.Parse(args); err != nil {
			return 2, err
		}
		return render(in, out, os.Getenv(testsummary.EventsEnv))
	case "event", "privileged":
		pkg := fs.String("package", "", "the check's package: the script that runs it")
		test := fs.String("test", "", "the check's name")
		action := fs.String("action", "", "event: pass, fail or skip")
		output := fs.String("output", "", "event: what the check said")
		needs := fs.String("needs", "", "privileged: what the check needs root for")
		elapsed := fs.Float64("elapsed", -1, "event: how long the check took, in seconds (negative: not measured)")
		if err := fs.Parse(args); err != nil {
			return 2, err
		}
		if *pkg == "" || *test == "" {
			return 2, errors.New("-package and -test are required")
		}
		code := 0
		if cmd == "privileged" {
			if *needs == "" {
				return 2, errors.New("-needs is required")
			}
			outcome, msg := privileged.Decide(geteuid(), os.Getenv(privileged.RequireEnv), *needs)
			switch outcome {
			case privileged.Run:
				return 2, fmt.Errorf("%s %s can run: it is root", *pkg, *test)
			case privileged.Skip:
				*action = testsummary.ActionSkip
			case privileged.Fail:
				*action, code = testsummary.ActionFail, 1
			}
			*output = msg
		}
		switch *action {
		case testsummary.ActionPass, testsummary.ActionFail, testsummary.ActionSkip:
		default:
			return 2, fmt.Errorf("-action %q: want pass, fail or skip", *action)
		}
		var took *float64
		if *elapsed >= 0 {
			took = elapsed
		}
		return code, record(out, testsummary.CheckEvents(*pkg, *test, *action, *output, time.Now(), took))
	case "run":
		step := fs.String("step", "", "the step's name")
		dir := fs.String("dir", "", "the log directory")
		if err := fs.Parse(args); err != nil {
			return 2, err
		}
		if *step == "" || *dir == "" || fs.NArg() == 0 {
			return 2, errors.New("usage: run -step NAME -dir DIR -- COMMAND [ARG...]")
		}
		// Ctrl-C reaches the step's processes too; stay to record how
		// the step ended.
		signal.Ignore(syscall.SIGINT)
		return testsummary.RunStep(*step, *dir, fs.Args(), out)
	case "report":
		dir := fs.String("dir", "", "the log directory")
		var notes multiFlag
		fs.Var(&notes, "note", "a line to print before the totals (repeatable)")
		if err := fs.Parse(args); err != nil {
			return 2, err
		}
		if *dir == "" || fs.NArg() == 0 {
			return 2, errors.New("report needs -dir DIR and at least one STEP (report -dir DIR [-note TEXT]... STEP...)")
		}
		total, err := testsummary.Report(out, *dir, fs.Args(), notes)
		if err != nil {
			return 2, err
		}
		if total.Failed > 0 {
			return 1, nil
		}
		return 0, nil
	}
	return 2, fmt.Errorf("unknown subcommand; want render, event, privileged, run or report")
}

// render shows a stream and appends its events to the file events, if set.
func render(in io.Reader, out io.Writer, events string) (int, error) {
	r := testsummary.NewRenderer(out)
	var w *bufio.Writer
	if events != "" {
		f, err := os.OpenFile(events, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return 2, err
		}
		defer f.Close()
		w = bufio.NewWriter(f)
		defer w.Flush()
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		e, ok, err := r.Line(sc.Bytes())
		if err != nil {
			return 2, err
		}
		if ok && w != nil {
			if _, err := w.Write(e.Marshal()); err != nil {
				return 2, err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return 2, err
	}
	c := r.Counts()
	for _, f := range c.FailedTests {
		fmt.Fprintf(out, "FAIL: %s\n", f)
	}
	fmt.Fprintf(out, "counted: %s\n", c.Line())
	if w != nil {
		if err := w.Flush(); err != nil {
			return 2, err
		}
	}
	if c.Failed > 0 {
		return 1, nil
	}
	return 0, nil
}

// record shows a check's output and appends its events to
// $KUBECARRY_TEST_EVENTS.
func record(out io.Writer, events []testsummary.Event) error {
	for _, e := range events {
		if _, err := io.WriteString(out, e.Output); err != nil {
			return err
		}
	}
	if path := os.Getenv(testsummary.EventsEnv); path != "" {
		return testsummary.AppendEvents(path, events...)
	}
	return nil
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, "\n") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }
