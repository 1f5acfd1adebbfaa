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

package node

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// syncBuffer is a journal the service's processes and the test share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func poll(t *testing.T, what string, condition func() bool) {
	t.Helper()
	err := wait.PollUntilContextTimeout(t.Context(), 10*time.Millisecond, 10*time.Second, true,
		func(ctx context.Context) (bool, error) { return condition(), nil })
	if err != nil {
		t.Fatalf("waiting for %s: %v", what, err)
	}
}

// testRestartDelay is the test units' RestartDelay (kubeadm's unit has RestartSec=10).
const testRestartDelay = 20 * time.Millisecond

// kubeletLikeUnit is kubeadm's kubelet unit with a shell standing in for
// kubelet: it fails while its config file is missing (a freshly installed
// node), else writes its arguments to a file and runs until stopped.
func kubeletLikeUnit(t *testing.T, dir string, out *syncBuffer) Unit {
	t.Helper()
	script := filepath.Join(dir, "kubelet")
	body := `#!/bin/sh
config="$1"; shift
[ -f "$config" ] || { echo "config $config missing" >&2; exit 1; }
echo "$@" > "` + filepath.Join(dir, "args") + `"
echo $$ > "` + filepath.Join(dir, "pid") + `"
sleep 300 &
echo $! > "` + filepath.Join(dir, "child") + `"
wait
`
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return Unit{
		Name:             "kubelet",
		ExecStart:        []string{script, "$KUBELET_CONFIG_ARGS", "$KUBELET_KUBEADM_ARGS", "$KUBELET_EXTRA_ARGS"},
		Environment:      map[string]string{"KUBELET_CONFIG_ARGS": filepath.Join(dir, "config.yaml")},
		EnvironmentFiles: []EnvironmentFile{{Path: filepath.Join(dir, "kubeadm-flags.env"), Optional: true}, {Path: filepath.Join(dir, "default"), Optional: true}},
		RestartDelay:     testRestartDelay,
		StopTimeout:      5 * time.Second,
		Output:           out,
	}
}

func readTrimmed(path string) string {
	b, _ := os.ReadFile(path)
	return strings.TrimSpace(string(b))
}

