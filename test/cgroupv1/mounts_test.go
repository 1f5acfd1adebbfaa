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

package cgroupv1

import (
	"reflect"
	"testing"
)

// procCgroup is what this project's build machine showed after a fault
// drill: net_cls active (hierarchy 10) with no mount.
const procCgroup = `10:net_cls:/
9:name=systemd:/
8:pids:/
4:memory:/process_api/6379
2:cpu,cpuacct:/
0::/
`

const mountinfo = `30 25 0:26 / /sys/fs/cgroup rw,nosuid - tmpfs tmpfs rw,mode=755
31 30 0:27 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct
33 30 0:29 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory
38 30 0:34 / /sys/fs/cgroup/pids rw - cgroup cgroup rw,pids
39 30 0:35 / /sys/fs/cgroup/systemd rw - cgroup cgroup rw,xattr,name=systemd
40 30 0:36 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw
`

func TestUnmountedFindsAnActiveHierarchyWithoutAMount(t *testing.T) {
	got := Unmounted([]byte(procCgroup), []byte(mountinfo))
	want := []Hierarchy{{Controllers: []string{"net_cls"}}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Unmounted = %+v, want %+v", got, want)
	}
	if p, o := got[0].MountPoint("/sys/fs/cgroup"), got[0].MountOptions(); p != "/sys/fs/cgroup/net_cls" || o != "net_cls" {
		t.Errorf("net_cls would be mounted at %s with %s", p, o)
	}
}

func TestUnmountedIsEmptyWhenEveryHierarchyIsMounted(t *testing.T) {
	withNetCls := mountinfo + "41 30 0:37 / /tmp/drill/net_cls rw - cgroup kubecarry-drill-net_cls rw,net_cls\n"
	if got := Unmounted([]byte(procCgroup), []byte(withNetCls)); len(got) != 0 {
		t.Errorf("Unmounted = %+v with every hierarchy mounted", got)
	}
}

func TestUnmountedNamedAndCombinedHierarchies(t *testing.T) {
	// A named hierarchy is found by its name, a combined one only by a
	// mount with all its controllers.
	cgroup := "9:name=systemd:/\n2:cpu,cpuacct:/\n"
	mounts := "31 30 0:27 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n"
	got := Unmounted([]byte(cgroup), []byte(mounts))
	want := []Hierarchy{{Name: "systemd"}, {Controllers: []string{"cpu", "cpuacct"}}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Unmounted = %+v, want %+v", got, want)
	}
	if got[0].MountOptions() != "none,name=systemd" || got[0].MountPoint("/r") != "/r/systemd" || got[0].String() != "name=systemd" {
		t.Errorf("named hierarchy: %s at %s (%s)", got[0].MountOptions(), got[0].MountPoint("/r"), got[0])
	}
	if got[1].MountPoint("/r") != "/r/cpu,cpuacct" || got[1].String() != "cpu,cpuacct" {
		t.Errorf("combined hierarchy at %s (%s)", got[1].MountPoint("/r"), got[1])
	}
}

func TestMountPoint(t *testing.T) {
	mountinfo := `25 1 0:22 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
26 25 0:23 / /sys/fs/cgroup/cpu rw,relatime shared:9 - cgroup cgroup rw,cpu
27 25 0:24 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
`
	if got := MountPoint([]byte(mountinfo), "net_cls"); got != "" {
		t.Errorf("found %q where there is none", got)
	}
	mountinfo += "90 25 0:40 / /work/_output/peer-faults/net_cls rw,relatime - cgroup kubecarry-drill-net_cls rw,net_cls,net_prio\n"
	if got := MountPoint([]byte(mountinfo), "net_cls"); got != "/work/_output/peer-faults/net_cls" {
		t.Errorf("got %q", got)
	}
}

func TestPath(t *testing.T) {
	cgroup := "8:pids:/\n4:memory:/sandbox\n0::/\n"
	if got := Path([]byte(cgroup), "net_cls"); got != "/" {
		t.Errorf("without net_cls: %q", got)
	}
	cgroup += "9:net_cls,net_prio:/kubecarry-drill-apiserver-3\n"
	if got := Path([]byte(cgroup), "net_cls"); got != "/kubecarry-drill-apiserver-3" {
		t.Errorf("got %q", got)
	}
}
