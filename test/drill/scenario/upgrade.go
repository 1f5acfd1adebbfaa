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
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/checker"
	"github.com/kubecarry/kubecarry/test/drill/nemesis"
	"github.com/kubecarry/kubecarry/test/drill/workload"
)

// UpgradeName names the rolling-upgrade scenario.
const UpgradeName = "upgrade"

// DefaultNamespaceBound is how long the namespace deletion may take.
const DefaultNamespaceBound = time.Minute

// Faults the upgrade scenario can add to its middle step.
var UpgradeFaults = []string{"none", "kill", "freeze", "partition"}

// UpgradeOptions are the cluster and the plan of the upgrade drill.
type UpgradeOptions struct {
	// ClusterDir is the local cluster's state directory (pki/, pids/,
	// logs/); LoadBalancer the URL the workload reaches the API by; Etcd
	// etcd's client URL for the final checks.
	ClusterDir   string
	LoadBalancer string
	Etcd         string
	// StartScript starts a component of a release in the running cluster
	// ("StartScript start <component> <release>", see nemesis.Start).
	StartScript string
	// From and To are the releases; Servers the URLs of the
	// kube-apiservers (apiserver-1..N) and Upgrade how many of them are
	// upgraded (all: then the controller manager too).
	From, To        string
	Servers         []string
	Upgrade         int
	Hold            time.Duration
	Faults          string
	FaultFor        time.Duration
	NetClsDir       string
	NamespaceBound  time.Duration
	ControlTimeout  time.Duration
	StopTimeout     time.Duration
	Rate            float64
	CallTimeout     time.Duration
	Jobs            int
	ConfigMaps      int
	NewObjects      int
	Namespace       string
	DoomedNamespace string
}

// upgradeChecks are the guarantees of a rolling upgrade behind a load
// balancer.
func upgradeChecks(namespaceBound time.Duration) []checker.Check {
	return []checker.Check{
		checker.PhasesHadTraffic,
		checker.NoNotFoundForExisting,
		checker.RetryableFailuresOnly,
		checker.ControlsCollected,
		checker.NoDependentLost,
		checker.NoWatchEventMissed,
		checker.NamespaceDeleted(namespaceBound),
		checker.ResourceUsed(workload.ClassGetNew),
	}
}

// Upgrade is the rolling upgrade drill: an HA control plane behind a load
// balancer upgraded one server at a time under traffic. Phases: steady
// state; then for each server in turn, stopped gracefully and the new
// release started in its place with the same identity and address, held
// for Hold once ready; then the controller manager, when every server was
// upgraded. The first server of the new release makes the workload use the
// resource only that release serves; in the middle step the workload
// deletes its namespace and, with Faults, the first new server is killed
// (and started again at once, as kubelet would), frozen or partitioned
// from the last old one for FaultFor.
func Upgrade(o UpgradeOptions) (*Scenario, error) {
	switch {
	case o.ClusterDir == "" || o.LoadBalancer == "" || o.Etcd == "" || o.StartScript == "" || o.From == "" || o.To == "":
		return nil, fmt.Errorf("-cluster-dir, -load-balancer, -etcd, -start-script, -from and -to are required")
	case len(o.Servers) < 2 || o.Upgrade < 1 || o.Upgrade > len(o.Servers):
		return nil, fmt.Errorf("need at least 2 servers and 1..servers of them upgraded, got %d servers and -upgrade %d", len(o.Servers), o.Upgrade)
	case o.Hold <= 0 || o.Rate <= 0 || o.Jobs < 1 || o.ConfigMaps < 1 || o.NewObjects < 1:
		return nil, fmt.Errorf("-hold, -rate, -jobs, -configmaps and -new-objects must be positive")
	case o.Faults == "partition" && o.NetClsDir == "":
		return nil, fmt.Errorf("-faults partition needs -netcls-dir")
	}
	known := false
	for _, f := range UpgradeFaults {
		known = known || f == o.Faults
	}
	if !known {
		return nil, fmt.Errorf("-faults must be one of %s, not %q", strings.Join(UpgradeFaults, ", "), o.Faults)
	}
	storage, err := workload.NewStorage(strings.Split(o.Etcd, ","), "/registry", nil)
	if err != nil {
		return nil, err
	}
	pki := filepath.Join(o.ClusterDir, "pki")
	s := &Scenario{
		Name: UpgradeName,
		Title: fmt.Sprintf("Rolling upgrade %s -> %s: %d kube-apiservers (%d upgraded) behind a load balancer, %s per step, faults: %s",
			o.From, o.To, len(o.Servers), o.Upgrade, o.Hold, o.Faults),
		Workload: workload.Config{
			REST: clientConfig(o.LoadBalancer, pki), Storage: storage,
			Namespace: o.Namespace, DoomedNamespace: o.DoomedNamespace,
			Jobs: o.Jobs, JobDependents: true, ConfigMaps: o.ConfigMaps, NewObjects: o.NewObjects,
			Rate: o.Rate, CallTimeout: o.CallTimeout, NamespaceTimeout: 3 * time.Minute,
		},
		Checks: upgradeChecks(o.NamespaceBound),
		After: func(ctx context.Context, w *workload.Workload) error {
			return w.Control(ctx, "end", o.ControlTimeout)
		},
	}
	s.Steps = func(w *workload.Workload) []nemesis.Step {
		return upgradeSteps(o, w)
	}
	return s, nil
}

