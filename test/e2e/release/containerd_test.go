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
// and runc's state there too (runc keeps it in /run/containerd/runc/<ns>
// otherwise, where a container an interrupted run left collides with the
// next run's container of the same ID), so it shares nothing with another
// containerd or another run.
type containerd struct {
	socket    string
	runcRoot  string
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
	// Registered before containerd starts, so it runs after containerd
	// has stopped (cleanups run last-in first-out).
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	c := &containerd{socket: filepath.Join(dir, "containerd.sock"), runcRoot: filepath.Join(dir, "runc"), namespace: "kubecarry-release-test"}
	// runc puts each container in cgroup /<namespace>/<id> of every
	// hierarchy and removes only the container's own: the namespace's
	// stays behind unless removed once containerd is gone (cleanups run
	// last-registered first, so this one runs after containerd stops).
	t.Cleanup(func() { removeEmptyCgroups(c.namespace) })
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

// runArgs are the arguments of "ctr run" for a container id of ref with
// args as its process (they replace the image's entrypoint), removed when it
// ends, with flags (--net-host, --mount, ...) before the image.
func (c *containerd) runArgs(ref, id string, flags []string, args ...string) []string {
	run := append([]string{"run", "--rm", "--runc-root", c.runcRoot}, flags...)
	return append(append(run, ref, id), args...)
}

// run runs a container of ref to its end and returns what it printed.
func (c *containerd) run(t *testing.T, ref, id string, flags []string, args ...string) string {
	t.Helper()
	out, err := c.ctr(c.runArgs(ref, id, flags, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// removeEmptyCgroups removes cgroup /<name> from every cgroup v1 hierarchy
// (and the v2 one) where it is left empty.
func removeEmptyCgroups(name string) {
	dirs, _ := filepath.Glob(filepath.Join("/sys/fs/cgroup", "*", name))
	dirs = append(dirs, filepath.Join("/sys/fs/cgroup", name))
	for _, d := range dirs {
		_ = os.Remove(d) // only an empty cgroup can go; a busy one is not ours to kill
	}
}
