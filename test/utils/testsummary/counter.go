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
	"fmt"
	"sort"
	"strings"
)

// Result names a test (or, for a failure outside any test, a package) and
// why it is listed.
type Result struct {
	Package string
	// Test is empty for a package that failed outside its tests (it did not
	// build, panicked in TestMain, timed out, a script exited non-zero).
	Test string
	// Note says why, when the events alone do not.
	Note string
}

func (r Result) String() string {
	s := r.Package
	if r.Test != "" {
		s += " " + r.Test
	}
	if r.Note != "" {
		s += " (" + r.Note + ")"
	}
	return s
}

// Counts are the results of a stream. Tests and subtests count each, every
// time they run (-count=3 counts three times).
type Counts struct {
	Passed, Failed, Skipped int
	// FailedTests and SkippedTests name what failed or skipped, in the order
	// the stream ended them.
	FailedTests, SkippedTests []Result
}

// Add adds o to c.
func (c *Counts) Add(o Counts) {
	c.Passed += o.Passed
	c.Failed += o.Failed
	c.Skipped += o.Skipped
	c.FailedTests = append(c.FailedTests, o.FailedTests...)
	c.SkippedTests = append(c.SkippedTests, o.SkippedTests...)
}

// Line is the one-line form: "N passed, N failed, N skipped".
func (c Counts) Line() string {
	return fmt.Sprintf("%d passed, %d failed, %d skipped", c.Passed, c.Failed, c.Skipped)
}

type testKey struct{ pkg, test string }

// Counter counts the results of a stream of events.
type Counter struct {
	counts Counts
	// running counts the runs of each test that have not ended yet.
	running map[testKey]int
	// failedPackages are packages that reported failure, in order.
	failedPackages []Result
	// packagesWithFailedTests are packages a failed test belongs to.
	packagesWithFailedTests map[string]bool
	// lastOutput is each package's last line of output outside its tests.
	lastOutput map[string]string
}

// NewCounter returns an empty Counter.
func NewCounter() *Counter {
	return &Counter{running: map[testKey]int{}, packagesWithFailedTests: map[string]bool{}, lastOutput: map[string]string{}}
}

// Add counts one event.
func (c *Counter) Add(e Event) {
	if e.Test == "" {
		switch e.Action {
		case "output":
			// go test ends a failed package with "FAIL<tab>package", which
			// says nothing new.
			if l := strings.TrimSpace(e.Output); l != "" && l != "FAIL" && !strings.HasPrefix(l, "FAIL\t") {
				c.lastOutput[e.Package] = l
			}
		case ActionFail:
			note := "failed outside its tests"
			if e.FailedBuild != "" {
				note = "build failed: " + e.FailedBuild
			} else if l := c.lastOutput[e.Package]; l != "" {
				note += ": " + l
			}
			c.failedPackages = append(c.failedPackages, Result{Package: e.Package, Note: note})
		}
		return
	}
	k := testKey{e.Package, e.Test}
	switch e.Action {
	case "run":
		c.running[k]++
		return
	case ActionPass:
		c.counts.Passed++
	case ActionFail:
		c.counts.Failed++
		c.counts.FailedTests = append(c.counts.FailedTests, Result{Package: e.Package, Test: e.Test})
		c.packagesWithFailedTests[e.Package] = true
	case ActionSkip:
		c.counts.Skipped++
		c.counts.SkippedTests = append(c.counts.SkippedTests, Result{Package: e.Package, Test: e.Test})
	default:
		return
	}
	if c.running[k] > 0 {
		c.running[k]--
	}
}

// Counts returns the counts so far, as if the stream ended here: a test that
// started and never ended (its binary crashed or timed out) counts as
// failed, and so does a failed package none of whose tests failed.
func (c *Counter) Counts() Counts {
	out := c.counts
	out.FailedTests = append([]Result(nil), c.counts.FailedTests...)
	out.SkippedTests = append([]Result(nil), c.counts.SkippedTests...)
	var unfinished []Result
	for k, n := range c.running {
		for i := 0; i < n; i++ {
			unfinished = append(unfinished, Result{Package: k.pkg, Test: k.test, Note: "started and never ended"})
		}
	}
	sort.Slice(unfinished, func(i, j int) bool {
		return unfinished[i].String() < unfinished[j].String()
	})
	out.FailedTests = append(out.FailedTests, unfinished...)
	out.Failed += len(unfinished)
	withFailure := map[string]bool{}
	for p := range c.packagesWithFailedTests {
		withFailure[p] = true
	}
	for _, r := range unfinished {
		withFailure[r.Package] = true
	}
	for _, p := range c.failedPackages {
		if withFailure[p.Package] {
			continue
		}
		withFailure[p.Package] = true
		out.FailedTests = append(out.FailedTests, p)
		out.Failed++
	}
	return out
}
