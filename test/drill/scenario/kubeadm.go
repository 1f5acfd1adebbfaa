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
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"
	"time"

	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/client-go/transport"

	"github.com/kubecarry/kubecarry/test/drill/checker"
	"github.com/kubecarry/kubecarry/test/drill/nemesis"
	"github.com/kubecarry/kubecarry/test/drill/workload"
)

// KubeadmUpgradeName names the kubeadm HA upgrade scenario.
const KubeadmUpgradeName = "kubeadm-upgrade"

// KubeadmUpgradeFaults are the faults the kubeadm upgrade can add to its
// middle step, on top of the restarts of every static Pod kubeadm causes.
var KubeadmUpgradeFaults = []string{"none", "kill", "partition"}

// Node is a node of a kubeadm cluster: its name, address and network
// namespace.
type Node struct {
	Name, IP, Netns string
}

// KubeadmUpgradeOptions are the cluster (test/kubeadm, started by
// hack/kubeadm-cluster.sh) and the plan of its upgrade.
type KubeadmUpgradeOptions struct {
	// Kubeconfig is the cluster's admin.conf; LoadBalancer the URL the
	// workload reaches the API by (HAProxy at the controlPlaneEndpoint's
	// address: the kubeconfig's server name is kept for TLS).
	Kubeconfig   string
	LoadBalancer string
	// Etcd are the stacked etcd's client URLs; EtcdCA, EtcdCert and
	// EtcdKey the CA and kube-apiserver's etcd client certificate.
	Etcd                      []string
	EtcdCA, EtcdCert, EtcdKey string
	// StepCommand carries out an operator's step: StepCommand + apply|node|
	// kubelet <node> <version> (hack/kubeadm-cluster.sh upgrade-step).
	StepCommand []string
	// ControlPlanes are cp-1..cp-N, cp-1 the one "kubeadm upgrade apply"
	// runs on; Workers the other nodes.
	ControlPlanes   []Node
	Workers         []Node
	From, To        string
	Hold            time.Duration
	Faults          string
	FaultFor        time.Duration
	ControlTimeout  time.Duration
	NamespaceBound  time.Duration
	Rate            float64
	CallTimeout     time.Duration
	Jobs            int
	ConfigMaps      int
	NewObjects      int
	Namespace       string
	DoomedNamespace string
}

