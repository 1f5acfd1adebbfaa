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
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// EnvironmentFile is one EnvironmentFile= line of a unit.
type EnvironmentFile struct {
	Path string
	// Optional is the "-" prefix: a missing file is no variables.
	Optional bool
}

// Unit says how to run one service, in the terms of a systemd unit and its
// drop-ins: the ExecStart= words (with $VARIABLES), the Environment= values
// and EnvironmentFile= files they expand from, and RestartSec= as RestartDelay (the unit
// restarts always, without a start limit, as kubeadm's kubelet unit does).
type Unit struct {
	Name             string
	ExecStart        []string
	Environment      map[string]string
	EnvironmentFiles []EnvironmentFile
	RestartDelay     time.Duration
	// StopTimeout is how long a stop waits after SIGTERM before SIGKILL.
	StopTimeout time.Duration
	// KillMainProcessOnly is systemd's KillMode=process (containerd's unit:
	// its shims outlive it). Otherwise, as with KillMode=control-group, a
	// stop signals the whole process group, and when the main process
	// exits, what it left in its group is killed before the next start.
	KillMainProcessOnly bool
	// Output receives the process' stdout and stderr (the journal).
	Output io.Writer
	// ProcessEnv is the environment the process runs with (Environment=
	// values are only for expanding ExecStart, as kubeadm's drop-in uses them).
	ProcessEnv []string
}

// Command reads the unit's environment files and expands ExecStart, as
// systemd does at every start: a file kubeadm rewrote takes effect at the
// next start.
func (u Unit) Command() ([]string, error) {
	env := map[string]string{}
	for name, value := range u.Environment {
		env[name] = value
	}
	for _, file := range u.EnvironmentFiles {
		values, err := ReadEnvironmentFile(file.Path, file.Optional)
		if err != nil {
			return nil, err
		}
		for name, value := range values {
			env[name] = value
		}
	}
	argv := ExpandCommand(u.ExecStart, env)
	if len(argv) == 0 {
		return nil, fmt.Errorf("unit %s: ExecStart is empty", u.Name)
	}
	return argv, nil
}

// The states "systemctl is-active" prints.
const (
	StateActive     = "active"
	StateActivating = "activating"
	StateInactive   = "inactive"
)

// Service runs a Unit like systemd with Restart=always: once started, the
// process is started again RestartDelay after it exits or fails to start,
// until the service is stopped.
type Service struct {
	unit Unit

	mu      sync.Mutex
	wanted  bool
	running *process
	// epoch changes at every start and stop decision, so a restart timer or
	// an exit of an older process never acts on a newer one.
	epoch    uint64
	starts   int
	since    time.Time
	lastExit string
}

type process struct {
	cmd  *exec.Cmd
	done chan struct{}
	// stopping is set when the service ends the process on purpose: its
	// exit is not a failure to restart from.
	stopping bool
}

// NewService returns a stopped service for unit.
func NewService(unit Unit) *Service {
	if unit.Output == nil {
		unit.Output = io.Discard
	}
	if unit.StopTimeout == 0 {
		unit.StopTimeout = 30 * time.Second
	}
	return &Service{unit: unit, since: time.Now()}
}

// Name is the unit's name.
func (s *Service) Name() string { return s.unit.Name }

// Start starts the service unless it is running or waiting to restart.
func (s *Service) Start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.wanted {
		return
	}
	s.wanted = true
	s.epoch++
	s.startLocked()
}

// Restart stops the process if it runs, and starts the service.
func (s *Service) Restart() {
	s.stopProcess()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.wanted = true
	s.epoch++
	if s.running == nil {
		s.startLocked()
	}
}

// Stop stops the service: SIGTERM to the process group, SIGKILL after
// StopTimeout. It returns when the process is gone.
func (s *Service) Stop() {
	s.mu.Lock()
	s.wanted = false
	s.epoch++
	s.since = time.Now()
	s.mu.Unlock()
	s.stopProcess()
}