// A node as kubeadm finds it: kubelet crash-loops (activating, which
// kubeadm counts as active) until kubeadm writes its configuration, then
// runs; the flags kubeadm writes into kubeadm-flags.env take effect at
// "systemctl restart kubelet", as with systemd.
func TestServiceRestartsUntilConfiguredAndReadsFlagsAtRestart(t *testing.T) {
	dir := t.TempDir()
	out := &syncBuffer{}
	kubelet := NewService(kubeletLikeUnit(t, dir, out))
	services := map[string]*Service{"kubelet": kubelet}
	t.Cleanup(kubelet.Stop)

	kubelet.Start()
	poll(t, "kubelet to fail twice without its config", func() bool {
		return strings.Count(out.String(), "config "+filepath.Join(dir, "config.yaml")+" missing") >= 2
	})
	// Between attempts it is activating (exit 3), in one briefly active
	// (exit 0); kubeadm counts both as running.
	stdout, _, code := Systemctl(services, []string{"is-active", "kubelet"})
	state := strings.TrimSpace(stdout)
	crashLooping := (state == StateActivating && code == 3) || (state == StateActive && code == 0)
	if !crashLooping {
		t.Errorf("is-active while crash-looping: %q exit %d, want activating (3) or briefly active (0)", stdout, code)
	}

	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "kubeadm-flags.env"), []byte("KUBELET_KUBEADM_ARGS=\"--node-ip=10.0.0.1 --v=1\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	poll(t, "kubelet to run with kubeadm's flags", func() bool { return readTrimmed(filepath.Join(dir, "args")) == "--node-ip=10.0.0.1 --v=1" })
	if stdout, _, code := Systemctl(services, []string{"is-active", "kubelet.service"}); code != 0 || strings.TrimSpace(stdout) != StateActive {
		t.Errorf("is-active while running: %q exit %d, want active 0", stdout, code)
	}

	firstPID, _ := strconv.Atoi(readTrimmed(filepath.Join(dir, "pid")))
	if err := os.WriteFile(filepath.Join(dir, "kubeadm-flags.env"), []byte("KUBELET_KUBEADM_ARGS=\"--node-ip=10.0.0.2\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "default"), []byte("KUBELET_EXTRA_ARGS=--v=4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := Systemctl(services, []string{"daemon-reload"}); code != 0 {
		t.Fatalf("daemon-reload: exit %d: %s", code, stderr)
	}
	if _, stderr, code := Systemctl(services, []string{"restart", "kubelet"}); code != 0 {
		t.Fatalf("restart: exit %d: %s", code, stderr)
	}
	poll(t, "kubelet to run with the rewritten flags", func() bool { return readTrimmed(filepath.Join(dir, "args")) == "--node-ip=10.0.0.2 --v=4" })
	if ProcessRunning(firstPID) {
		t.Errorf("the kubelet before the restart (pid %d) still runs", firstPID)
	}
}

// A kubelet that dies is started again after RestartDelay (Restart=always);
// a stopped one is not, and its whole process group is gone.
func TestServiceRestartsAfterACrashButNotAfterStop(t *testing.T) {
	dir := t.TempDir()
	out := &syncBuffer{}
	kubelet := NewService(kubeletLikeUnit(t, dir, out))
	services := map[string]*Service{"kubelet": kubelet}
	t.Cleanup(kubelet.Stop)
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	kubelet.Start()
	// Crash it once it started a child (which holds its output open): the
	// child goes with it, as systemd kills the rest of the unit's cgroup.
	poll(t, "kubelet to run and start its child", func() bool {
		pid, _ := strconv.Atoi(readTrimmed(filepath.Join(dir, "pid")))
		return pid != 0 && pid == kubelet.PID() && readTrimmed(filepath.Join(dir, "child")) != ""
	})
	crashed := kubelet.PID()
	orphan, _ := strconv.Atoi(readTrimmed(filepath.Join(dir, "child")))
	if err := os.Remove(filepath.Join(dir, "child")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(crashed, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	poll(t, "kubelet to be started again", func() bool { pid := kubelet.PID(); return pid != 0 && pid != crashed })
	if kubelet.Starts() != 2 {
		t.Errorf("starts = %d, want 2", kubelet.Starts())
	}
	poll(t, "the crashed kubelet's child to be gone", func() bool { return !ProcessRunning(orphan) })

	poll(t, "the new kubelet to start its child", func() bool {
		pid, _ := strconv.Atoi(readTrimmed(filepath.Join(dir, "pid")))
		return pid == kubelet.PID() && readTrimmed(filepath.Join(dir, "child")) != ""
	})
	child, _ := strconv.Atoi(readTrimmed(filepath.Join(dir, "child")))
	if _, stderr, code := Systemctl(services, []string{"stop", "kubelet"}); code != 0 {
		t.Fatalf("stop: exit %d: %s", code, stderr)
	}
	if stdout, _, code := Systemctl(services, []string{"is-active", "kubelet"}); code != 3 || strings.TrimSpace(stdout) != StateInactive {
		t.Errorf("is-active after stop: %q exit %d, want inactive 3", stdout, code)
	}
	poll(t, "the kubelet's child to be gone with it", func() bool { return !ProcessRunning(child) })
	starts := kubelet.Starts()
	// Absence cannot be polled for: wait several restart periods, in which
	// a restart would have happened.
	time.Sleep(5 * testRestartDelay)
	if kubelet.Starts() != starts || kubelet.PID() != 0 {
		t.Errorf("a stopped service was started again (starts %d -> %d, pid %d)", starts, kubelet.Starts(), kubelet.PID())
	}
}

// A process that ignores SIGTERM is killed after StopTimeout.
func TestServiceStopKillsAfterTimeout(t *testing.T) {
	out := &syncBuffer{}
	service := NewService(Unit{
		Name:         "stubborn",
		ExecStart:    []string{"/bin/sh", "-c", "trap '' TERM; echo TERM-ignored-$((6*7)); while :; do sleep 0.05; done"},
		RestartDelay: time.Hour,
		StopTimeout:  200 * time.Millisecond,
		Output:       out,
	})
	service.Start()
	// The marker is computed, so the journal's copy of the command line does not match it.
	poll(t, "the process to ignore TERM", func() bool { return strings.Contains(out.String(), "TERM-ignored-42") })
	pid := service.PID()
	service.Stop()
	if ProcessRunning(pid) {
		t.Errorf("pid %d survived Stop", pid)
	}
	if !strings.Contains(out.String(), "SIGKILL") {
		t.Errorf("the journal does not say the process was killed:\n%s", out.String())
	}
}

// What kubeadm's initsystem package reads from systemctl for a unit the
// node does not have, and commands the node cannot answer.
func TestSystemctlUnknownUnitsAndCommands(t *testing.T) {
	services := map[string]*Service{}
	for _, tc := range []struct {
		args       []string
		wantExit   int
		wantStdout string
		wantStderr string
	}{
		// ServiceExists looks for "could not be found".
		{args: []string{"status", "kubelet"}, wantExit: 4, wantStderr: "Unit kubelet.service could not be found."},
		// componentconfigs asks whether systemd-resolved runs.
		{args: []string{"is-active", "systemd-resolved"}, wantExit: 3, wantStdout: "inactive"},
		{args: []string{"is-enabled", "kubelet"}, wantExit: 1, wantStderr: "kubelet.service"},
		{args: []string{"restart", "kubelet"}, wantExit: 5, wantStderr: "Unit kubelet.service not found."},
		{args: []string{"mask", "kubelet"}, wantExit: 1, wantStderr: "command mask is not supported"},
		{args: []string{"--user", "status", "kubelet"}, wantExit: 1, wantStderr: "option --user is not supported"},
		{args: []string{"restart"}, wantExit: 1, wantStderr: "restart needs a unit name"},
		{args: nil, wantExit: 1, wantStderr: "no command given"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			stdout, stderr, code := Systemctl(services, tc.args)
			if code != tc.wantExit || !strings.Contains(stdout, tc.wantStdout) || !strings.Contains(stderr, tc.wantStderr) {
				t.Errorf("systemctl %q = (%q, %q, %d), want stdout containing %q, stderr containing %q, exit %d",
					tc.args, stdout, stderr, code, tc.wantStdout, tc.wantStderr, tc.wantExit)
			}
		})
	}
}

// KillMode=process (containerd's unit): a stop ends the main process only,
// and what it started (the shims) keeps running.
func TestServiceKillMainProcessOnlyLeavesChildren(t *testing.T) {
	dir := t.TempDir()
	out := &syncBuffer{}
	childFile := filepath.Join(dir, "child")
	service := NewService(Unit{
		Name:                "containerd",
		ExecStart:           []string{"/bin/sh", "-c", "sleep 300 & echo $! > " + childFile + ".tmp && mv " + childFile + ".tmp " + childFile + "; wait"},
		RestartDelay:        time.Hour,
		StopTimeout:         5 * time.Second,
		KillMainProcessOnly: true,
		Output:              out,
	})
	service.Start()
	poll(t, "the child to start", func() bool { return readTrimmed(childFile) != "" })
	child, _ := strconv.Atoi(readTrimmed(childFile))
	t.Cleanup(func() { _ = syscall.Kill(child, syscall.SIGKILL) })
	service.Stop()
	if !ProcessRunning(child) {
		t.Errorf("the child %d of a KillMode=process unit died with its stop", child)
	}
}