// KubeadmUpgrade is an HA control plane upgraded the way kubeadm's upgrade
// guide sequences it, under the upgrade drill's workload through the load
// balancer: "kubeadm upgrade apply" on the first control plane (its static
// Pods, then the cluster's kube-proxy and CoreDNS), "kubeadm upgrade node"
// on each other control plane, then each node's kubelet (drain, new
// binary, restart, uncordon). Each step holds Hold once done. The first
// step makes the workload use the new release's resource; the second
// deletes the workload's namespace and, with Faults, kills the first
// control plane's new kube-apiserver (kubelet starts it again) or cuts
// that node from the last control plane, still on the old release, for
// FaultFor.
func KubeadmUpgrade(o KubeadmUpgradeOptions) (*Scenario, error) {
	switch {
	case o.Kubeconfig == "" || o.LoadBalancer == "" || len(o.Etcd) == 0 || len(o.StepCommand) == 0 || o.From == "" || o.To == "":
		return nil, fmt.Errorf("-kubeconfig, -load-balancer, -etcd, -step-command, -from and -to are required")
	case len(o.ControlPlanes) < 2:
		return nil, fmt.Errorf("an HA upgrade needs at least 2 control planes, got %d", len(o.ControlPlanes))
	case o.Hold <= 0 || o.Rate <= 0 || o.Jobs < 1 || o.ConfigMaps < 1 || o.NewObjects < 1:
		return nil, fmt.Errorf("-hold, -rate, -jobs, -configmaps and -new-objects must be positive")
	case !slices.Contains(KubeadmUpgradeFaults, o.Faults):
		return nil, fmt.Errorf("-faults must be one of %s, not %q", strings.Join(KubeadmUpgradeFaults, ", "), o.Faults)
	}
	rc, err := kubeconfigThrough(o.Kubeconfig, o.LoadBalancer)
	if err != nil {
		return nil, err
	}
	etcdTLS, err := etcdClientTLS(o.EtcdCA, o.EtcdCert, o.EtcdKey)
	if err != nil {
		return nil, err
	}
	storage, err := workload.NewStorage(o.Etcd, "/registry", etcdTLS)
	if err != nil {
		return nil, err
	}
	s := &Scenario{
		Name: KubeadmUpgradeName,
		Title: fmt.Sprintf("kubeadm HA upgrade %s -> %s: %d control planes and %d workers behind a load balancer, %s per step, faults: %s",
			o.From, o.To, len(o.ControlPlanes), len(o.Workers), o.Hold, o.Faults),
		Workload: workload.Config{
			REST: rc, Storage: storage,
			Namespace: o.Namespace, DoomedNamespace: o.DoomedNamespace,
			Jobs: o.Jobs, JobDependents: true, ConfigMaps: o.ConfigMaps, NewObjects: o.NewObjects,
			Rate: o.Rate, CallTimeout: o.CallTimeout, NamespaceTimeout: 3 * time.Minute,
		},
		Checks: kubeadmUpgradeChecks(o.NamespaceBound),
		After: func(ctx context.Context, w *workload.Workload) error {
			return w.Control(ctx, "end", o.ControlTimeout)
		},
	}
	s.Steps = func(w *workload.Workload) []nemesis.Step {
		return kubeadmUpgradeSteps(o, rc, w)
	}
	return s, nil
}

// kubeadmUpgradeChecks are the upgrade drill's checks but one: kubeadm
// restarts each static Pod without a shutdown delay, and each
// kube-apiserver reaches only its own etcd member, which kubeadm restarts
// too, so calls in flight through the load balancer time out (and a
// restarted server may refuse one before its authorizer caught up),
// whichever release runs. Those failures are counted in the report; what
// is checked is what loses data: a 404 for an existing object, a lost
// dependent, a missed watch event, a namespace that is not deleted.
func kubeadmUpgradeChecks(namespaceBound time.Duration) []checker.Check {
	var checks []checker.Check
	for _, c := range upgradeChecks(namespaceBound) {
		if c.Name != checker.RetryableFailuresOnly.Name {
			checks = append(checks, c)
		}
	}
	return checks
}

func kubeadmUpgradeSteps(o KubeadmUpgradeOptions, rc *rest.Config, w *workload.Workload) []nemesis.Step {
	step := func(kind string, n Node) *nemesis.Command {
		what := map[string]string{
			"apply":   "kubeadm upgrade apply " + o.To + " on " + n.Name,
			"node":    "kubeadm upgrade node on " + n.Name,
			"kubelet": "drain " + n.Name + ", kubelet " + o.To + ", uncordon",
		}[kind]
		return &nemesis.Command{Name: what, Component: n.Name, Argv: append(slices.Clone(o.StepCommand), kind, n.Name, o.To)}
	}
	first, last := o.ControlPlanes[0], o.ControlPlanes[len(o.ControlPlanes)-1]
	steps := []nemesis.Step{{Phase: "steady", Duration: o.Hold,
		Description: fmt.Sprintf("%d control planes %s", len(o.ControlPlanes), o.From)}}
	steps = append(steps, nemesis.Step{
		Phase: "upgrade apply " + first.Name, Duration: o.Hold,
		Description: fmt.Sprintf("kubeadm upgrade apply %s on %s: its static Pods, kube-proxy, CoreDNS", o.To, first.Name),
		Before: []nemesis.Action{step("apply", first), &nemesis.Func{Name: "the workload starts using the new release's resource",
			Fn: func(context.Context) error { w.NewRelease(nodeServer(rc, first), nodeServer(rc, last)); return nil }}},
	})
	for i, n := range o.ControlPlanes[1:] {
		s := nemesis.Step{
			Phase: "upgrade node " + n.Name, Duration: o.Hold,
			Description: fmt.Sprintf("kubeadm upgrade node on %s: its static Pods %s -> %s", n.Name, o.From, o.To),
			Before:      []nemesis.Action{step("node", n)},
		}
		if i == 0 {
			s.Before = append(s.Before, &nemesis.Func{Name: "the workload deletes its namespace",
				Fn: func(context.Context) error { w.DeleteNamespace(); return nil }})
			addKubeadmFault(&s, o, first, last)
		}
		steps = append(steps, s)
	}
	var kubelets []nemesis.Action
	for _, n := range slices.Concat(o.ControlPlanes, o.Workers) {
		kubelets = append(kubelets, step("kubelet", n))
	}
	return append(steps, nemesis.Step{
		Phase: "upgrade kubelets", Duration: o.Hold, Before: kubelets,
		Description: fmt.Sprintf("each node drained, its kubelet %s -> %s, uncordoned", o.From, o.To),
	})
}

