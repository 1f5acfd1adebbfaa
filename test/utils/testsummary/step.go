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

package testsummary

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// EventsEnv names the file a step's scripts append their events to; the
// step runner sets it. When it is unset, events are only shown.
const EventsEnv = "KUBECARRY_TEST_EVENTS"

// AppendEvents appends events to the file at path, creating it if needed.
func AppendEvents(path string, events ...Event) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	for _, e := range events {
		if _, err := f.Write(e.Marshal()); err != nil {
			_ = f.Close()
			return err
		}
	}
	return f.Close()
}

// CheckEvents are the events of a check that is not a Go test: it ran,
// wrote output (if any), and ended with action (pass, fail or skip) after
// elapsed (nil: not measured).
func CheckEvents(pkg, test, action, output string, now time.Time, elapsed *float64) []Event {
	events := []Event{{Time: now, Action: "run", Package: pkg, Test: test}}
	line := fmt.Sprintf("--- %s: %s", strings.ToUpper(action), test)
	if output != "" {
		line += "\n    " + strings.ReplaceAll(strings.TrimRight(output, "\n"), "\n", "\n    ")
	}
	events = append(events, Event{Time: now, Action: "output", Package: pkg, Test: test, Output: line + "\n"})
	return append(events, Event{Time: now, Action: action, Package: pkg, Test: test, Elapsed: elapsed})
}

// RunStep runs one step of "make test": the command args, with EventsEnv
// pointing at the step's events file in dir (emptied first), and its
// output going to out and to the step's log (<dir>/<step>.log). Afterwards
// it checks the step against its events: a step that exited non-zero
// without a failed test, or that ran no test at all, gets a failure of its
// own in the events file, so the summary cannot show it as passed. It
// returns the command's exit code.
func RunStep(step, dir string, args []string, out io.Writer) (int, error) {
	if len(args) == 0 {
		return 0, errors.New("no command to run")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	events, err := filepath.Abs(EventsFile(dir, step))
	if err != nil {
		return 0, err
	}
	if err := os.WriteFile(events, nil, 0o644); err != nil {
		return 0, err
	}
	log, err := os.Create(filepath.Join(dir, step+".log"))
	if err != nil {
		return 0, err
	}
	defer log.Close()

	w := io.MultiWriter(out, log)
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = append(os.Environ(), EventsEnv+"="+events)
	cmd.Stdout, cmd.Stderr = w, w
	code := 0
	start := time.Now()
	err = cmd.Run()
	if err := writeElapsed(dir, step, time.Since(start)); err != nil {
		return code, err
	}
	if err != nil {
		var exitErr *exec.ExitError
		if !errors.As(err, &exitErr) {
			return 0, fmt.Errorf("running %s: %w", strings.Join(args, " "), err)
		}
		code = exitErr.ExitCode()
	}

	counts, err := ReadCountsFile(events)
	if err != nil {
		return code, fmt.Errorf("reading the events of step %s: %w", step, err)
	}
	var note string
	switch {
	case code != 0 && counts.Failed == 0:
		note = fmt.Sprintf("%s exited with status %d without a failed test; see %s", strings.Join(args, " "), code, log.Name())
	case counts.Passed+counts.Failed+counts.Skipped == 0:
		note = fmt.Sprintf("%s ran no test", strings.Join(args, " "))
	default:
		return code, nil
	}
	fmt.Fprintf(w, "FAIL: step %s: %s\n", step, note)
	err = AppendEvents(events, Event{Time: time.Now(), Action: "output", Package: "step " + step, Output: note + "\n"},
		Event{Time: time.Now(), Action: ActionFail, Package: "step " + step})
	if code == 0 {
		code = 1
	}
	return code, err
}
