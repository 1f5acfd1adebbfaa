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
	"fmt"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// Stop stops a component gracefully (SIGTERM) and fails, naming it, when it
// is not gone within Timeout: an upgrade that has to kill a server is not
// the rolling upgrade it claims to be.
type Stop struct {
	Name    string
	PIDFile string
	Timeout time.Duration
	took    time.Duration
}

var _ Reporter = (*Stop)(nil)

func (s *Stop) Describe() string { return "stop " + s.Name + " (SIGTERM)" }

func (s *Stop) Do(ctx context.Context) error {
	f, err := ReadPIDFile(s.PIDFile)
	if err != nil {
		return fmt.Errorf("%s was not running when its turn to stop came: %w", s.Name, err)
	}
	start := time.Now()
	if err := syscall.Kill(f.PID, syscall.SIGTERM); err != nil {
		return fmt.Errorf("SIGTERM %s: %w", s.Name, err)
	}
	if !waitExit(ctx, f.PID, s.Timeout) {
		return fmt.Errorf("%s still running %s after SIGTERM", s.Name, s.Timeout)
	}
	s.took = time.Since(start)
	return nil
}

func (s *Stop) Outcome() history.Event {
	return history.Event{Kind: history.EventStopped, Component: s.Name, What: s.Name + " stopped", Took: s.took}
}

// Kill ends a component at once (SIGKILL), as a crash or an OOM kill would.
// Start it again with Start or Restart.
type Kill struct {
	Name    string
	PIDFile string
}

func (k *Kill) Describe() string { return "SIGKILL " + k.Name }

func (k *Kill) Do(ctx context.Context) error {
	f, err := ReadPIDFile(k.PIDFile)
	if err != nil {
		return fmt.Errorf("%s was not running when the kill was due: %w", k.Name, err)
	}
	if err := syscall.Kill(f.PID, syscall.SIGKILL); err != nil {
		return fmt.Errorf("SIGKILL %s: %w", k.Name, err)
	}
	if !waitExit(ctx, f.PID, 10*time.Second) {
		return fmt.Errorf("%s (PID %d) did not exit after SIGKILL", k.Name, f.PID)
	}
	return nil
}

// Start starts a component of a release through the scenario's start
// script, which knows the cluster's flags and addresses ("Bash only starts
// the cluster processes"): it runs "Script start Name Release" and returns
// once the component is ready (the script waits), failing with the
// script's output when it does not become ready.
type Start struct {
	Script  string
	Name    string
	Release string
	took    time.Duration
}

var _ Reporter = (*Start)(nil)

func (s *Start) Describe() string { return fmt.Sprintf("start %s (%s)", s.Name, s.Release) }

func (s *Start) Do(ctx context.Context) error {
	start := time.Now()
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, s.Script, "start", s.Name, s.Release)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s start %s %s: %w\n%s", s.Script, s.Name, s.Release, err, tail(out.String(), 30))
	}
	s.took = time.Since(start)
	return nil
}

func (s *Start) Outcome() history.Event {
	return history.Event{Kind: history.EventReady, Component: fmt.Sprintf("%s (%s)", s.Name, s.Release),
		What: fmt.Sprintf("%s (%s) ready", s.Name, s.Release), Took: s.took}
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// Func is an action of the drill's own, such as telling the workload that a
// new release serves its resource now.
type Func struct {
	Name string
	Fn   func(ctx context.Context) error
}

func (f *Func) Describe() string { return f.Name }

func (f *Func) Do(ctx context.Context) error { return f.Fn(ctx) }

// Deferred is a fault built only when it is injected: its processes are
// known by name, and a step before may have replaced them (a server
// upgraded, restarted) since the plan was made.
type Deferred struct {
	Description string
	Build       func() (Fault, error)
	built       Fault
}

var _ Fault = (*Deferred)(nil)

func (d *Deferred) Describe() string { return d.Description }

func (d *Deferred) Inject() error {
	f, err := d.Build()
	if err != nil {
		return err
	}
	d.built = f
	return f.Inject()
}

func (d *Deferred) Undo() error {
	if d.built == nil {
		return nil
	}
	return d.built.Undo()
}
