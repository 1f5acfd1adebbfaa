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

package release

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kubecarry/kubecarry/test/integration/harness"
	"github.com/kubecarry/kubecarry/test/utils/privileged"
)

// containerd is a containerd of the test's own: its root, state and socket
// in a temporary directory, the CRI plugin off (nothing here is a kubelet),
// so it shares nothing with a containerd the machine may run.
type containerd struct {
	socket    string
	namespace string
}

func startContainerd(t *testing.T) *containerd {
	t.Helper()
	privileged.Require(t, "run containerd and runc")
	for _, tool := range []string{"containerd", "ctr", "runc"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not on PATH (hack/install-e2e-deps.sh installs Debian's containerd and runc): %v", tool, err)
		}
	}
	dir, err := os.MkdirTemp("", "kc-ctd-")
	if err != nil {
		t.Fatal(err)
	}
	c := &containerd{socket: filepath.Join(dir, "containerd.sock"), namespace: "kubecarry-release-test"}
	config := fmt.Sprintf(`version = 2
root = %q
state = %q
disabled_plugins = ["io.containerd.grpc.v1.cri"]
[grpc]
  address = %q
`, filepath.Join(dir, "root"), filepath.Join(dir, "state"), c.socket)
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	p := harness.StartProcess(t, "containerd", exec.Command("containerd", "--config", filepath.Join(dir, "config.toml")))
	// Cleanups run last-in first-out: containerd stops (StartProcess's
	// cleanup) before its directory goes.
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := c.ctr("version"); err == nil {
			return c
		}
		if err := p.Exited(); err != nil {
			t.Fatal(err)
		}
		if time.Now().After(deadline) {
			t.Fatalf("containerd did not answer on %s within 30s", c.socket)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// ctr runs ctr against this containerd and returns its combined output.
func (c *containerd) ctr(args ...string) (string, error) {
	cmd := c.command(args...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("ctr %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

func (c *containerd) command(args ...string) *exec.Cmd {
	return exec.Command("ctr", append([]string{"--address", c.socket, "--namespace", c.namespace}, args...)...)
}

// run runs a container of ref with args as its process (they replace the
// image's entrypoint) and returns what it printed.
func (c *containerd) run(t *testing.T, ref, id string, args ...string) string {
	t.Helper()
	out, err := c.ctr(append([]string{"run", "--rm", ref, id}, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