// addKubeadmFault adds the fault of the middle step against the first
// control plane, the one running the new release longest.
func addKubeadmFault(s *nemesis.Step, o KubeadmUpgradeOptions, first, last Node) {
	switch o.Faults {
	case "kill":
		s.Before = append(s.Before, &nemesis.KillContainer{
			Name:    fmt.Sprintf("kube-apiserver of %s (%s; kubelet restarts it)", first.Name, o.To),
			Match:   nemesis.ArgvHas("kube-apiserver", "--advertise-address="+first.IP),
			Timeout: 10 * time.Second,
		})
	case "partition":
		s.FaultFor = o.FaultFor
		s.Fault = &nemesis.NodePartition{Node: first.Name, Netns: first.Netns, Table: "kubecarry-kubeadm-drill",
			Peers: []nemesis.Endpoint{{Name: last.Name, IP: last.IP}}}
	}
}

// kubeconfigThrough is a kubeconfig's client configuration sent to
// another address (the load balancer's) with the TLS server name of the
// kubeconfig's own server, which is what the serving certificates name.
func kubeconfigThrough(kubeconfig, lb string) (*rest.Config, error) {
	rc, err := clientcmd.BuildConfigFromFlags("", kubeconfig)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", kubeconfig, err)
	}
	orig, err := url.Parse(rc.Host)
	if err != nil {
		return nil, fmt.Errorf("%s: server %q: %w", kubeconfig, rc.Host, err)
	}
	if rc.ServerName == "" {
		rc.ServerName = orig.Hostname()
	}
	rc.Host = lb
	return rc, nil
}

// nodeServer is rc pointed at the kube-apiserver of one control plane
// node (kubeadm's bind port) instead of the load balancer.
func nodeServer(rc *rest.Config, n Node) *rest.Config {
	c := rest.CopyConfig(rc)
	c.Host = "https://" + net.JoinHostPort(n.IP, "6443")
	return c
}

// etcdClientTLS is the TLS configuration of an etcd client with a
// certificate; empty paths mean etcd without TLS.
func etcdClientTLS(ca, cert, key string) (*tls.Config, error) {
	if ca == "" && cert == "" && key == "" {
		return nil, nil
	}
	if ca == "" || cert == "" || key == "" {
		return nil, fmt.Errorf("-etcd-ca, -etcd-cert and -etcd-key go together")
	}
	c, err := transport.TLSConfigFor(&transport.Config{TLS: transport.TLSConfig{CAFile: ca, CertFile: cert, KeyFile: key}})
	if err != nil {
		return nil, fmt.Errorf("etcd client certificate: %w", err)
	}
	return c, nil
}
