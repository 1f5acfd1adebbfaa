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
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ProcessesInNamespace lists the PIDs whose mount namespace is ns (as
// /proc/<pid>/ns/mnt reads, "mnt:[inode]"), except the PID except. With a
// marker ("NAME=value"), only those whose environment has it: after the
// node's init is gone, its namespace's inode may already name a newer
// namespace, and the marker (the node's control socket, in every process
// the node starts and the shims containerd starts) tells them apart.
func ProcessesInNamespace(ns, marker string, except int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == except {
			continue
		}
		if link, err := os.Readlink(filepath.Join("/proc", e.Name(), "ns", "mnt")); err != nil || link != ns {
			continue
		}
		if marker != "" && !hasEnv(pid, marker) {
			continue
		}
		pids = append(pids, pid)
	}
	return pids
}

// hasEnv reports whether the process' environment has the entry marker.
func hasEnv(pid int, marker string) bool {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "environ"))
	if err != nil {
		return false
	}
	for _, entry := range strings.Split(string(data), "\x00") {
		if entry == marker {
			return true
		}
	}
	return false
}

// KillNamespace kills every process ProcessesInNamespace lists, until none
// is left (a shim may start a process while the others die), and returns
// how many it killed.
func KillNamespace(ns, marker string, except int) int {
	killed := 0
	for round := 0; round < 50; round++ {
		pids := ProcessesInNamespace(ns, marker, except)
		if len(pids) == 0 {
			return killed
		}
		for _, pid := range pids {
			if syscall.Kill(pid, syscall.SIGKILL) == nil {
				killed++
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return killed
}

// RemoveCgroups kills the processes in the cgroup root (kubelet's
// --cgroup-root: the Pods' containers, which live in mount namespaces of
// their own) and removes it and everything under it in every cgroup
// hierarchy mounted under /sys/fs/cgroup, retrying while they exit.
func RemoveCgroups(root string, timeout time.Duration) error {
	if root == "" || root == "/" || strings.Contains(root, "..") {
		return fmt.Errorf("refusing to remove the cgroup root %q", root)
	}
	deadline := time.Now().Add(timeout)
	for {
		left := removeCgroupTrees(root)
		if len(left) == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("cgroups still in use after %s: %s", timeout, strings.Join(left, ", "))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// removeCgroupTrees removes root in each hierarchy, deepest first, and
// returns the cgroups it could not remove.
func removeCgroupTrees(root string) []string {
	hierarchies, err := os.ReadDir("/sys/fs/cgroup")
	if err != nil {
		return nil
	}
	var left []string
	for _, h := range hierarchies {
		if !h.IsDir() { // cpu and cpuacct are symlinks to cpu,cpuacct
			continue
		}
		top := filepath.Join("/sys/fs/cgroup", h.Name(), root)
		if _, err := os.Stat(top); err != nil {
			continue
		}
		var dirs []string
		_ = filepath.WalkDir(top, func(path string, d os.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				dirs = append(dirs, path)
			}
			return nil
		})
		for i := len(dirs) - 1; i >= 0; i-- {
			killTasks(dirs[i])
			if err := os.Remove(dirs[i]); err != nil && !os.IsNotExist(err) {
				left = append(left, dirs[i])
			}
		}
	}
	return left
}

// killTasks kills the processes of one cgroup.
func killTasks(cgroup string) {
	data, err := os.ReadFile(filepath.Join(cgroup, "cgroup.procs"))
	if err != nil {
		return
	}
	for _, field := range strings.Fields(string(data)) {
		if pid, err := strconv.Atoi(field); err == nil && pid != os.Getpid() {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// CreateCgroupRoot creates kubelet's --cgroup-root in every cgroup v1
// hierarchy (kubelet creates only its own cgroups below it), with the
// cpuset hierarchy's CPUs and memory nodes copied from its parent: a cpuset
// cgroup without them cannot hold a process.
func CreateCgroupRoot(root string) error {
	if root == "" || root == "/" || strings.Contains(root, "..") {
		return fmt.Errorf("refusing the cgroup root %q", root)
	}
	hierarchies, err := os.ReadDir("/sys/fs/cgroup")
	if err != nil {
		return err
	}
	for _, h := range hierarchies {
		top := filepath.Join("/sys/fs/cgroup", h.Name())
		if !h.IsDir() || !exists(filepath.Join(top, "cgroup.procs")) {
			continue
		}
		dir := filepath.Join(top, root)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("creating the cgroup %s: %w", dir, err)
		}
		for _, file := range []string{"cpuset.cpus", "cpuset.mems"} {
			parent := filepath.Join(top, file)
			if !exists(parent) {
				continue
			}
			value, err := os.ReadFile(parent)
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, file), value, 0o644); err != nil {
				return fmt.Errorf("setting %s of %s: %w", file, dir, err)
			}
		}
	}
	return nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// ProcessRunning reports whether pid names a live process; a zombie (dead,
// not yet reaped by whoever adopted it) does not count.
func ProcessRunning(pid int) bool {
	if pid <= 0 {
		return false
	}
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return false
	}
	// "pid (comm) state ...": the state follows the last ')'.
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	return len(fields) > 0 && fields[0] != "Z"
}
