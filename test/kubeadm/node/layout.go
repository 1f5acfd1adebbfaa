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
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Mount is one directory of the node: the node's own directory under its
// state, seen inside the node at a fixed path.
type Mount struct {
	// Name is the directory under <state>/fs.
	Name string
	// Target is where the node sees it.
	Target string
}

// Mounts are the paths kubeadm, kubelet, containerd, etcd and CNI use, each
// the node's own (kubeadm's paths are fixed, so two nodes on one host need
// two mount namespaces). /usr/local/bin holds the node's binaries (kubelet,
// kubeadm, kubectl, crictl, and systemctl, which is kcnode), so replacing a
// node's kubelet is replacing a file there, as a package upgrade would.
// /run is a tmpfs of the node's own (containerd's and runc's state, the
// Pods' network namespaces).
var Mounts = []Mount{
	{Name: "etc-kubernetes", Target: "/etc/kubernetes"},
	{Name: "var-lib-kubelet", Target: "/var/lib/kubelet"},
	{Name: "var-lib-etcd", Target: "/var/lib/etcd"},
	{Name: "var-log-pods", Target: "/var/log/pods"},
	{Name: "var-log-containers", Target: "/var/log/containers"},
	{Name: "etc-cni-net.d", Target: "/etc/cni/net.d"},
	{Name: "var-lib-cni", Target: "/var/lib/cni"},
	{Name: "etc-containerd", Target: "/etc/containerd"},
	{Name: "var-lib-containerd", Target: "/var/lib/containerd"},
	{Name: "bin", Target: "/usr/local/bin"},
}

// Layout names the files of a node's state directory.
type Layout struct{ Dir string }

// FS is the node's directory for a mount.
func (l Layout) FS(name string) string { return filepath.Join(l.Dir, "fs", name) }

// Bin is the node's /usr/local/bin.
func (l Layout) Bin() string { return l.FS("bin") }

// ControlSocket is where the node's init answers systemctl.
func (l Layout) ControlSocket() string { return filepath.Join(l.Dir, "control.sock") }

// InitPID is the file with the PID of the node's init.
func (l Layout) InitPID() string { return filepath.Join(l.Dir, "init.pid") }

// MountNamespace is the file with the inode of the node's mount namespace:
// after a crash of the init it still finds the processes left in the node.
func (l Layout) MountNamespace() string { return filepath.Join(l.Dir, "mntns") }

// Log is the journal of one unit.
func (l Layout) Log(unit string) string { return filepath.Join(l.Dir, "log", unit+".log") }

// CreatedTargets lists the mount targets the host lacked and the node
// created (empty directories), so tear-down removes them again.
func (l Layout) CreatedTargets() string { return filepath.Join(l.Dir, "created-targets") }

// PrepareTargets creates the node's directories, and each mount target the
// host lacks (recording it, so RemoveCreatedTargets can remove it), and
// checks that the control socket's path fits a unix socket.
func PrepareTargets(layout Layout) error {
	if socket := layout.ControlSocket(); len(socket) > 100 {
		return fmt.Errorf("the node's control socket %s is longer than a unix socket path can be (100): use a shorter state directory", socket)
	}
	for _, dir := range []string{filepath.Dir(layout.Log("x")), layout.Dir} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	var created []string
	for _, m := range Mounts {
		if err := os.MkdirAll(layout.FS(m.Name), 0o755); err != nil {
			return err
		}
		if _, err := os.Stat(m.Target); err == nil {
			continue
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		// The outermost missing directory is what to remove later.
		missing := m.Target
		for parent := filepath.Dir(missing); parent != "/"; parent = filepath.Dir(parent) {
			if _, err := os.Stat(parent); err == nil {
				break
			}
			missing = parent
		}
		if err := os.MkdirAll(m.Target, 0o755); err != nil {
			return fmt.Errorf("creating the mount target %s: %w", m.Target, err)
		}
		created = append(created, missing)
	}
	if len(created) == 0 {
		return nil
	}
	f, err := os.OpenFile(layout.CreatedTargets(), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(strings.Join(created, "\n") + "\n"); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// RemoveCreatedTargets removes the mount targets PrepareTargets created on
// the host, when they are still empty. Run it when no node of the host runs
// any more: a node that found a target another node created uses it without
// recording it, and a directory removed under a running node's mount would
// take the mount away.
func RemoveCreatedTargets(layout Layout) error {
	data, err := os.ReadFile(layout.CreatedTargets())
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, dir := range strings.Fields(string(data)) {
		removeEmptyTree(dir)
	}
	return os.Remove(layout.CreatedTargets())
}

// removeEmptyTree removes dir and the empty directories under it, leaving
// any directory that holds a file.
func removeEmptyTree(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.IsDir() && e.Type()&fs.ModeSymlink == 0 {
			removeEmptyTree(filepath.Join(dir, e.Name()))
		}
	}
	_ = os.Remove(dir) // fails, as it should, when not empty
}
