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
	"context"
	"errors"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"

	"github.com/kubecarry/kubecarry/test/kubeadm/node"
	"github.com/kubecarry/kubecarry/test/utils/privileged"
)

// The test binary is kcnode too: as "systemctl" (the node's), as
// "fake-containerd", or when asked to through the environment.
func TestMain(m *testing.M) {
	switch {
	case filepath.Base(os.Args[0]) == "fake-containerd":
		os.Exit(fakeContainerd())
	case filepath.Base(os.Args[0]) == "systemctl" || os.Getenv("KCNODE_TEST_RUN_MAIN") == "1":
		os.Exit(run(append([]string{filepath.Base(os.Args[0])}, os.Args[1:]...)))
	}
	os.Exit(m.Run())
}

// fakeContainerd serves the CRI socket's path, which is all the node's init
// waits for.
func fakeContainerd() int {
	if err := os.MkdirAll(filepath.Dir(node.ContainerdSocket), 0o755); err != nil {
		return 1
	}
	listener, err := netListenUnix(node.ContainerdSocket)
	if err != nil {
		return 1
	}
	defer listener.Close()
	for {
		conn, err := listener.Accept()
		if err != nil {
			return 0
		}
		conn.Close()
	}
}

// fakeKubelet stands for kubelet: it fails without its config (a node
// kubeadm has not configured yet), else records what it sees from inside
// the node and leaves behind a process in a session of its own (as a
// container outlives its shim), then runs until stopped.
const fakeKubelet = `#!/bin/sh
for arg in "$@"; do case "$arg" in --config=*) config="${arg#--config=}";; esac; done
[ -f "$config" ] || { echo "failed to load kubelet config file $config" >&2; exit 1; }
# Each file is written whole (a restarted kubelet rewrites them).
hostname > /etc/kubernetes/hostname-seen.tmp && mv /etc/kubernetes/hostname-seen.tmp /etc/kubernetes/hostname-seen
echo "$@" > /var/lib/kubelet/args-seen.tmp && mv /var/lib/kubelet/args-seen.tmp /var/lib/kubelet/args-seen
setsid sleep 1000 </dev/null >/dev/null 2>&1 &
echo $! > /var/lib/kubelet/straggler.tmp && mv /var/lib/kubelet/straggler.tmp /var/lib/kubelet/straggler
exec sleep 1000
`

type testNode struct {
	t      *testing.T
	layout node.Layout
	self   string
	init   *exec.Cmd
	// exited is closed when the init exited, with its status in exitErr.
	exited  chan struct{}
	exitErr error
}

func startNode(t *testing.T, name string) *testNode {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// A short path: the control socket must fit a unix socket's path.
	dir, err := os.MkdirTemp("", "kcnode-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	layout := node.Layout{Dir: dir}
	bin := layout.Bin()
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "kubelet"), []byte(fakeKubelet), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, link := range []string{"systemctl", "fake-containerd"} {
		if err := os.Symlink(self, filepath.Join(bin, link)); err != nil {
			t.Fatal(err)
		}
	}
	hosts := filepath.Join(dir, "hosts")
	if err := os.WriteFile(hosts, []byte("10.210.0.1 kube-apiserver.cluster.example\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	init := exec.Command("unshare", "--mount", "--uts", "--net", "--propagation", "private", "--",
		self, "init", "--state", dir, "--name", name, "--cgroup-root", "/kcnode-test-"+name, "--hosts", hosts,
		"--containerd", filepath.Join(bin, "fake-containerd"), "--kubelet-restart-delay", "100ms")
	init.Env = append(os.Environ(), "KCNODE_TEST_RUN_MAIN=1")
	journal, err := os.Create(filepath.Join(dir, "init.log"))
	if err != nil {
		t.Fatal(err)
	}
	init.Stdout, init.Stderr = journal, journal
	if err := init.Start(); err != nil {
		t.Fatal(err)
	}
	n := &testNode{t: t, layout: layout, self: self, init: init, exited: make(chan struct{})}
	go func() {
		n.exitErr = init.Wait()
		close(n.exited)
	}()
	t.Cleanup(func() {
		_ = init.Process.Signal(syscall.SIGTERM)
		select {
		case <-n.exited:
		case <-time.After(30 * time.Second):
			_ = init.Process.Kill()
		}
		n.kcnode("cleanup", "--state", dir, "--cgroup-root", "/kcnode-test-"+name)
		if t.Failed() {
			for _, log := range []string{filepath.Join(dir, "init.log"), layout.Log("kubelet"), layout.Log("containerd")} {
				data, _ := os.ReadFile(log)
				t.Logf("%s:\n%s", log, data)
			}
		}
	})
	n.poll("the node to be up", func() bool { return exists(layout.ControlSocket()) })
	return n
}

// kcnode runs this binary as kcnode; it returns the output and exit code.
func (n *testNode) kcnode(args ...string) (string, int) {
	cmd := exec.Command(n.self, args...)
	cmd.Env = append(os.Environ(), "KCNODE_TEST_RUN_MAIN=1")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return string(out), exit.ExitCode()
	}
	if err != nil {
		n.t.Fatalf("kcnode %q: %v", args, err)
	}
	return string(out), 0
}

