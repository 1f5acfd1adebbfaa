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
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// PIDFile is a process record of hack/lib/local-cluster.sh: the PID on the
// first line, the binary on the second.
type PIDFile struct {
	Path   string
	PID    int
	Binary string
}

// ReadPIDFile reads a PID file and checks that the process still runs its
// binary, so a PID the kernel has given to someone else is never signalled.
func ReadPIDFile(path string) (PIDFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return PIDFile{}, err
	}
	f, err := ParsePIDFile(data)
	if err != nil {
		return PIDFile{}, fmt.Errorf("%s: %w", path, err)
	}
	f.Path = path
	argv, err := Cmdline(f.PID)
	if err != nil || len(argv) == 0 || !strings.Contains(strings.Join(argv, " "), filepath.Base(f.Binary)) {
		return PIDFile{}, fmt.Errorf("%s: process %d is not running %s", path, f.PID, f.Binary)
	}
	return f, nil
}

// ParsePIDFile parses the two lines of a PID file.
func ParsePIDFile(data []byte) (PIDFile, error) {
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(lines) < 2 || lines[1] == "" {
		return PIDFile{}, fmt.Errorf("want a PID line and a binary line, got %q", data)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(lines[0]))
	if err != nil || pid <= 1 {
		return PIDFile{}, fmt.Errorf("bad PID %q", lines[0])
	}
	return PIDFile{PID: pid, Binary: lines[1]}, nil
}

// FormatPIDFile is the PID file of pid running binary.
func FormatPIDFile(pid int, binary string) []byte {
	return fmt.Appendf(nil, "%d\n%s\n", pid, binary)
}

// Cmdline is a process's argv.
func Cmdline(pid int) ([]string, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil {
		return nil, err
	}
	return SplitCmdline(data), nil
}

// SplitCmdline splits /proc/<pid>/cmdline into arguments.
func SplitCmdline(data []byte) []string {
	data = bytes.TrimSuffix(data, []byte{0})
	if len(data) == 0 {
		return nil
	}
	return strings.Split(string(data), "\x00")
}

// alive says whether pid is a process that has not exited (a zombie has).
func alive(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state follows the parenthesised command name.
	i := bytes.LastIndexByte(data, ')')
	return i >= 0 && i+2 < len(data) && data[i+2] != 'Z' && data[i+2] != 'X'
}

// waitExit waits until pid has exited, at most timeout.
func waitExit(ctx context.Context, pid int, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for alive(pid) {
		if time.Now().After(deadline) || ctx.Err() != nil {
			return false
		}
		time.Sleep(50 * time.Millisecond)
	}
	return true
}

// Restart stops a process of the cluster (SIGTERM, SIGKILL after
// StopTimeout) and starts it again with the same argv, environment and
// working directory, its output appended to Log, its new PID written to its
// PID file in the library's format.
type Restart struct {
	Name        string
	PIDFile     string
	Log         string
	StopTimeout time.Duration
	// KeepHostName starts the new process in a UTS namespace of its own
	// with the old one's host name, as hack/lib/local-cluster.sh starts
	// kube-apiservers: their identity (and so which identity lease a
	// restart takes over) comes from the host name.
	KeepHostName bool
	// Started is the new PID after Do.
	Started int
}

var _ Action = (*Restart)(nil)

func (r *Restart) Describe() string { return "restart " + r.Name }

func (r *Restart) Do(ctx context.Context) error {
	f, err := ReadPIDFile(r.PIDFile)
	if err != nil {
		return err
	}
	argv, err := Cmdline(f.PID)
	if err != nil {
		return err
	}
	env, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", f.PID))
	if err != nil {
		return err
	}
	dir, err := os.Readlink(fmt.Sprintf("/proc/%d/cwd", f.PID))
	if err != nil {
		return err
	}
	if r.KeepHostName {
		hostname, err := HostName(f.PID)
		if err != nil {
			return err
		}
		argv = UTSCommand(hostname, argv)
	}
	if err := syscall.Kill(f.PID, syscall.SIGTERM); err != nil {
		return fmt.Errorf("SIGTERM %d: %w", f.PID, err)
	}
	if !waitExit(ctx, f.PID, r.StopTimeout) {
		_ = syscall.Kill(f.PID, syscall.SIGKILL)
		if !waitExit(ctx, f.PID, 10*time.Second) {
			return fmt.Errorf("process %d did not exit after SIGKILL", f.PID)
		}
	}
	log, err := os.OpenFile(r.Log, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer log.Close()
	fmt.Fprintf(log, "\n--- %s: restarted by the drill (was PID %d)\n", time.Now().UTC().Format(time.RFC3339Nano), f.PID)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = SplitCmdline(env)
	cmd.Dir = dir
	cmd.Stdout = log
	cmd.Stderr = log
	if err := cmd.Start(); err != nil {
		return err
	}
	r.Started = cmd.Process.Pid
	// The library's tear-down stops it by its PID file; this process does
	// not wait for it.
	_ = cmd.Process.Release()
	tmp := r.PIDFile + ".tmp"
	if err := os.WriteFile(tmp, FormatPIDFile(r.Started, f.Binary), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, r.PIDFile)
}

// HostName is the host name in pid's UTS namespace.
func HostName(pid int) (string, error) {
	out, err := exec.Command("nsenter", "--uts", "--target", strconv.Itoa(pid), "hostname").Output()
	if err != nil {
		return "", fmt.Errorf("reading the host name of process %d: %w", pid, err)
	}
	name := strings.TrimSpace(string(out))
	if name == "" {
		return "", fmt.Errorf("process %d has an empty host name", pid)
	}
	return name, nil
}

// UTSCommand is argv run in a new UTS namespace with host name hostname.
// unshare and sh exec, so the process started is argv's binary.
func UTSCommand(hostname string, argv []string) []string {
	return append([]string{"unshare", "--uts", "--", "sh", "-c", `hostname "$0" && exec "$@"`, hostname}, argv...)
}

// Freeze stops processes with SIGSTOP: they stay alive, their sockets keep
// accepting connections, their leases stay valid, but nothing answers.
type Freeze struct {
	Names []string
	PIDs  []int
}

var _ Fault = (*Freeze)(nil)

func (f *Freeze) Describe() string {
	parts := make([]string, len(f.Names))
	for i, n := range f.Names {
		parts[i] = fmt.Sprintf("%s (PID %d)", n, f.PIDs[i])
	}
	return "SIGSTOP " + strings.Join(parts, ", ")
}

func (f *Freeze) Inject() error {
	for i, pid := range f.PIDs {
		if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
			return fmt.Errorf("SIGSTOP %s: %w", f.Names[i], err)
		}
	}
	return nil
}

func (f *Freeze) Undo() error {
	var errs []error
	for i, pid := range f.PIDs {
		if err := syscall.Kill(pid, syscall.SIGCONT); err != nil {
			errs = append(errs, fmt.Errorf("SIGCONT %s: %w", f.Names[i], err))
		}
	}
	return errors.Join(errs...)
}
