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

// kcnode runs a kubeadm node of kubecarry's test clusters (see
// test/kubeadm/node): its init, commands inside it, and its clean-up.
//
//	kcnode init --state DIR --name NAME --cgroup-root /kc-NAME [--kubelet-args "..."] [--hosts FILE] [--sysctls FILE] [--containerd PATH] [--kubelet-restart-delay 10s]
//	    the node's init; start it in namespaces of its own:
//	    unshare --mount --uts --propagation private -- nsenter --net=/run/netns/X -- kcnode init ...
//	    It runs until SIGTERM or SIGINT, then stops the node and everything in it.
//	kcnode exec --state DIR -- COMMAND [ARG...]
//	    runs a command in the node (its mounts, host name, network, PATH),
//	    as "docker exec" does for a kind node.
//	kcnode cleanup --state DIR [--cgroup-root /kc-NAME] [--sysctls FILE]
//	    after the node's init stopped (or crashed): kills what is left in the
//	    node's mount namespace, removes the Pods' cgroups and the mount
//	    targets the node created on the host (run it once every node of the
//	    host is down: the targets are shared).
//	systemctl ...   (kcnode installed as the node's /usr/local/bin/systemctl)
//	    answers as systemd would for the node's units (containerd, kubelet).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/kubecarry/kubecarry/test/cgroupv1"
	"github.com/kubecarry/kubecarry/test/kubeadm/node"
)

func main() {
	os.Exit(run(os.Args))
}

func run(args []string) int {
	if filepath.Base(args[0]) == "systemctl" {
		return systemctl(args[1:])
	}
	if len(args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: kcnode init|exec|cleanup --state DIR ... | kcnode cgroups")
		return 2
	}
	var err error
	switch args[1] {
	case "init":
		err = initNode(args[2:])
	case "exec":
		err = execInNode(args[2:])
	case "cleanup":
		err = cleanup(args[2:])
	case "cgroups":
		err = mountCgroups(args[2:])
	default:
		err = fmt.Errorf("unknown command %q (init, exec, cleanup, cgroups)", args[1])
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "kcnode %s: %v\n", args[1], err)
		return 1
	}
	return 0
}

// systemctl is kcnode as the node's systemctl.
func systemctl(args []string) int {
	socket := os.Getenv(node.ControlEnv)
	if socket == "" {
		fmt.Fprintf(os.Stderr, "systemctl (kubecarry node): %s is not set: not run in a kubecarry node\n", node.ControlEnv)
		return 1
	}
	// A stop waits for kubelet to stop (up to its stop timeout).
	stdout, stderr, code, err := node.CallSystemctl(socket, args, 2*time.Minute)
	if err != nil {
		fmt.Fprintf(os.Stderr, "systemctl (kubecarry node): %v\n", err)
		return 1
	}
	fmt.Print(stdout)
	fmt.Fprint(os.Stderr, stderr)
	return code
}

func initNode(args []string) error {
	fs := flag.NewFlagSet("init", flag.ContinueOnError)
	state := fs.String("state", "", "the node's state directory (required)")
	name := fs.String("name", "", "the node's host name (required)")
	cgroupRoot := fs.String("cgroup-root", "", "kubelet's --cgroup-root (required): the node's Pods' cgroups, removed at shut-down")
	kubeletArgs := fs.String("kubelet-args", "--cgroup-driver=cgroupfs --fail-cgroupv1=false", "kubelet flags of the node's own drop-in, after kubeadm's (--cgroup-root is added)")
	containerd := fs.String("containerd", "/usr/bin/containerd", "the containerd binary")
	restartDelay := fs.Duration("kubelet-restart-delay", 10*time.Second, "how long kubelet waits to restart (kubeadm's unit: RestartSec=10)")
	hosts := fs.String("hosts", "", "a file to mount as the node's /etc/hosts")
	sysctls := fs.String("sysctls", "", "where to record the host's global sysctls kubelet changes (once per host; kcnode cleanup --sysctls restores them)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *state == "" || *name == "" || *cgroupRoot == "" {
		return errors.New("--state, --name and --cgroup-root are required")
	}
	layout := node.Layout{Dir: *state}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	return node.Init(ctx, node.Config{
		Name:         *name,
		Layout:       layout,
		Units:        []node.Unit{node.ContainerdUnit(*containerd), node.KubeletUnit(*restartDelay, *kubeletArgs+" --cgroup-root="+*cgroupRoot)},
		Ready:        map[string]func() error{"containerd": func() error { return node.WaitForSocket(node.ContainerdSocket, time.Minute) }},
		CgroupRoot:   *cgroupRoot,
		HostsFile:    *hosts,
		SysctlRecord: *sysctls,
		Journal:      os.Stderr,
	})
}