func upgradeSteps(o UpgradeOptions, w *workload.Workload) []nemesis.Step {
	name := func(i int) string { return fmt.Sprintf("apiserver-%d", i) }
	stop := func(component string) nemesis.Action {
		return &nemesis.Stop{Name: component, PIDFile: pidFile(o.ClusterDir, component), Timeout: o.StopTimeout}
	}
	start := func(component, release string) nemesis.Action {
		return &nemesis.Start{Script: o.StartScript, Name: component, Release: release}
	}
	controller := "kube-controller-manager"
	steps := []nemesis.Step{{Phase: "steady", Duration: o.Hold,
		Description: fmt.Sprintf("%d kube-apiservers %s, %s %s", len(o.Servers), o.From, controller, o.From)}}
	// The middle step: the namespace deletion and the fault happen in it.
	middle := (o.Upgrade + 1) / 2
	for i := 1; i <= o.Upgrade; i++ {
		step := nemesis.Step{
			Phase: "upgrade " + name(i), Duration: o.Hold,
			Description: fmt.Sprintf("%s %s -> %s", name(i), o.From, o.To),
			Before:      []nemesis.Action{stop(name(i)), start(name(i), o.To)},
		}
		if i == 1 {
			// Clients of the new release use its resource from its first
			// server on; the last server is still of the old release.
			pki := filepath.Join(o.ClusterDir, "pki")
			newServer, oldServer := clientConfig(o.Servers[0], pki), clientConfig(o.Servers[len(o.Servers)-1], pki)
			step.Before = append(step.Before, &nemesis.Func{Name: "the workload starts using the new release's resource",
				Fn: func(context.Context) error { w.NewRelease(newServer, oldServer); return nil }})
		}
		if i == middle {
			step.Before = append(step.Before, &nemesis.Func{Name: "the workload deletes its namespace",
				Fn: func(context.Context) error { w.DeleteNamespace(); return nil }})
			addFault(&step, o, 1, len(o.Servers), start)
		}
		steps = append(steps, step)
	}
	if o.Upgrade == len(o.Servers) {
		steps = append(steps, nemesis.Step{
			Phase: "upgrade " + controller, Duration: o.Hold,
			Description: fmt.Sprintf("%s %s -> %s", controller, o.From, o.To),
			Before:      []nemesis.Action{stop(controller), start(controller, o.To)},
		})
	}
	return steps
}

// addFault adds the middle step's fault against the first server of the
// new release (newServer); a partition cuts it from the last old one.
func addFault(step *nemesis.Step, o UpgradeOptions, newN, oldN int, start func(component, release string) nemesis.Action) {
	newServer, oldServer := fmt.Sprintf("apiserver-%d", newN), fmt.Sprintf("apiserver-%d", oldN)
	pids := func(names ...string) ([]int, error) {
		var out []int
		for _, n := range names {
			f, err := nemesis.ReadPIDFile(pidFile(o.ClusterDir, n))
			if err != nil {
				return nil, fmt.Errorf("%s not running when the fault was due: %w", n, err)
			}
			out = append(out, f.PID)
		}
		return out, nil
	}
	switch o.Faults {
	case "kill":
		step.Before = append(step.Before, &nemesis.Kill{Name: newServer, PIDFile: pidFile(o.ClusterDir, newServer)}, start(newServer, o.To))
	case "freeze":
		step.FaultFor = o.FaultFor
		step.Fault = &nemesis.Deferred{Description: fmt.Sprintf("SIGSTOP %s (%s) for %s", newServer, o.To, o.FaultFor), Build: func() (nemesis.Fault, error) {
			p, err := pids(newServer)
			if err != nil {
				return nil, err
			}
			return &nemesis.Freeze{Names: []string{newServer}, PIDs: p}, nil
		}}
	case "partition":
		step.FaultFor = o.FaultFor
		step.Fault = &nemesis.Deferred{Description: fmt.Sprintf("partition %s (%s) from %s (%s) for %s", newServer, o.To, oldServer, o.From, o.FaultFor), Build: func() (nemesis.Fault, error) {
			p, err := pids(newServer, oldServer)
			if err != nil {
				return nil, err
			}
			return &nemesis.Partition{
				Dir: o.NetClsDir, Table: "kubecarry-upgrade-drill",
				A:      nemesis.Endpoint{Name: newServer, PID: p[0], IP: host(o.Servers[newN-1])},
				B:      nemesis.Endpoint{Name: oldServer, PID: p[1], IP: host(o.Servers[oldN-1])},
				ClassA: 0x00100001, ClassB: 0x00100002,
			}, nil
		}}
	}
}
