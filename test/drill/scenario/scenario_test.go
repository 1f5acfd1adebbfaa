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

package scenario

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/checker"
	"github.com/kubecarry/kubecarry/test/drill/nemesis"
)

func upgradeOptions() UpgradeOptions {
	return UpgradeOptions{
		ClusterDir: "/c", LoadBalancer: "https://10.204.0.10:6443", Etcd: "http://127.0.0.1:23850", StartScript: "/s",
		From: "kubecarry", To: "v1.36.3",
		Servers: []string{"https://10.204.0.11:6443", "https://10.204.0.12:6443", "https://10.204.0.13:6443"},
		Upgrade: 3, Hold: 30 * time.Second, Faults: "none", FaultFor: 20 * time.Second, NetClsDir: "/n",
		NamespaceBound: time.Minute, StopTimeout: time.Minute, Rate: 4, CallTimeout: 30 * time.Second,
		Jobs: 5, ConfigMaps: 5, NewObjects: 3, Namespace: "u", DoomedNamespace: "d",
	}
}

// describe lists a plan as "phase: before actions | fault" lines.
func describe(steps []nemesis.Step) []string {
	var out []string
	for _, s := range steps {
		var before []string
		for _, a := range s.Before {
			before = append(before, a.Describe())
		}
		line := s.Phase + ": " + strings.Join(before, ", ")
		if s.Fault != nil {
			line += fmt.Sprintf(" | %s (for %s)", s.Fault.Describe(), s.FaultFor)
		}
		out = append(out, line)
	}
	return out
}

func TestUpgradePlan(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*UpgradeOptions)
		want   []string
	}{
		{"every server, then the controller manager", func(*UpgradeOptions) {}, []string{
			"steady: ",
			"upgrade apiserver-1: stop apiserver-1 (SIGTERM), start apiserver-1 (v1.36.3), the workload starts using the new release's resource",
			"upgrade apiserver-2: stop apiserver-2 (SIGTERM), start apiserver-2 (v1.36.3), the workload deletes its namespace",
			"upgrade apiserver-3: stop apiserver-3 (SIGTERM), start apiserver-3 (v1.36.3)",
			"upgrade kube-controller-manager: stop kube-controller-manager (SIGTERM), start kube-controller-manager (v1.36.3)",
		}},
		{"the short drill leaves the cluster mixed", func(o *UpgradeOptions) { o.Servers, o.Upgrade = o.Servers[:2], 1 }, []string{
			"steady: ",
			"upgrade apiserver-1: stop apiserver-1 (SIGTERM), start apiserver-1 (v1.36.3), the workload starts using the new release's resource, the workload deletes its namespace",
		}},
		{"kill: the new server killed and started again at once", func(o *UpgradeOptions) { o.Faults = "kill" }, []string{
			"steady: ",
			"upgrade apiserver-1: stop apiserver-1 (SIGTERM), start apiserver-1 (v1.36.3), the workload starts using the new release's resource",
			"upgrade apiserver-2: stop apiserver-2 (SIGTERM), start apiserver-2 (v1.36.3), the workload deletes its namespace, SIGKILL apiserver-1, start apiserver-1 (v1.36.3)",
			"upgrade apiserver-3: stop apiserver-3 (SIGTERM), start apiserver-3 (v1.36.3)",
			"upgrade kube-controller-manager: stop kube-controller-manager (SIGTERM), start kube-controller-manager (v1.36.3)",
		}},
		{"partition: the new server cut from the last old one for a while", func(o *UpgradeOptions) { o.Faults = "partition" }, []string{
			"steady: ",
			"upgrade apiserver-1: stop apiserver-1 (SIGTERM), start apiserver-1 (v1.36.3), the workload starts using the new release's resource",
			"upgrade apiserver-2: stop apiserver-2 (SIGTERM), start apiserver-2 (v1.36.3), the workload deletes its namespace | partition apiserver-1 (v1.36.3) from apiserver-3 (kubecarry) for 20s (for 20s)",
			"upgrade apiserver-3: stop apiserver-3 (SIGTERM), start apiserver-3 (v1.36.3)",
			"upgrade kube-controller-manager: stop kube-controller-manager (SIGTERM), start kube-controller-manager (v1.36.3)",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := upgradeOptions()
			tc.change(&o)
			got := describe(upgradeSteps(o, nil))
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("plan:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestUpgradeRefusesBadOptions(t *testing.T) {
	for _, tc := range []struct {
		change func(*UpgradeOptions)
		want   string
	}{
		{func(o *UpgradeOptions) { o.StartScript = "" }, "-start-script"},
		{func(o *UpgradeOptions) { o.Upgrade = 4 }, "got 3 servers and -upgrade 4"},
		{func(o *UpgradeOptions) { o.Servers = o.Servers[:1]; o.Upgrade = 1 }, "need at least 2 servers"},
		{func(o *UpgradeOptions) { o.Rate = 0 }, "-rate"},
		{func(o *UpgradeOptions) { o.Faults = "explode" }, `-faults must be one of none, kill, freeze, partition, not "explode"`},
		{func(o *UpgradeOptions) { o.Faults, o.NetClsDir = "partition", "" }, "-faults partition needs -netcls-dir"},
	} {
		o := upgradeOptions()
		tc.change(&o)
		if _, err := Upgrade(o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("err %v, want it to name %q", err, tc.want)
		}
	}
}

func TestPeerFaultsRefusesBadOptions(t *testing.T) {
	ok := PeerFaultsOptions{ClusterDir: t.TempDir(), Servers: []string{"https://a:1", "https://b:1", "https://c:1"}, Older: 3, NetClsDir: "/n", Etcd: "127.0.0.1:23830"}
	for _, tc := range []struct {
		change func(*PeerFaultsOptions)
		want   string
	}{
		{func(o *PeerFaultsOptions) { o.Etcd = "" }, "-etcd are required"},
		{func(o *PeerFaultsOptions) { o.Etcd = "127.0.0.1:http" }, `bad port "http"`},
		{func(o *PeerFaultsOptions) { o.Servers = o.Servers[:2] }, "need at least 3 servers"},
		{func(o *PeerFaultsOptions) { o.Older = 4 }, "-older 4"},
		// Every setting right, but no cluster there: its PID files name it.
		{func(*PeerFaultsOptions) {}, "apiserver-3.pid"},
	} {
		o := ok
		tc.change(&o)
		if _, err := PeerFaults(o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("err %v, want it to name %q", err, tc.want)
		}
	}
}

// TestChecksOfSavedHistories: a saved history is checked again with its
// scenario's checks, and an unknown scenario is an error.
func TestChecksOfSavedHistories(t *testing.T) {
	names := func(checks []checker.Check) string {
		var n []string
		for _, c := range checks {
			n = append(n, c.Name)
		}
		return strings.Join(n, "; ")
	}
	pf, err := Checks(PeerFaultsName)
	if err != nil || names(pf) != names(peerFaultsChecks) {
		t.Errorf("peer-faults: %v %v", names(pf), err)
	}
	up, err := Checks(UpgradeName)
	if err != nil || !strings.Contains(names(up), "no watch event missed") || !strings.Contains(names(up), "namespace deleted") {
		t.Errorf("upgrade: %v %v", names(up), err)
	}
	if _, err := Checks(""); err == nil {
		t.Error("a history without a scenario was accepted")
	}
}

func TestHost(t *testing.T) {
	if got := host("https://10.203.0.11:6443"); got != "10.203.0.11" {
		t.Errorf("got %q", got)
	}
}