// stopProcess ends the running process, if any, without changing whether
// the service is wanted (the caller decides).
func (s *Service) stopProcess() {
	s.mu.Lock()
	p := s.running
	s.epoch++
	if p != nil {
		p.stopping = true
	}
	s.mu.Unlock()
	if p == nil {
		return
	}
	s.signal(p.cmd, syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(s.unit.StopTimeout):
		fmt.Fprintf(s.unit.Output, "kcnode: %s did not stop within %s of SIGTERM: SIGKILL\n", s.unit.Name, s.unit.StopTimeout)
		s.signal(p.cmd, syscall.SIGKILL)
		<-p.done
	}
}

// signal sends sig to the process, or to its group (it leads its own,
// Setpgid), as the unit's kill mode says.
func (s *Service) signal(cmd *exec.Cmd, sig syscall.Signal) {
	if s.unit.KillMainProcessOnly {
		_ = cmd.Process.Signal(sig)
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, sig)
}

// startLocked starts the process now, or schedules the next attempt when
// it cannot start (an unreadable environment file, a missing binary).
func (s *Service) startLocked() {
	argv, err := s.unit.Command()
	if err != nil {
		s.failLocked(err.Error())
		return
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdout = s.unit.Output
	cmd.Stderr = s.unit.Output
	cmd.Env = s.unit.ProcessEnv
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	// A child that outlives the process keeps its output pipe open (when
	// Output is not a file); Wait must not wait for it.
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		s.failLocked(err.Error())
		return
	}
	p := &process{cmd: cmd, done: make(chan struct{})}
	s.running = p
	s.starts++
	s.since = time.Now()
	fmt.Fprintf(s.unit.Output, "kcnode: started %s (pid %d): %s\n", s.unit.Name, cmd.Process.Pid, strings.Join(argv, " "))
	go s.wait(p)
}

func (s *Service) wait(p *process) {
	err := p.cmd.Wait()
	if !s.unit.KillMainProcessOnly {
		// What the process left in its group goes with it (systemd kills
		// the rest of the unit's cgroup before a restart).
		_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	close(p.done)
	if s.running != p {
		return
	}
	s.running = nil
	s.since = time.Now()
	exit := "exited"
	if err != nil {
		exit = err.Error()
	}
	if s.wanted && !p.stopping {
		s.failLocked(exit)
		return
	}
	s.lastExit = exit
}

// failLocked records why the process is not running and schedules the next
// start after RestartDelay, unless the service changed in the meantime.
func (s *Service) failLocked(reason string) {
	s.lastExit = reason
	fmt.Fprintf(s.unit.Output, "kcnode: %s: %s; next start in %s\n", s.unit.Name, reason, s.unit.RestartDelay)
	epoch := s.epoch
	time.AfterFunc(s.unit.RestartDelay, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.epoch == epoch && s.wanted && s.running == nil {
			s.startLocked()
		}
	})
}

// State is what "systemctl is-active" prints: active while the process
// runs, activating while it waits to restart, inactive when stopped.
func (s *Service) State() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stateLocked()
}

func (s *Service) stateLocked() string {
	switch {
	case s.running != nil:
		return StateActive
	case s.wanted:
		return StateActivating
	default:
		return StateInactive
	}
}

// PID is the running process' PID, 0 when none runs.
func (s *Service) PID() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.running == nil {
		return 0
	}
	return s.running.cmd.Process.Pid
}

// Starts counts the processes started so far.
func (s *Service) Starts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.starts
}

// Status is what "systemctl status" prints, in systemd's layout, and the
// state it shows (read once: the exit code must agree with the text).
func (s *Service) Status() (string, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	state := s.stateLocked()
	detail := map[string]string{StateActive: "running", StateActivating: "auto-restart", StateInactive: "dead"}[state]
	var b strings.Builder
	fmt.Fprintf(&b, "● %s.service - %s (kubecarry node supervisor)\n", s.unit.Name, s.unit.Name)
	fmt.Fprintf(&b, "     Loaded: loaded\n")
	fmt.Fprintf(&b, "     Active: %s (%s) since %s\n", state, detail, s.since.UTC().Format(time.RFC1123))
	if s.running != nil {
		fmt.Fprintf(&b, "   Main PID: %d\n", s.running.cmd.Process.Pid)
	}
	if s.lastExit != "" {
		fmt.Fprintf(&b, "  Last exit: %s\n", s.lastExit)
	}
	return b.String(), state
}
