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

package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// state returns the process state letter of pid from /proc ("" once the
// process is gone).
func state(pid int) string {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ""
	}
	// pid (comm) S ...: the state follows the last ')'.
	fields := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	return fields[0]
}

func TestReapCollectsExitedChildren(t *testing.T) {
	truePath, err := exec.LookPath("true")
	if err != nil {
		t.Skip("no true(1) to run as a child")
	}
	pid, err := syscall.ForkExec(truePath, []string{"true"}, &syscall.ProcAttr{})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for state(pid) != "Z" {
		if time.Now().After(deadline) {
			t.Fatalf("the child %d never became a zombie (state %q)", pid, state(pid))
		}
		time.Sleep(10 * time.Millisecond)
	}
	reap()
	if s := state(pid); s != "" {
		t.Errorf("after reap the child %d is still there in state %q", pid, s)
	}
}

func TestPauseExitsCleanlyOnSIGTERM(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "pause")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building pause: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// A SIGTERM before its handler is installed would kill it: wait for
	// the line it prints once it is.
	ready, err := bufio.NewReader(stderr).ReadString('\n')
	if err != nil || !strings.Contains(ready, "waiting") {
		t.Fatalf("pause printed %q (%v) instead of saying it waits", ready, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("pause exited with %v after SIGTERM, want status 0", err)
		}
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("pause did not exit within 10s of SIGTERM")
	}
}