// initPID reads the PID of a node's init, checking that it still runs.
func initPID(layout node.Layout) (int, error) {
	data, err := os.ReadFile(layout.InitPID())
	if err != nil {
		return 0, fmt.Errorf("the node at %s is not running: %w", layout.Dir, err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		return 0, fmt.Errorf("%s: %w", layout.InitPID(), err)
	}
	if !node.ProcessRunning(pid) {
		return 0, fmt.Errorf("the node's init (pid %d from %s) is gone", pid, layout.InitPID())
	}
	return pid, nil
}

func execInNode(args []string) error {
	fs := flag.NewFlagSet("exec", flag.ContinueOnError)
	state := fs.String("state", "", "the node's state directory (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *state == "" || fs.NArg() == 0 {
		return errors.New("usage: kcnode exec --state DIR -- COMMAND [ARG...]")
	}
	layout := node.Layout{Dir: *state}
	pid, err := initPID(layout)
	if err != nil {
		return err
	}
	nsenter, err := exec.LookPath("nsenter")
	if err != nil {
		return err
	}
	argv := append([]string{"nsenter", "--target", strconv.Itoa(pid), "--mount", "--uts", "--net", "--wd=/", "--", "env", "-i"}, node.NodeEnv(layout)...)
	argv = append(argv, fs.Args()...)
	return syscall.Exec(nsenter, argv, os.Environ())
}

// mountCgroups mounts every cgroup v1 hierarchy the kernel keeps but no
// mount shows (see package cgroupv1), before a node's containerd starts:
// with one missing, containerd finds no container's cgroup.
func mountCgroups(args []string) error {
	fs := flag.NewFlagSet("cgroups", flag.ContinueOnError)
	root := fs.String("root", "/sys/fs/cgroup", "where the hierarchies are mounted")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	mounted, err := cgroupv1.MountUnmounted(*root)
	for _, m := range mounted {
		fmt.Printf("mounted the cgroup v1 hierarchy %s (it was active without a mount)\n", m)
	}
	return err
}

func cleanup(args []string) error {
	fs := flag.NewFlagSet("cleanup", flag.ContinueOnError)
	state := fs.String("state", "", "the node's state directory (required)")
	cgroupRoot := fs.String("cgroup-root", "", "kubelet's --cgroup-root")
	sysctls := fs.String("sysctls", "", "the record of the host's sysctls to restore (kcnode init --sysctls)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *state == "" {
		return errors.New("--state is required")
	}
	layout := node.Layout{Dir: *state}
	if pid, err := initPID(layout); err == nil {
		return fmt.Errorf("the node's init (pid %d) still runs: stop it (SIGTERM) first", pid)
	}
	if data, err := os.ReadFile(layout.MountNamespace()); err == nil {
		ns := strings.TrimSpace(string(data))
		if n := node.KillNamespace(ns, node.ControlEnv+"="+layout.ControlSocket(), os.Getpid()); n > 0 {
			fmt.Fprintf(os.Stderr, "kcnode cleanup: killed %d processes left in the node (%s)\n", n, ns)
		}
	}
	if *cgroupRoot != "" {
		if err := node.RemoveCgroups(*cgroupRoot, 10*time.Second); err != nil {
			return err
		}
	}
	_ = os.Remove(layout.ControlSocket())
	_ = os.Remove(layout.InitPID())
	if *sysctls != "" {
		if err := node.RestoreSysctls(*sysctls, "/proc/sys"); err != nil {
			return err
		}
	}
	return node.RemoveCreatedTargets(layout)
}
