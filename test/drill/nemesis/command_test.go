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
	"strings"
	"testing"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// TestCommandRunsItsArgv: the operator's step is done when its command
// exits 0, and is recorded as the component's step done.
func TestCommandRunsItsArgv(t *testing.T) {
	c := &Command{Name: "kubeadm upgrade node on cp-2", Component: "cp-2", Argv: []string{"sh", "-c", `[ "$0" = cp-2 ]`, "cp-2"}}
	if err := c.Do(context.Background()); err != nil {
		t.Fatal(err)
	}
	if e := c.Outcome(); e.Kind != history.EventReady || e.Component != "cp-2" || e.What != "kubeadm upgrade node on cp-2 done" {
		t.Errorf("outcome %+v", e)
	}
}

// TestCommandFailureShowsItsOutput: a step that fails fails the drill with
// what the command said, not only its exit status.
func TestCommandFailureShowsItsOutput(t *testing.T) {
	c := &Command{Name: "kubeadm upgrade apply", Argv: []string{"sh", "-c", "echo '[upgrade/health] FATAL: etcd is not healthy'; exit 1"}}
	err := c.Do(context.Background())
	if err == nil || !strings.Contains(err.Error(), "etcd is not healthy") || !strings.Contains(err.Error(), "kubeadm upgrade apply") {
		t.Errorf("want the command's output in the error, got %v", err)
	}
	if err := (&Command{Name: "nothing"}).Do(context.Background()); err == nil {
		t.Error("a Command without Argv should fail")
	}
}
