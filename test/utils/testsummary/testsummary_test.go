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
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// testdata/go-test.json is what "go test -json ./..." printed (stdout and
// stderr) for a module of four packages: good (a pass, a skip, a table test
// with a passing and a skipping subtest), bad (a pass, a failing subtest
// and so its parent), nobuild (a test file that does not compile) and
// crash (a test that calls os.Exit(3)).
func readFixture(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "go-test.json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

const (
	bad     = "example.com/fixture/bad"
	good    = "example.com/fixture/good"
	nobuild = "example.com/fixture/nobuild"
	crash   = "example.com/fixture/crash"
)

func TestCountsOfARealGoTestStream(t *testing.T) {
	c, err := ReadCounts(bytes.NewReader(readFixture(t)))
	if err != nil {
		t.Fatal(err)
	}
	// Passed: bad/TestPasses, good/TestPasses, good/TestTable,
	// good/TestTable/one.
	if c.Passed != 4 || c.Skipped != 2 || c.Failed != 4 {
		t.Errorf("counted %s, want 4 passed, 4 failed, 2 skipped", c.Line())
	}
	wantFailed := []Result{
		{Package: bad, Test: "TestFails/sub"},
		{Package: bad, Test: "TestFails"},
		{Package: crash, Test: "TestExitsTheBinary", Note: "started and never ended"},
		{Package: nobuild, Note: "build failed: example.com/fixture/nobuild [example.com/fixture/nobuild.test]"},
	}
	if !reflect.DeepEqual(c.FailedTests, wantFailed) {
		t.Errorf("failed tests:\n%v\nwant\n%v", c.FailedTests, wantFailed)
	}
	wantSkipped := []Result{{Package: good, Test: "TestSkips"}, {Package: good, Test: "TestTable/two"}}
	if !reflect.DeepEqual(c.SkippedTests, wantSkipped) {
		t.Errorf("skipped tests %v, want %v", c.SkippedTests, wantSkipped)
	}
}

func TestCounterCountsEveryRunAndAFailedPackageOnce(t *testing.T) {
	c := NewCounter()
	for i := 0; i < 3; i++ { // -count=3
		c.Add(Event{Action: "run", Package: "p", Test: "TestA"})
		c.Add(Event{Action: ActionPass, Package: "p", Test: "TestA"})
	}
	c.Add(Event{Action: "run", Package: "p", Test: "TestB"})
	c.Add(Event{Action: ActionFail, Package: "p", Test: "TestB"})
	c.Add(Event{Action: ActionFail, Package: "p"})
	c.Add(Event{Action: "output", Package: "q", Output: "panic: TestMain could not start etcd\n"})
	c.Add(Event{Action: "output", Package: "q", Output: "FAIL\tq\t0.1s\n"})
	c.Add(Event{Action: ActionFail, Package: "q"})
	got := c.Counts()
	if got.Line() != "3 passed, 2 failed, 0 skipped" {
		t.Errorf("counted %q, want 3 passed, 2 failed, 0 skipped", got.Line())
	}
	want := []Result{{Package: "p", Test: "TestB"}, {Package: "q", Note: "failed outside its tests: panic: TestMain could not start etcd"}}
	if !reflect.DeepEqual(got.FailedTests, want) {
		t.Errorf("failed %v, want %v", got.FailedTests, want)
	}
}

func TestRendererShowsFailuresAndSkipsLikeGoTest(t *testing.T) {
	var out bytes.Buffer
	r := NewRenderer(&out)
	for _, l := range bytes.SplitAfter(readFixture(t), []byte("\n")) {
		if len(l) == 0 {
			continue
		}
		if _, _, err := r.Line(l); err != nil {
			t.Fatal(err)
		}
	}
	got := out.String()
	for _, want := range []string{
		"ok  \texample.com/fixture/good\t",
		"    bad_test.go:8: the answer was 41, want 42\n--- FAIL: TestFails/sub",
		"--- FAIL: TestFails (0.00s)",
		"FAIL\texample.com/fixture/bad\t",
		"    good_test.go:7: needs something this machine lacks\n--- SKIP: TestSkips",
		"--- SKIP: TestTable/two",
		"nobuild/nobuild_test.go:5:28: undefined: undefined\n",
		"FAIL\texample.com/fixture/nobuild [build failed]\n",
		// The crashed test's output comes before its package's FAIL line.
		"    crash_test.go:9: about to exit\n--- UNFINISHED: TestExitsTheBinary (started and never ended)\nFAIL\texample.com/fixture/crash",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	for _, hidden := range []string{"quiet when it passes", "--- PASS", "=== RUN   TestPasses", "\"Action\""} {
		if strings.Contains(got, hidden) {
			t.Errorf("output shows %q, which go test hides for passing tests:\n%s", hidden, got)
		}
	}
	if c := r.Counts(); c.Line() != "4 passed, 4 failed, 2 skipped" {
		t.Errorf("the renderer counted %s", c.Line())
	}
}

func TestRendererShowsAPackagesOwnOutputOnlyWhenItFails(t *testing.T) {
	var out bytes.Buffer
	r := NewRenderer(&out)
	for _, e := range []Event{
		{Action: "start", Package: "quiet"},
		{Action: "output", Package: "quiet", Output: "etcd: serving client traffic\n"},
		{Action: "output", Package: "quiet", Output: "PASS\n"},
		{Action: "output", Package: "quiet", Output: "ok  \tquiet\t1.0s\n"},
		{Action: ActionPass, Package: "quiet"},
		{Action: "start", Package: "loud"},
		{Action: "output", Package: "loud", Output: "TestMain: etcd did not start: exit status 1\n"},
		{Action: "output", Package: "loud", Output: "FAIL\tloud\t0.1s\n"},
		{Action: ActionFail, Package: "loud"},
	} {
		if _, _, err := r.Line(e.Marshal()); err != nil {
			t.Fatal(err)
		}
	}
	want := "ok  \tquiet\t1.0s\nTestMain: etcd did not start: exit status 1\nFAIL\tloud\t0.1s\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	if c := r.Counts(); c.Failed != 1 || c.FailedTests[0].Note != "failed outside its tests: TestMain: etcd did not start: exit status 1" {
		t.Errorf("counted %s, failed %v; want the package's failure with its last line", c.Line(), c.FailedTests)
	}
}

func TestRendererPassesOtherLinesThrough(t *testing.T) {
	var out bytes.Buffer
	r := NewRenderer(&out)
	for _, l := range []string{"+++ building kube-proxy", "{not json", `{"no":"action"}`} {
		if _, ok, err := r.Line([]byte(l)); err != nil || ok {
			t.Fatalf("Line(%q) = event %v, error %v; want a plain line", l, ok, err)
		}
	}
	if want := "+++ building kube-proxy\n{not json\n{\"no\":\"action\"}\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

func TestCheckEventsCountLikeTests(t *testing.T) {
	var stream bytes.Buffer
	now := time.Unix(0, 0)
	for _, e := range CheckEvents("hack/verify-all.sh", "verify-gofmt.sh", ActionPass, "", now, nil) {
		stream.Write(e.Marshal())
	}
	for _, e := range CheckEvents("hack/test-e2e.sh", "local-up-cluster --test", ActionFail, "two lines\nof output", now, nil) {
		stream.Write(e.Marshal())
	}
	for _, e := range CheckEvents("hack/test-e2e.sh", "test-peer-faults", ActionSkip, "needs root", now, nil) {
		stream.Write(e.Marshal())
	}
	c, err := ReadCounts(&stream)
	if err != nil {
		t.Fatal(err)
	}
	if c.Line() != "1 passed, 1 failed, 1 skipped" {
		t.Errorf("counted %s", c.Line())
	}
	e := CheckEvents("p", "t", ActionFail, "two lines\nof output", now, nil)[1]
	if want := "--- FAIL: t\n    two lines\n    of output\n"; e.Output != want {
		t.Errorf("output %q, want %q", e.Output, want)
	}
}

func TestReportEndsWithTheTotalsAndCountsAMissingStep(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(EventsFile(dir, "unit"), readFixture(t), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := AppendEvents(EventsFile(dir, "verify"), CheckEvents("hack/verify-all.sh", "verify-gofmt.sh", ActionPass, "", time.Now(), nil)...); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	total, err := Report(&out, dir, []string{"verify", "unit", "e2e"}, []string{"a note"})
	if err != nil {
		t.Fatal(err)
	}
	// e2e has no events file: it did not run, one failure.
	if total.Line() != "5 passed, 5 failed, 2 skipped" {
		t.Errorf("totals %s, want 5 passed, 5 failed, 2 skipped", total.Line())
	}
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	if last := lines[len(lines)-1]; last != "5 passed, 5 failed, 2 skipped" {
		t.Errorf("last line %q, want the totals:\n%s", last, out.String())
	}
	for _, want := range []string{
		"verify       1 passed, 0 failed, 0 skipped\n",
		"unit         4 passed, 4 failed, 2 skipped\n",
		"  FAIL example.com/fixture/bad TestFails/sub\n",
		"  SKIP example.com/fixture/good TestTable/two\n",
		"e2e          0 passed, 1 failed, 0 skipped\n  FAIL e2e (the step did not run",
		"a note\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestRunStepFailsAStepThatExitsNonZeroWithoutAFailedTest(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	// The script records a passing check, then fails on its own.
	script := `testsummary_event() { printf '%s\n' "$1" >>"${KUBECARRY_TEST_EVENTS}"; }
testsummary_event '{"Action":"pass","Package":"s","Test":"check"}'
echo "etcd did not start"; exit 3`
	code, err := RunStep("e2e", dir, []string{"bash", "-c", script}, &out)
	if err != nil {
		t.Fatal(err)
	}
	if code != 3 {
		t.Errorf("exit code %d, want the script's 3", code)
	}
	c, err := ReadCountsFile(EventsFile(dir, "e2e"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Line() != "1 passed, 1 failed, 0 skipped" || !strings.Contains(c.FailedTests[0].Note, "exited with status 3 without a failed test") {
		t.Errorf("counted %s, failed %v; want the pass and one failure naming the exit status", c.Line(), c.FailedTests)
	}
	log, err := os.ReadFile(filepath.Join(dir, "e2e.log"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(log), "etcd did not start") || !strings.Contains(out.String(), "etcd did not start") {
		t.Errorf("the step's output is not in both its log (%q) and the terminal (%q)", log, out.String())
	}
}

func TestRunStepFailsAStepThatRanNoTest(t *testing.T) {
	dir := t.TempDir()
	code, err := RunStep("upstream", dir, []string{"true"}, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := ReadCountsFile(EventsFile(dir, "upstream"))
	if err != nil {
		t.Fatal(err)
	}
	if code == 0 || c.Failed != 1 || !strings.Contains(c.FailedTests[0].Note, "ran no test") {
		t.Errorf("exit code %d, counted %s (%v); want a failure saying it ran no test", code, c.Line(), c.FailedTests)
	}
}

func TestRunStepKeepsAFailureCountedOnce(t *testing.T) {
	dir := t.TempDir()
	script := `printf '%s\n' '{"Action":"fail","Package":"s","Test":"check"}' >>"${KUBECARRY_TEST_EVENTS}"; exit 1`
	code, err := RunStep("verify", dir, []string{"bash", "-c", script}, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := ReadCountsFile(EventsFile(dir, "verify"))
	if err != nil {
		t.Fatal(err)
	}
	if code != 1 || c.Line() != "0 passed, 1 failed, 0 skipped" {
		t.Errorf("exit code %d, counted %s; want 1 and the script's one failure", code, c.Line())
	}
}

func TestReportShowsEachStepsTimeAndItsSlowestParts(t *testing.T) {
	dir := t.TempDir()
	seconds := func(s float64) *float64 { return &s }
	now := time.Now()
	var events []Event
	events = append(events, CheckEvents("hack/verify-all.sh", "verify-golangci-lint.sh", ActionPass, "", now, seconds(562))...)
	events = append(events, CheckEvents("hack/verify-all.sh", "verify-gofmt.sh", ActionPass, "", now, seconds(3.2))...)
	events = append(events, CheckEvents("hack/verify-all.sh", "verify-unmeasured.sh", ActionPass, "", now, nil)...)
	events = append(events,
		Event{Action: "run", Package: "example.com/p", Test: "TestSlow"},
		Event{Action: ActionPass, Package: "example.com/p", Test: "TestSlow", Elapsed: seconds(900)},
		Event{Action: ActionPass, Package: "example.com/p", Elapsed: seconds(75)},
		Event{Action: ActionFail, Package: "example.com/q", Elapsed: seconds(3725)},
	)
	if err := AppendEvents(EventsFile(dir, "verify"), events...); err != nil {
		t.Fatal(err)
	}
	if err := writeElapsed(dir, "verify", 4*time.Hour+2*time.Second); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := Report(&out, dir, []string{"verify"}, nil); err != nil {
		t.Fatal(err)
	}
	// The slowest four parts, slowest first: packages and checks, not a
	// test inside a package (its time is its package's), nor a check that
	// was not measured.
	want := "verify       4 passed, 1 failed, 0 skipped   in 4h00m02s\n" +
		"   1h02m05s example.com/q\n" +
		"      9m22s hack/verify-all.sh verify-golangci-lint.sh\n" +
		"      1m15s example.com/p\n" +
		"       3.2s hack/verify-all.sh verify-gofmt.sh\n"
	if !strings.Contains(out.String(), want) {
		t.Errorf("report:\n%s\nwant it to hold:\n%s", out.String(), want)
	}
}

func TestRunStepRecordsTheStepsWallTime(t *testing.T) {
	dir := t.TempDir()
	script := `printf '%s\n' '{"Action":"pass","Package":"s","Test":"check"}' >>"${KUBECARRY_TEST_EVENTS}"`
	if _, err := RunStep("unit", dir, []string{"bash", "-c", script}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	elapsed, known, err := readElapsed(dir, "unit")
	if err != nil || !known || elapsed <= 0 || elapsed > time.Minute {
		t.Errorf("recorded wall time %v (known %v, %v), want a positive duration below a minute", elapsed, known, err)
	}
}