// exec runs a command in the node.
func (n *testNode) exec(args ...string) (string, int) {
	return n.kcnode(append([]string{"exec", "--state", n.layout.Dir, "--"}, args...)...)
}

func (n *testNode) poll(what string, condition func() bool) {
	n.t.Helper()
	err := wait.PollUntilContextTimeout(n.t.Context(), 50*time.Millisecond, 30*time.Second, true,
		func(context.Context) (bool, error) { return condition(), nil })
	if err != nil {
		n.t.Fatalf("waiting for %s: %v", what, err)
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func readPID(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

// A node as kubeadm finds and uses it: kubelet crash-loops until its config
// exists, "systemctl restart kubelet" in the node (kubeadm's own call)
// starts it with the flags kubeadm wrote and the node's own, what it writes
// to /etc/kubernetes lands in the node's state, not on the host, under the
// node's host name; SIGTERM stops the node and leaves nothing running.
func TestNodeLifeCycle(t *testing.T) {
	privileged.Require(t, "create mount, UTS and network namespaces")
	hostKubernetes := exists("/etc/kubernetes")
	n := startNode(t, "kcnode-test-1")

	if out, code := n.exec("systemctl", "is-active", "containerd"); code != 0 || strings.TrimSpace(out) != "active" {
		t.Errorf("containerd: is-active %q exit %d, want active", out, code)
	}
	n.poll("kubelet to crash-loop without its config", func() bool {
		data, _ := os.ReadFile(n.layout.Log("kubelet"))
		return strings.Count(string(data), "failed to load kubelet config file") >= 2
	})
	// Crash-looping, kubelet is "activating" between attempts and briefly
	// "active" in them; kubeadm counts both as running.
	if out, code := n.exec("systemctl", "status", "kubelet"); !strings.Contains(out, "Loaded: loaded") || (code == 0) != strings.Contains(out, "Active: active") {
		t.Errorf("kubelet status while crash-looping: %q exit %d, want the unit loaded, exit 0 only when active", out, code)
	}

	// What kubeadm's kubelet-start phase does: the flags, then the config,
	// then a restart.
	kubeletDir := n.layout.FS("var-lib-kubelet")
	if err := os.WriteFile(filepath.Join(kubeletDir, "kubeadm-flags.env"), []byte("KUBELET_KUBEADM_ARGS=\"--node-ip=10.0.0.11\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(kubeletDir, "config.yaml"), []byte("kind: KubeletConfiguration\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, code := n.exec("systemctl", "restart", "kubelet"); code != 0 {
		t.Fatalf("systemctl restart kubelet in the node: exit %d: %s", code, out)
	}
	argsSeen := filepath.Join(kubeletDir, "args-seen")
	n.poll("kubelet to run configured", func() bool { return exists(argsSeen) })
	args, _ := os.ReadFile(argsSeen)
	for _, want := range []string{"--config=/var/lib/kubelet/config.yaml", "--node-ip=10.0.0.11", "--cgroup-root=/kcnode-test-kcnode-test-1", "--cgroup-driver=cgroupfs"} {
		if !strings.Contains(string(args), want) {
			t.Errorf("kubelet ran with %q, missing %s", args, want)
		}
	}
	seen, _ := os.ReadFile(filepath.Join(n.layout.FS("etc-kubernetes"), "hostname-seen"))
	if strings.TrimSpace(string(seen)) != "kcnode-test-1" {
		t.Errorf("kubelet saw the host name %q, want kcnode-test-1", seen)
	}
	if exists("/etc/kubernetes/hostname-seen") {
		t.Error("kubelet's write to /etc/kubernetes reached the host")
	}
	if out, code := n.exec("hostname"); code != 0 || strings.TrimSpace(out) != "kcnode-test-1" {
		t.Errorf("hostname in the node: %q exit %d", out, code)
	}
	if out, code := n.exec("getent", "hosts", "kube-apiserver.cluster.example"); code != 0 || !strings.HasPrefix(out, "10.210.0.1 ") {
		t.Errorf("the load balancer's name in the node: %q exit %d, want 10.210.0.1 from the node's /etc/hosts", out, code)
	}

	n.poll("kubelet to start its straggler", func() bool { return exists(filepath.Join(kubeletDir, "straggler")) })
	straggler := readPID(t, filepath.Join(kubeletDir, "straggler"))
	initPID := readPID(t, n.layout.InitPID())
	// kubelet's cgroup root, usable in the cpuset hierarchy (cgroup v1).
	cpuset := "/sys/fs/cgroup/cpuset/kcnode-test-kcnode-test-1"
	if cpus, err := os.ReadFile(filepath.Join(cpuset, "cpuset.cpus")); exists("/sys/fs/cgroup/cpuset/cgroup.procs") && (err != nil || strings.TrimSpace(string(cpus)) == "") {
		t.Errorf("the node's cgroup root in the cpuset hierarchy: cpus %q, %v; want the parent's CPUs", cpus, err)
	}
	if err := n.init.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-n.exited:
		if n.exitErr != nil {
			t.Errorf("the node's init exited with %v after SIGTERM, want 0", n.exitErr)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the node's init did not exit within 30 s of SIGTERM")
	}
	if node.ProcessRunning(straggler) || node.ProcessRunning(initPID) {
		t.Errorf("processes left after shut-down: straggler %d alive %v, init %d alive %v", straggler, node.ProcessRunning(straggler), initPID, node.ProcessRunning(initPID))
	}
	if exists(n.layout.ControlSocket()) {
		t.Error("the control socket is left after shut-down")
	}
	if exists(cpuset) {
		t.Errorf("the node's cgroup %s is left after shut-down", cpuset)
	}
	if out, code := n.kcnode("cleanup", "--state", n.layout.Dir); code != 0 {
		t.Fatalf("cleanup: exit %d: %s", code, out)
	}
	if !hostKubernetes && exists("/etc/kubernetes") {
		t.Error("the mount target /etc/kubernetes the node created on the host is left after cleanup")
	}
}

// After a crash of the init (SIGKILL: no shut-down), kcnode cleanup finds
// what the node left running by its mount namespace and kills it.
func TestCleanupAfterACrash(t *testing.T) {
	privileged.Require(t, "create mount, UTS and network namespaces")
	n := startNode(t, "kcnode-test-2")
	kubeletDir := n.layout.FS("var-lib-kubelet")
	if err := os.WriteFile(filepath.Join(kubeletDir, "config.yaml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	n.poll("kubelet to start its straggler", func() bool { return exists(filepath.Join(kubeletDir, "straggler")) })
	straggler := readPID(t, filepath.Join(kubeletDir, "straggler"))

	if out, code := n.kcnode("cleanup", "--state", n.layout.Dir); code == 0 || !strings.Contains(out, "still runs") {
		t.Errorf("cleanup of a running node: exit %d, %q; want a refusal", code, out)
	}
	if err := n.init.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-n.exited
	if !node.ProcessRunning(straggler) {
		t.Fatal("the straggler died with the init; the test would not show that cleanup finds it")
	}
	out, code := n.kcnode("cleanup", "--state", n.layout.Dir)
	if code != 0 || !strings.Contains(out, "killed") {
		t.Errorf("cleanup after a crash: exit %d, %q; want it to kill what was left", code, out)
	}
	n.poll("the straggler to be gone", func() bool { return !node.ProcessRunning(straggler) })
	if _, err := os.Stat(n.layout.InitPID()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("init.pid left after cleanup: %v", err)
	}
}

// kcnode refuses to run an init in the host's namespaces, where its mounts
// would cover the host's directories.
func TestInitRefusesTheHostNamespaces(t *testing.T) {
	privileged.Require(t, "check the host's namespaces")
	dir, err := os.MkdirTemp("", "kcnode-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	cmd := exec.Command(os.Args[0], "init", "--state", dir, "--name", "host", "--cgroup-root", "/kcnode-test-host")
	cmd.Env = append(os.Environ(), "KCNODE_TEST_RUN_MAIN=1")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "host's mnt namespace") {
		t.Errorf("init in the host's namespaces: %v, %q; want a refusal naming the mount namespace", err, out)
	}
	if _, err := os.Stat(node.Layout{Dir: dir}.CreatedTargets()); err == nil {
		t.Error("a refused init created mount targets on the host")
	}
}

func netListenUnix(path string) (*net.UnixListener, error) {
	return net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
}
