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

package nemesis

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// TestRunBeforeActionsThenHold: an upgrade step's actions (stop, start)
// run in order as the phase begins, and the phase holds its duration from
// when they are done, not from its start.
func TestRunBeforeActionsThenHold(t *testing.T) {
	log := &callLog{}
	rec := history.NewRecorder("", "", nil)
	slow := &Func{Name: "slow", Fn: func(context.Context) error { log.add("slow"); time.Sleep(50 * time.Millisecond); return nil }}
	steps := []Step{{Phase: "upgrade", Duration: 30 * time.Millisecond,
		Before: []Action{slow, &fakeAction{name: "second", log: log}}}}
	if err := Run(context.Background(), rec, steps, quiet); err != nil {
		t.Fatal(err)
	}
	if got, want := log.get(), []string{"slow", "do second"}; !reflect.DeepEqual(got, want) {
		t.Errorf("calls %q, want %q", got, want)
	}
	p := rec.History().Phases[0]
	if d := p.End.Sub(p.Start); d < 80*time.Millisecond {
		t.Errorf("phase lasted %s, want the actions' 50ms and then the 30ms hold", d)
	}
}

// TestRunFaultFor: a fault with FaultFor is undone early, the phase's End
// marks the undo, and the phase goes on for its duration.
func TestRunFaultFor(t *testing.T) {
	log := &callLog{}
	rec := history.NewRecorder("", "", nil)
	steps := []Step{
		{Phase: "mid", Duration: 80 * time.Millisecond, FaultFor: 20 * time.Millisecond, Fault: &fakeFault{name: "f", log: log}},
		{Phase: "next", Duration: time.Millisecond},
	}
	if err := Run(context.Background(), rec, steps, quiet); err != nil {
		t.Fatal(err)
	}
	if got, want := log.get(), []string{"inject f", "undo f"}; !reflect.DeepEqual(got, want) {
		t.Errorf("calls %q, want %q (undone once)", got, want)
	}
	h := rec.History()
	mid, next := h.Phases[0], h.Phases[1]
	if d := mid.End.Sub(mid.Start); d < 20*time.Millisecond || d > 70*time.Millisecond {
		t.Errorf("the fault was undone after %s, want about 20ms", d)
	}
	if d := next.Start.Sub(mid.Start); d < 80*time.Millisecond {
		t.Errorf("the next phase began after %s, want the whole 80ms", d)
	}
}

// TestDeferredBuildsAtInject: a deferred fault finds its processes when it
// is injected, after the steps before replaced them.
func TestDeferredBuildsAtInject(t *testing.T) {
	log := &callLog{}
	built := 0
	d := &Deferred{Description: "freeze the new server", Build: func() (Fault, error) {
		built++
		return &fakeFault{name: "built", log: log}, nil
	}}
	if err := d.Undo(); err != nil || built != 0 {
		t.Fatalf("Undo before Inject: err %v, built %d", err, built)
	}
	if err := d.Inject(); err != nil {
		t.Fatal(err)
	}
	if err := d.Undo(); err != nil {
		t.Fatal(err)
	}
	if got, want := log.get(), []string{"inject built", "undo built"}; built != 1 || !reflect.DeepEqual(got, want) {
		t.Errorf("built %d, calls %q, want 1 and %q", built, got, want)
	}
	failing := &Deferred{Description: "x", Build: func() (Fault, error) { return nil, errors.New("not running") }}
	if err := failing.Inject(); err == nil || !strings.Contains(err.Error(), "not running") {
		t.Errorf("Inject of a fault that cannot be built: %v", err)
	}
	if freezes(&Deferred{built: &Freeze{}}) != true {
		t.Error("a deferred freeze does not count as a freeze")
	}
}

// startProcess starts argv and writes its PID file; the test ends it.
func startProcess(t *testing.T, argv ...string) (string, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	t.Cleanup(func() { _ = cmd.Process.Kill(); <-done })
	binary, err := exec.LookPath(argv[0])
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "p.pid")
	if err := os.WriteFile(path, FormatPIDFile(cmd.Process.Pid, binary), 0o644); err != nil {
		t.Fatal(err)
	}
	// The process runs its binary once exec is done.
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := ReadPIDFile(path); err == nil {
			return path, cmd
		}
		if time.Now().After(deadline) {
			t.Fatalf("process %d never ran %s", cmd.Process.Pid, binary)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestStopWaitsForTheProcess(t *testing.T) {
	path, cmd := startProcess(t, "sleep", "30")
	s := &Stop{Name: "sleeper", PIDFile: path, Timeout: 5 * time.Second}
	if err := s.Do(context.Background()); err != nil {
		t.Fatal(err)
	}
	if alive(cmd.Process.Pid) {
		t.Error("still running after Stop")
	}
	if e := s.Outcome(); e.Kind != history.EventStopped || e.Component != "sleeper" {
		t.Errorf("outcome %+v", e)
	}
}

// TestStopFailsWhenTheProcessStays: a server that ignores SIGTERM fails
// the step, naming it, instead of being killed quietly.
func TestStopFailsWhenTheProcessStays(t *testing.T) {
	ready := filepath.Join(t.TempDir(), "ready")
	path, _ := startProcess(t, "sh", "-c", `trap "" TERM; touch "$0"; while :; do sleep 0.05; done`, ready)
	for deadline := time.Now().Add(5 * time.Second); ; {
		if _, err := os.Stat(ready); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the shell never set its trap")
		}
		time.Sleep(10 * time.Millisecond)
	}
	err := (&Stop{Name: "stubborn", PIDFile: path, Timeout: 300 * time.Millisecond}).Do(context.Background())
	if err == nil || !strings.Contains(err.Error(), "stubborn still running") {
		t.Errorf("err %v", err)
	}
}

func TestKill(t *testing.T) {
	path, cmd := startProcess(t, "sleep", "30")
	if err := (&Kill{Name: "sleeper", PIDFile: path}).Do(context.Background()); err != nil {
		t.Fatal(err)
	}
	if alive(cmd.Process.Pid) {
		t.Error("still running after Kill")
	}
}

func TestStartRunsTheScript(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "start.sh")
	args := filepath.Join(dir, "args")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$@\" >"+args+"\n[ \"$3\" = v1.36.3 ] || { echo \"no such release $3\"; exit 1; }\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	s := &Start{Script: script, Name: "apiserver-1", Release: "v1.36.3"}
	if err := s.Do(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(args); strings.TrimSpace(string(got)) != "start apiserver-1 v1.36.3" {
		t.Errorf("the script got %q", got)
	}
	if e := s.Outcome(); e.Kind != history.EventReady || e.Component != "apiserver-1 (v1.36.3)" {
		t.Errorf("outcome %+v", e)
	}
	err := (&Start{Script: script, Name: "apiserver-1", Release: "v9.9.9"}).Do(context.Background())
	if err == nil || !strings.Contains(err.Error(), "no such release v9.9.9") {
		t.Errorf("a failed start should show the script's output: %v", err)
	}
}
