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
	"time"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// Command is a step of an operator's procedure that a script carries out,
// such as "kubeadm upgrade apply" on a node: it runs Argv and is done when
// the command exits 0. A failed command fails the step with the command's
// output, since an upgrade that did not happen proves nothing.
type Command struct {
	// Name is what the step does, for the history ("kubeadm upgrade
	// apply v1.36.3 on cp-1"); Component the part of the cluster it
	// changes ("cp-1").
	Name      string
	Component string
	Argv      []string
	took      time.Duration
}

var _ Reporter = (*Command)(nil)

func (c *Command) Describe() string { return c.Name }

func (c *Command) Do(ctx context.Context) error {
	if len(c.Argv) == 0 {
		return fmt.Errorf("%s: no command", c.Name)
	}
	start := time.Now()
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, c.Argv[0], c.Argv[1:]...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s (%s): %w\n%s", c.Name, strings.Join(c.Argv, " "), err, tail(out.String(), 30))
	}
	c.took = time.Since(start)
	return nil
}

func (c *Command) Outcome() history.Event {
	return history.Event{Kind: history.EventReady, Component: c.Component, What: c.Name + " done", Took: c.took}
}
