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
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/checker"
	"github.com/kubecarry/kubecarry/test/drill/nemesis"
)

func kubeadmOptions() KubeadmUpgradeOptions {
	return KubeadmUpgradeOptions{
		Kubeconfig: "/admin.conf", LoadBalancer: "https://10.210.0.1:6443", Etcd: []string{"https://10.210.0.11:2379"},
		StepCommand: []string{"/k", "upgrade-step"}, From: "v1.35.8+kubecarry.1", To: "v1.36.3",
		ControlPlanes: []Node{{"cp-1", "10.210.0.11", "kca-cp-1"}, {"cp-2", "10.210.0.12", "kca-cp-2"}, {"cp-3", "10.210.0.13", "kca-cp-3"}},
		Workers:       []Node{{"worker-1", "10.210.0.21", "kca-worker-1"}},
		Hold:          30 * time.Second, Faults: "none", FaultFor: 20 * time.Second, NamespaceBound: time.Minute,
		Rate: 4, CallTimeout: 30 * time.Second, Jobs: 5, ConfigMaps: 5, NewObjects: 3, Namespace: "u", DoomedNamespace: "d",
	}
}

// TestKubeadmUpgradePlan: the steps are the ones of kubeadm's HA upgrade
// guide, in its order, and the fault lands on the first control plane
// while the last one still runs the old release.
func TestKubeadmUpgradePlan(t *testing.T) {
	common := []string{
		"steady: ",
		"upgrade apply cp-1: kubeadm upgrade apply v1.36.3 on cp-1, the workload starts using the new release's resource",
	}
	rest := []string{
		"upgrade node cp-3: kubeadm upgrade node on cp-3",
		"upgrade kubelets: drain cp-1, kubelet v1.36.3, uncordon, drain cp-2, kubelet v1.36.3, uncordon, drain cp-3, kubelet v1.36.3, uncordon, drain worker-1, kubelet v1.36.3, uncordon",
	}
	for _, tc := range []struct {
		faults, middle string
	}{
		{"none", "upgrade node cp-2: kubeadm upgrade node on cp-2, the workload deletes its namespace"},
		{"kill", "upgrade node cp-2: kubeadm upgrade node on cp-2, the workload deletes its namespace, SIGKILL kube-apiserver of cp-1 (v1.36.3; kubelet restarts it)"},
		{"partition", "upgrade node cp-2: kubeadm upgrade node on cp-2, the workload deletes its namespace | partition cp-1 from cp-3 (for 20s)"},
	} {
		t.Run(tc.faults, func(t *testing.T) {
			o := kubeadmOptions()
			o.Faults = tc.faults
			steps := kubeadmUpgradeSteps(o, nil, nil)
			want := strings.Join(append(append(append([]string{}, common...), tc.middle), rest...), "\n")
			if got := strings.Join(describe(steps), "\n"); got != want {
				t.Errorf("plan:\n%s\nwant:\n%s", got, want)
			}
			apply := steps[1].Before[0].(*nemesis.Command)
			if got := strings.Join(apply.Argv, " "); got != "/k upgrade-step apply cp-1 v1.36.3" {
				t.Errorf("apply runs %q", got)
			}
			if p, ok := steps[2].Fault.(*nemesis.NodePartition); ok && (p.Netns != "kca-cp-1" || p.Peers[0].IP != "10.210.0.13") {
				t.Errorf("partition %+v", p)
			}
		})
	}
}

func TestKubeadmUpgradeRefusesBadOptions(t *testing.T) {
	for _, tc := range []struct {
		change func(*KubeadmUpgradeOptions)
		want   string
	}{
		{func(o *KubeadmUpgradeOptions) { o.StepCommand = nil }, "-step-command"},
		{func(o *KubeadmUpgradeOptions) { o.ControlPlanes = o.ControlPlanes[:1] }, "at least 2 control planes, got 1"},
		{func(o *KubeadmUpgradeOptions) { o.Faults = "freeze" }, `-faults must be one of none, kill, partition, not "freeze"`},
		{func(o *KubeadmUpgradeOptions) { o.Jobs = 0 }, "-jobs"},
		{func(*KubeadmUpgradeOptions) {}, "/admin.conf"},
		{func(o *KubeadmUpgradeOptions) { o.Kubeconfig = writeKubeconfig(t); o.EtcdCA = "/ca.crt" }, "-etcd-ca, -etcd-cert and -etcd-key go together"},
	} {
		o := kubeadmOptions()
		tc.change(&o)
		if _, err := KubeadmUpgrade(o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("err %v, want it to name %q", err, tc.want)
		}
	}
}

// TestKubeconfigThrough: the workload goes to the load balancer's address
// and still checks the serving certificate against the kubeconfig's
// server name (kubeadm's certificates name the controlPlaneEndpoint, not
// the address the host reaches it by).
func TestKubeconfigThrough(t *testing.T) {
	rc, err := kubeconfigThrough(writeKubeconfig(t), "https://10.210.0.1:6443")
	if err != nil {
		t.Fatal(err)
	}
	if rc.Host != "https://10.210.0.1:6443" || rc.ServerName != "kube-apiserver.cluster.example" {
		t.Errorf("host %q server name %q", rc.Host, rc.ServerName)
	}
}

func writeKubeconfig(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "admin.conf")
	config := `apiVersion: v1
kind: Config
clusters:
- name: kubernetes
  cluster: {server: "https://kube-apiserver.cluster.example:6443", insecure-skip-tls-verify: true}
users:
- name: admin
  user: {token: abc}
contexts:
- name: admin
  context: {cluster: kubernetes, user: admin}
current-context: admin
`
	if err := os.WriteFile(path, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestKubeadmUpgradeChecks: the kubeadm upgrade keeps every check that
// finds lost data and counts, without failing on, the timeouts of
// kubeadm's own restarts.
func TestKubeadmUpgradeChecks(t *testing.T) {
	checks, err := Checks(KubeadmUpgradeName)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, c := range checks {
		names[c.Name] = true
	}
	for _, want := range []checker.Check{checker.NoNotFoundForExisting, checker.NoDependentLost, checker.NoWatchEventMissed, checker.ControlsCollected} {
		if !names[want.Name] {
			t.Errorf("the kubeadm upgrade lacks the check %q", want.Name)
		}
	}
	if names[checker.RetryableFailuresOnly.Name] || len(checks) != len(upgradeChecks(time.Minute))-1 {
		t.Errorf("want the upgrade drill's checks without %q, got %v", checker.RetryableFailuresOnly.Name, names)
	}
}
