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
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// Config is what a node's init runs.
type Config struct {
	// Name is the node's host name (its UTS name, and kubelet's node name).
	Name   string
	Layout Layout
	// Units are started in order at boot (containerd before kubelet) and
	// stopped in reverse order at shut-down.
	Units []Unit
	// Ready holds, by unit name, what to wait for after that unit started
	// (containerd's socket) before the next one starts.
	Ready map[string]func() error
	// CgroupRoot is kubelet's --cgroup-root: the Pods' cgroups, removed in
	// every hierarchy at shut-down.
	CgroupRoot string
	// HostsFile, if set, is the node's /etc/hosts (the name of the cluster's
	// load balancer, as a user's DNS would resolve it).
	HostsFile string
	// SysctlRecord, if set, is where the host's KubeletSysctls are recorded
	// before kubelet starts (see RecordSysctls; restored by kcnode cleanup).
	SysctlRecord string
	// Journal receives the init's own messages.
	Journal io.Writer
}

// Init is a node's init: it must run in the node's own mount, UTS and
// network namespaces (kcnode init is started with unshare and nsenter). It
// mounts the node's directories, sets the host name, starts the units, and
// answers systemctl on the control socket until ctx is done; then it stops
// the units, kills what is left in the node (containers and their shims),
// and removes the Pods' cgroups.
func Init(ctx context.Context, cfg Config) error {
	if err := checkOwnNamespaces(); err != nil {
		return err
	}
	if err := PrepareTargets(cfg.Layout); err != nil {
		return err
	}
	if err := mountNodeFS(cfg.Layout); err != nil {
		return err
	}
	if cfg.HostsFile != "" {
		if err := unix.Mount(cfg.HostsFile, "/etc/hosts", "", unix.MS_BIND, ""); err != nil {
			return fmt.Errorf("mounting %s at /etc/hosts: %w", cfg.HostsFile, err)
		}
	}
	if cfg.SysctlRecord != "" {
		if err := RecordSysctls(cfg.SysctlRecord, "/proc/sys", KubeletSysctls); err != nil {
			return err
		}
	}
	if cfg.CgroupRoot != "" {
		if err := CreateCgroupRoot(cfg.CgroupRoot); err != nil {
			return err
		}
	}
	if err := unix.Sethostname([]byte(cfg.Name)); err != nil {
		return fmt.Errorf("setting the host name %s: %w", cfg.Name, err)
	}
	ns, err := os.Readlink("/proc/self/ns/mnt")
	if err != nil {
		return err
	}
	if err := os.WriteFile(cfg.Layout.MountNamespace(), []byte(ns+"\n"), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(cfg.Layout.InitPID(), []byte(strconv.Itoa(os.Getpid())+"\n"), 0o644); err != nil {
		return err
	}

	services := map[string]*Service{}
	var order []*Service
	defer func() { shutDown(cfg, order) }()
	for _, unit := range cfg.Units {
		journal, err := os.OpenFile(cfg.Layout.Log(unit.Name), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer journal.Close()
		unit.Output = journal
		unit.ProcessEnv = NodeEnv(cfg.Layout)
		service := NewService(unit)
		services[unit.Name] = service
		order = append(order, service)
		service.Start()
		if ready := cfg.Ready[unit.Name]; ready != nil {
			if err := ready(); err != nil {
				return fmt.Errorf("%s did not become ready: %w (its log: %s)", unit.Name, err, cfg.Layout.Log(unit.Name))
			}
		}
		fmt.Fprintf(cfg.Journal, "kcnode %s: started %s\n", cfg.Name, unit.Name)
	}

	_ = os.Remove(cfg.Layout.ControlSocket())
	listener, err := net.Listen("unix", cfg.Layout.ControlSocket())
	if err != nil {
		return fmt.Errorf("the control socket: %w", err)
	}
	go func() {
		<-ctx.Done()
		listener.Close()
	}()
	fmt.Fprintf(cfg.Journal, "kcnode %s: up\n", cfg.Name)
	return ServeControl(listener, services)
}

// NodeEnv is the environment of everything that runs in the node: the
// node's /usr/local/bin first on PATH (its systemctl before the host's),
// and the control socket for systemctl.
func NodeEnv(layout Layout) []string {
	return []string{
		"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
		"HOME=/root",
		ControlEnv + "=" + layout.ControlSocket(),
	}
}

// checkOwnNamespaces refuses to run in the namespaces of the process that
// started the init (the host's): the mounts would cover the host's
// /etc/kubernetes, the host name would be the host's. (PID 1's namespaces
// cannot be read here: no ptrace access to it in a container.)
func checkOwnNamespaces() error {
	parent := fmt.Sprintf("/proc/%d/ns/", os.Getppid())
	for _, ns := range []string{"mnt", "uts", "net"} {
		self, err := os.Readlink("/proc/self/ns/" + ns)
		if err != nil {
			return err
		}
		starter, err := os.Readlink(parent + ns)
		if err != nil {
			return fmt.Errorf("reading the namespaces of the process that started the init: %w", err)
		}
		if self == starter {
			return fmt.Errorf("kcnode init runs in the host's %s namespace; start it with unshare --mount --uts and nsenter --net", ns)
		}
	}
	return nil
}

// mountNodeFS makes every mount of the namespace private (nothing the node
// mounts reaches the host), gives the node its own /run, and binds the
// node's directories over their targets.
func mountNodeFS(layout Layout) error {
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("making the node's mounts private: %w", err)
	}
	if err := unix.Mount("tmpfs", "/run", "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "mode=0755"); err != nil {
		return fmt.Errorf("mounting the node's /run: %w", err)
	}
	for _, m := range Mounts {
		if err := unix.Mount(layout.FS(m.Name), m.Target, "", unix.MS_BIND, ""); err != nil {
			return fmt.Errorf("mounting %s at %s: %w", layout.FS(m.Name), m.Target, err)
		}
	}
	return nil
}

// shutDown stops the units in reverse order, kills what is left in the
// node's mount namespace and removes the Pods' cgroups.
func shutDown(cfg Config, services []*Service) {
	for i := len(services) - 1; i >= 0; i-- {
		services[i].Stop()
		fmt.Fprintf(cfg.Journal, "kcnode %s: stopped %s\n", cfg.Name, services[i].Name())
	}
	ns, err := os.Readlink("/proc/self/ns/mnt")
	if err == nil {
		if n := KillNamespace(ns, "", os.Getpid()); n > 0 {
			fmt.Fprintf(cfg.Journal, "kcnode %s: killed %d processes left in the node\n", cfg.Name, n)
		}
	}
	if cfg.CgroupRoot != "" {
		if err := RemoveCgroups(cfg.CgroupRoot, 10*time.Second); err != nil {
			fmt.Fprintf(cfg.Journal, "kcnode %s: %v\n", cfg.Name, err)
		}
	}
	_ = os.Remove(cfg.Layout.ControlSocket())
	_ = os.Remove(cfg.Layout.InitPID())
}

// WaitForSocket waits until a unix socket accepts connections.
func WaitForSocket(path string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		conn, err := net.DialTimeout("unix", path, time.Second)
		if err == nil {
			return conn.Close()
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s: %w", path, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
