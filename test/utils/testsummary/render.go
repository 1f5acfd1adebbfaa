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
	"io"
	"sort"
	"strings"
)

// Renderer shows a stream the way "go test" (without -v) shows a run: the
// per-package "ok" and "FAIL" lines, build errors, and the whole output of
// every test that failed or skipped, when it ends. Lines that are not events
// pass through unchanged. It counts the results as it goes.
type Renderer struct {
	out     io.Writer
	counter *Counter
	// output holds each running test's output until the test ends.
	output map[testKey][]string
}

// NewRenderer returns a Renderer that writes to out.
func NewRenderer(out io.Writer) *Renderer {
	return &Renderer{out: out, counter: NewCounter(), output: map[testKey][]string{}}
}

// Line handles one line of the stream, with or without its newline, and
// returns the event it held, if any.
func (r *Renderer) Line(line []byte) (Event, bool, error) {
	e, ok := ParseEvent(line)
	if !ok {
		s := string(line)
		if !strings.HasSuffix(s, "\n") {
			s += "\n"
		}
		_, err := io.WriteString(r.out, s)
		return Event{}, false, err
	}
	r.counter.Add(e)
	return e, true, r.event(e)
}

func (r *Renderer) event(e Event) error {
	if e.Test == "" {
		if e.Action == ActionFail || e.Action == ActionPass || (e.Action == "output" && strings.HasPrefix(e.Output, "FAIL")) {
			// The package ended: show what its tests that never ended
			// (the binary exited or timed out in them) wrote.
			if err := r.flushUnfinished(e.Package); err != nil {
				return err
			}
		}
		switch e.Action {
		case "output", "build-output":
			// Package lines: "ok", "FAIL", "?", build errors, panics
			// outside tests. A lone "PASS" only repeats the "ok" line.
			if strings.TrimSpace(e.Output) == "PASS" {
				return nil
			}
			_, err := io.WriteString(r.out, e.Output)
			return err
		}
		return nil
	}
	k := testKey{e.Package, e.Test}
	switch e.Action {
	case "output":
		r.output[k] = append(r.output[k], e.Output)
	case ActionPass:
		delete(r.output, k)
	case ActionFail, ActionSkip:
		lines := r.output[k]
		delete(r.output, k)
		if len(lines) == 0 {
			// Checks that are not Go tests may end without output.
			lines = []string{resultLine(e)}
		}
		return r.write(lines)
	}
	return nil
}

// write writes lines, each ending with a newline.
func (r *Renderer) write(lines []string) error {
	for _, l := range lines {
		if !strings.HasSuffix(l, "\n") {
			l += "\n"
		}
		if _, err := io.WriteString(r.out, l); err != nil {
			return err
		}
	}
	return nil
}

// flushUnfinished writes the output of the package's tests that have not
// ended, in the order of their names, and forgets it.
func (r *Renderer) flushUnfinished(pkg string) error {
	var keys []testKey
	for k := range r.output {
		if k.pkg == pkg {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].test < keys[j].test })
	for _, k := range keys {
		lines := r.output[k]
		delete(r.output, k)
		lines = append(lines, "--- UNFINISHED: "+k.test+" (started and never ended)")
		if err := r.write(lines); err != nil {
			return err
		}
	}
	return nil
}

// resultLine is the line "go test -v" ends a test with.
func resultLine(e Event) string {
	return "--- " + strings.ToUpper(e.Action) + ": " + e.Test + " (" + e.Package + ")\n"
}

// Counts returns the results so far (see Counter.Counts).
func (r *Renderer) Counts() Counts {
	return r.counter.Counts()
}
