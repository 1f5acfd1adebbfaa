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

// Package cgroupv1 reads cgroup v1 hierarchies from /proc/<pid>/cgroup and
// mountinfo (where one is mounted, a process's cgroup in it: the drills'
// partition uses both), and finds and mounts the hierarchies the kernel
// keeps but no mount shows, where a distribution would.
//
// containerd's cgroup v1 library resolves every hierarchy of a container's
// /proc/<pid>/cgroup to its mount point, and when one has none it gives up
// on the container's cgroup ("cannot find cgroup mount destination"): the
// container then has no CPU or memory statistics, so the kubelet reports no
// memory usage for it and refuses an in-place resize that lowers a memory
// limit. A hierarchy gets into that state when it is unmounted while
// something still holds it: a net_cls hierarchy, once it tagged sockets,
// lives on until they close, so the fault drill's network partition (which
// mounts net_cls and unmounts it when it heals) leaves one behind.
package cgroupv1

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// Hierarchy is one cgroup v1 hierarchy: its controllers, or its name for a
// named hierarchy without controllers (name=systemd).
type Hierarchy struct {
	Controllers []string
	Name        string
}

// String is the hierarchy as /proc/<pid>/cgroup writes it.
func (h Hierarchy) String() string {
	if h.Name != "" {
		return "name=" + h.Name
	}
	return strings.Join(h.Controllers, ",")
}

// MountOptions are the options that mount this hierarchy.
func (h Hierarchy) MountOptions() string {
	if h.Name != "" {
		return "none,name=" + h.Name
	}
	return strings.Join(h.Controllers, ",")
}

// MountPoint is where a distribution mounts it, under root (/sys/fs/cgroup).
func (h Hierarchy) MountPoint(root string) string {
	if h.Name != "" {
		return filepath.Join(root, h.Name)
	}
	return filepath.Join(root, strings.Join(h.Controllers, ","))
}

// entry is one line of /proc/<pid>/cgroup for a v1 hierarchy.
type entry struct {
	hierarchy Hierarchy
	path      string
}

// entries parses /proc/<pid>/cgroup, leaving out the cgroup v2 line
// ("0::/path").
func entries(procCgroup []byte) []entry {
	var out []entry
	for _, line := range strings.Split(string(procCgroup), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 || parts[1] == "" {
			continue
		}
		var h Hierarchy
		for _, c := range strings.Split(parts[1], ",") {
			if name, ok := strings.CutPrefix(c, "name="); ok {
				h.Name = name
				continue
			}
			h.Controllers = append(h.Controllers, c)
		}
		if len(h.Controllers) > 0 {
			// A named hierarchy with controllers is mounted by them.
			h.Name = ""
		}
		out = append(out, entry{h, parts[2]})
	}
	return out
}

// mount is one cgroup (v1) mount of a mountinfo: where, and its super
// options (the controllers, name=...).
type mount struct {
	point   string
	options map[string]bool
}

func mounts(mountinfo []byte) []mount {
	var out []mount
	sc := bufio.NewScanner(bytes.NewReader(mountinfo))
	for sc.Scan() {
		// ID parent major:minor root mountpoint options [optional...] - type source superoptions
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		if !ok {
			continue
		}
		fields, tail := strings.Fields(pre), strings.Fields(post)
		if len(fields) < 5 || len(tail) < 3 || tail[0] != "cgroup" {
			continue
		}
		m := mount{point: fields[4], options: map[string]bool{}}
		for _, o := range strings.Split(tail[2], ",") {
			m.options[o] = true
		}
		out = append(out, m)
	}
	return out
}

// Unmounted returns the v1 hierarchies a process is in (its
// /proc/<pid>/cgroup) that no cgroup mount in mountinfo
// (/proc/<pid>/mountinfo of the same mount namespace) shows.
func Unmounted(procCgroup, mountinfo []byte) []Hierarchy {
	mounted := mounts(mountinfo)
	var out []Hierarchy
	for _, e := range entries(procCgroup) {
		if !isMounted(e.hierarchy, mounted) {
			out = append(out, e.hierarchy)
		}
	}
	return out
}

// MountPoint returns where a v1 hierarchy with controller is mounted in
// mountinfo, "" if nowhere.
func MountPoint(mountinfo []byte, controller string) string {
	for _, m := range mounts(mountinfo) {
		if m.options[controller] {
			return m.point
		}
	}
	return ""
}

// Path returns the cgroup of controller in /proc/<pid>/cgroup, relative to
// its hierarchy's root; "/" when the process is in none (the root).
func Path(procCgroup []byte, controller string) string {
	for _, e := range entries(procCgroup) {
		if slices.Contains(e.hierarchy.Controllers, controller) {
			return e.path
		}
	}
	return "/"
}

func isMounted(h Hierarchy, mounted []mount) bool {
	for _, m := range mounted {
		if h.Name != "" && m.options["name="+h.Name] {
			return true
		}
		if len(h.Controllers) == 0 {
			continue
		}
		all := true
		for _, c := range h.Controllers {
			all = all && m.options[c]
		}
		if all {
			return true
		}
	}
	return false
}

// MountUnmounted mounts, under root, every hierarchy this process is in
// that no mount of its mount namespace shows, and returns what it mounted.
func MountUnmounted(root string) ([]string, error) {
	procCgroup, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return nil, err
	}
	mountinfo, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return nil, err
	}
	var done []string
	for _, h := range Unmounted(procCgroup, mountinfo) {
		target := h.MountPoint(root)
		if err := os.MkdirAll(target, 0o755); err != nil {
			return done, fmt.Errorf("cgroup v1 hierarchy %s is active but not mounted, and %s cannot be created: %w", h, target, err)
		}
		if err := syscall.Mount("cgroup", target, "cgroup", 0, h.MountOptions()); err != nil {
			return done, fmt.Errorf("cgroup v1 hierarchy %s is active but not mounted (containerd would find no cgroup for any container), and mounting it at %s failed: %w", h, target, err)
		}
		done = append(done, fmt.Sprintf("%s at %s", h, target))
	}
	return done, nil
}
