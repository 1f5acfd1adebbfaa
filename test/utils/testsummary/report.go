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
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// EventsFile is where the events of a step are kept in the log directory.
func EventsFile(dir, step string) string {
	return filepath.Join(dir, step+".json")
}

// ReadCounts counts the events of a stream; lines that are not events are
// ignored.
func ReadCounts(r io.Reader) (Counts, error) {
	c := NewCounter()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		if e, ok := ParseEvent(sc.Bytes()); ok {
			c.Add(e)
		}
	}
	return c.Counts(), sc.Err()
}

// ReadCountsFile counts the events in a file.
func ReadCountsFile(path string) (Counts, error) {
	f, err := os.Open(path)
	if err != nil {
		return Counts{}, err
	}
	defer f.Close()
	return ReadCounts(f)
}

// Report prints the results of every step, in order: per step the counts
// and the names of failed and skipped tests; notes after them; and, as its
// very last line, the totals "N passed, N failed, N skipped". A step whose
// events file is missing did not run, which counts as a failure. It returns
// the totals.
func Report(w io.Writer, dir string, steps []string, notes []string) (Counts, error) {
	var total Counts
	fmt.Fprintln(w)
	fmt.Fprintln(w, "================ make test summary ================")
	for _, step := range steps {
		c, err := ReadCountsFile(EventsFile(dir, step))
		if errors.Is(err, fs.ErrNotExist) {
			c = Counts{Failed: 1, FailedTests: []Result{{Package: step, Note: "the step did not run: no " + EventsFile(dir, step)}}}
		} else if err != nil {
			return total, fmt.Errorf("reading the events of step %s: %w", step, err)
		}
		line := fmt.Sprintf("%-12s %s", step, c.Line())
		elapsed, known, err := readElapsed(dir, step)
		if err != nil {
			return total, fmt.Errorf("reading the wall time of step %s: %w", step, err)
		}
		if known {
			line += "   in " + formatDuration(elapsed)
		}
		fmt.Fprintln(w, line)
		if known {
			if err := reportSlowest(w, EventsFile(dir, step)); err != nil {
				return total, fmt.Errorf("reading the timings of step %s: %w", step, err)
			}
		}
		for _, r := range c.FailedTests {
			fmt.Fprintf(w, "  FAIL %s\n", r)
		}
		for _, r := range c.SkippedTests {
			fmt.Fprintf(w, "  SKIP %s\n", r)
		}
		total.Add(c)
	}
	for _, n := range notes {
		fmt.Fprintln(w, n)
	}
	fmt.Fprintln(w, total.Line())
	return total, nil
}

// slowestShown is how many of a step's slowest parts the summary names.
const slowestShown = 4

// reportSlowest names the slowest parts of a step, with their durations.
func reportSlowest(w io.Writer, events string) error {
	timings, err := ReadTimings(events)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	if len(timings) > slowestShown {
		timings = timings[:slowestShown]
	}
	for _, t := range timings {
		fmt.Fprintf(w, "  %9s %s\n", formatDuration(t.Elapsed), t.Name)
	}
	return nil
}
