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
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Where the time of "make test" goes: each step's wall time, and how long
// each Go test package and each check that is not a Go test took, so that
// the summary shows what to make faster without a second run.

// ElapsedFile is where RunStep keeps a step's wall time, in seconds.
func ElapsedFile(dir, step string) string {
	return filepath.Join(dir, step+".elapsed")
}

// writeElapsed records a step's wall time.
func writeElapsed(dir, step string, d time.Duration) error {
	return os.WriteFile(ElapsedFile(dir, step), []byte(strconv.FormatFloat(d.Seconds(), 'f', 3, 64)+"\n"), 0o644)
}

// readElapsed returns a step's wall time, and false if it was not recorded.
func readElapsed(dir, step string) (time.Duration, bool, error) {
	data, err := os.ReadFile(ElapsedFile(dir, step))
	if errors.Is(err, fs.ErrNotExist) {
		return 0, false, nil
	} else if err != nil {
		return 0, false, err
	}
	seconds, err := strconv.ParseFloat(strings.TrimSpace(string(data)), 64)
	if err != nil {
		return 0, false, err
	}
	return time.Duration(seconds * float64(time.Second)), true, nil
}

// Timing is how long one part of a step took: a Go test package, or a
// check that is not a Go test ("<script> <check>").
type Timing struct {
	Name    string
	Elapsed time.Duration
}

// ReadTimings returns the parts of a step's events that say how long they
// took, slowest first: every Go test package's end, and every check's end
// that carries its duration. Subtests and tests are left out: their time
// is inside their package's.
func ReadTimings(path string) ([]Timing, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var timings []Timing
	scanner := bufio.NewScanner(f)
	scanner.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for scanner.Scan() {
		e, ok := ParseEvent(scanner.Bytes())
		if !ok || e.Elapsed == nil || !endsARun(e.Action) {
			continue
		}
		name := e.Package
		switch {
		case e.Test == "":
		case isCheckPackage(e.Package):
			name += " " + e.Test
		default:
			continue
		}
		timings = append(timings, Timing{Name: name, Elapsed: time.Duration(*e.Elapsed * float64(time.Second))})
	}
	sort.SliceStable(timings, func(i, j int) bool { return timings[i].Elapsed > timings[j].Elapsed })
	return timings, scanner.Err()
}

func endsARun(action string) bool {
	return action == ActionPass || action == ActionFail || action == ActionSkip
}

// isCheckPackage reports whether a package name is a script that runs
// checks (hack/...), not a Go package.
func isCheckPackage(pkg string) bool {
	return strings.HasPrefix(pkg, "hack/")
}

// formatDuration prints d as 1h02m03s, 4m05s or 6.7s.
func formatDuration(d time.Duration) string {
	if d < time.Minute {
		return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + "s"
	}
	d = d.Round(time.Second)
	h, m, s := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	if h > 0 {
		return fmt.Sprintf("%dh%02dm%02ds", h, m, s)
	}
	return fmt.Sprintf("%dm%02ds", m, s)
}
