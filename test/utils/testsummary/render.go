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
		return r.packageEvent(e)
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

// packageEvent handles an event outside any test. Like "go test" for a
// list of packages, it shows a package's own output (a TestMain's logs, a
// panic outside tests) only when the package fails; the "ok", "FAIL" and
// "?" lines and build errors always.
func (r *Renderer) packageEvent(e Event) error {
	k := testKey{e.Package, ""}
	switch e.Action {
	case "build-output":
		return r.write([]string{e.Output})
	case "output":
		switch {
		case strings.HasPrefix(e.Output, "FAIL"):
			if err := r.flushPackage(e.Package); err != nil {
				return err
			}
			return r.write([]string{e.Output})
		case strings.HasPrefix(e.Output, "ok  "), strings.HasPrefix(e.Output, "?   "):
			delete(r.output, k)
			return r.write([]string{e.Output})
		case strings.TrimSpace(e.Output) == "PASS":
			// Only repeats the "ok" line.
			return nil
		}
		r.output[k] = append(r.output[k], e.Output)
	case ActionPass:
		delete(r.output, k)
	case ActionFail:
		return r.flushPackage(e.Package)
	}
	return nil
}

// flushPackage writes what a failed package's tests that never ended and
// the package itself wrote, and forgets it.
func (r *Renderer) flushPackage(pkg string) error {
	if err := r.flushUnfinished(pkg); err != nil {
		return err
	}
	k := testKey{pkg, ""}
	lines := r.output[k]
	delete(r.output, k)
	return r.write(lines)
}

// flushUnfinished writes the output of the package's tests that have not
// ended, in the order of their names, and forgets it.
func (r *Renderer) flushUnfinished(pkg string) error {
	var keys []testKey
	for k := range r.output {
		if k.pkg == pkg && k.test != "" {
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
