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

// Command drill runs a drill scenario (test/drill/scenario) against a
// cluster a hack/ script started, or checks a saved history again:
//
//	drill peer-faults -cluster-dir DIR -servers URL,URL,URL -netcls-dir DIR -etcd IP:PORT [flags]
//	drill upgrade -cluster-dir DIR -load-balancer URL -servers URL,... -etcd URL -start-script PATH -from R -to R [flags]
//	drill kubeadm-upgrade -kubeconfig FILE -load-balancer URL -etcd URL,... -step-command CMD -control-planes NAME=IP,... [flags]
//	drill check -history FILE [-report-only]
//	drill compare NAME=HISTORY NAME=HISTORY...
//
// hack/test-peer-faults.sh, hack/upgrade-drill.sh and
// hack/kubeadm-cluster.sh start the clusters and run it. Exit status: 0 passed (or -report-only), 1 a check failed, 2
// the drill itself could not run.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/checker"
	"github.com/kubecarry/kubecarry/test/drill/history"
	"github.com/kubecarry/kubecarry/test/drill/report"
	"github.com/kubecarry/kubecarry/test/drill/scenario"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: drill peer-faults|upgrade|kubeadm-upgrade|check [flags] (see -help of each)")
		os.Exit(scenario.NotRun)
	}
	name, args := os.Args[1], os.Args[2:]
	fs := flag.NewFlagSet(name, flag.ExitOnError)
	out := scenario.Output{Logf: logf(name)}
	fs.StringVar(&out.Dir, "out", ".", "directory for history.json, report.txt and report.json")
	fs.BoolVar(&out.ReportOnly, "report-only", false, "print the report but exit 0 when a check fails (comparison runs)")
	var build func() (*scenario.Scenario, error)
	switch name {
	case scenario.PeerFaultsName:
		build = peerFaultsFlags(fs)
	case scenario.UpgradeName:
		build = upgradeFlags(fs)
	case scenario.KubeadmUpgradeName:
		build = kubeadmUpgradeFlags(fs)
	case "compare":
		os.Exit(compare(args))
	case "check":
		historyFile := fs.String("history", "", "the saved history.json to check and print again")
		_ = fs.Parse(args)
		os.Exit(check(*historyFile, out.ReportOnly))
	default:
		fmt.Fprintf(os.Stderr, "drill: unknown scenario %q (want %s, %s, %s or check)\n", name, scenario.PeerFaultsName, scenario.UpgradeName, scenario.KubeadmUpgradeName)
		os.Exit(scenario.NotRun)
	}
	_ = fs.Parse(args)
	if fs.NArg() > 0 {
		fatal(name, fmt.Errorf("unexpected arguments %q", fs.Args()))
	}
	s, err := build()
	if err != nil {
		fatal(name, err)
	}
	os.Exit(run(name, s, out))
}

// run runs the scenario until it ends or Ctrl-C or SIGTERM ends it: the
// nemesis then undoes its fault and the report covers what ran.
func run(name string, s *scenario.Scenario, out scenario.Output) int {
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	code, err := scenario.Run(ctx, s, out)
	if err != nil {
		fmt.Fprintf(os.Stderr, "!!! [%s] %s: %v\n", time.Now().UTC().Format("15:04:05"), name, err)
	}
	return code
}

func logf(name string) func(string, ...any) {
	return func(format string, args ...any) {
		fmt.Fprintf(os.Stderr, "+++ [%s] %s: %s\n", time.Now().UTC().Format("15:04:05"), name, fmt.Sprintf(format, args...))
	}
}

func fatal(name string, err error) {
	fmt.Fprintf(os.Stderr, "!!! %s: %v\n", name, err)
	os.Exit(scenario.NotRun)
}

// check checks and prints a saved history with its scenario's checks.
func check(path string, reportOnly bool) int {
	if path == "" {
		fatal("check", fmt.Errorf("-history is required"))
	}
	h, err := history.Load(path)
	if err != nil {
		fatal("check", err)
	}
	checks, err := scenario.Checks(h.Scenario)
	if err != nil {
		fatal("check", fmt.Errorf("%s: %w", path, err))
	}
	res := checker.Run(h, checks)
	report.Print(os.Stdout, h, res)
	return scenario.ExitCode(res, reportOnly)
}

// compare prints saved runs of one scenario side by side (report.Compare),
// each checked with its scenario's checks.
func compare(args []string) int {
	if len(args) < 2 {
		fatal("compare", fmt.Errorf("want at least two NAME=history.json, got %q", args))
	}
	var runs []report.Run
	for _, arg := range args {
		name, path, ok := strings.Cut(arg, "=")
		if !ok || name == "" || path == "" {
			fatal("compare", fmt.Errorf("%q is not NAME=history.json", arg))
		}
		h, err := history.Load(path)
		if err != nil {
			fatal("compare", err)
		}
		checks, err := scenario.Checks(h.Scenario)
		if err != nil {
			fatal("compare", fmt.Errorf("%s: %w", path, err))
		}
		runs = append(runs, report.Run{Name: name, History: h, Result: checker.Run(h, checks)})
	}
	report.Compare(os.Stdout, runs)
	return 0
}

func peerFaultsFlags(fs *flag.FlagSet) func() (*scenario.Scenario, error) {
	var o scenario.PeerFaultsOptions
	var servers string
	fs.StringVar(&o.ClusterDir, "cluster-dir", "", "the local cluster's state directory (LOCAL_CLUSTER_DIR): pki/, pids/, logs/")
	fs.StringVar(&servers, "servers", "", "comma-separated URLs of kube-apiservers 1..N")
	fs.IntVar(&o.Older, "older", 3, "the server without batch/v1 (X); the first two others are Y1 and Y2")
	fs.StringVar(&o.NetClsDir, "netcls-dir", "", "where to mount the net_cls cgroup hierarchy for the partition")
	fs.StringVar(&o.Etcd, "etcd", "", "etcd's client address (IPv4:port) the servers use, for phase f and the final checks")
	fs.StringVar(&o.Title, "title", "", "what is being tested, printed above the table")
	fs.IntVar(&o.Jobs, "jobs", 3, "Jobs to create and GET round-robin")
	fs.IntVar(&o.Widgets, "widgets", 3, "widgets (a CRD created through X) to create and GET round-robin")
	fs.StringVar(&o.Namespace, "namespace", "default", "namespace of the Jobs, widgets and dependents")
	fs.DurationVar(&o.Timeout, "timeout", 10*time.Second, "client timeout of every request")
	fs.DurationVar(&o.Interval, "interval", 100*time.Millisecond, "time between the starts of two GETs")
	fs.DurationVar(&o.DependentEvery, "dependent-every", 5*time.Second, "how often a dependent ConfigMap is created")
	fs.DurationVar(&o.ReadyTimeout, "ready-timeout", 90*time.Second, "how long to wait, before the first phase, for X to answer a Job through its peers and for the garbage collector to delete a control dependent")
	fs.DurationVar(&o.ControlTimeout, "control-timeout", 120*time.Second, "how long the garbage collector gets to delete the control dependent at the end")
	fs.DurationVar(&o.Before, "before", 10*time.Second, "phase before: no fault")
	fs.DurationVar(&o.FreezeOne, "freeze-one", 30*time.Second, "phase a: Y1 frozen")
	fs.DurationVar(&o.Settle, "settle", 10*time.Second, "phase a-resumed: no fault")
	fs.DurationVar(&o.FreezeAll, "freeze-all", 45*time.Second, "phase b: Y1 and Y2 frozen")
	fs.DurationVar(&o.RestartAfter, "restart-after", 5*time.Second, "when in phase b kube-controller-manager is restarted")
	fs.DurationVar(&o.Observe, "observe", 30*time.Second, "phase c: everything resumed")
	fs.DurationVar(&o.Partition, "partition", 30*time.Second, "phase d: X and Y1 partitioned")
	fs.DurationVar(&o.Healed, "healed", 30*time.Second, "phases d-healed, e-healed and f-healed: no fault")
	fs.DurationVar(&o.RestartHeld, "restart-held", 40*time.Second, "phase e: X and Y1 partitioned, Y1 restarted 1 s in")
	fs.DurationVar(&o.EtcdCut, "etcd-cut", 40*time.Second, "phase f: Y2 cut from etcd")
	fs.DurationVar(&o.RecoverWithin, "recover-within", 5*time.Second, "how soon after the end of phases b, d, e and f a 200 must come")
	return func() (*scenario.Scenario, error) {
		o.Servers = splitList(servers)
		return scenario.PeerFaults(o)
	}
}

func upgradeFlags(fs *flag.FlagSet) func() (*scenario.Scenario, error) {
	var o scenario.UpgradeOptions
	var servers string
	fs.StringVar(&o.ClusterDir, "cluster-dir", "", "the local cluster's state directory (LOCAL_CLUSTER_DIR): pki/, pids/, logs/")
	fs.StringVar(&o.LoadBalancer, "load-balancer", "", "URL of the load balancer the workload reaches the API by")
	fs.StringVar(&servers, "servers", "", "comma-separated URLs of kube-apiservers 1..N (apiserver-1..N)")
	fs.StringVar(&o.Etcd, "etcd", "", "etcd client URLs (comma-separated) for the final checks")
	fs.StringVar(&o.StartScript, "start-script", "", "the script that starts a component of a release: SCRIPT start <component> <release>")
	fs.StringVar(&o.From, "from", "", "the release upgraded from (for the start script and the report)")
	fs.StringVar(&o.To, "to", "", "the release upgraded to")
	fs.IntVar(&o.Upgrade, "upgrade", 0, "how many servers to upgrade (0: all, and the controller manager after them)")
	fs.DurationVar(&o.Hold, "hold", 45*time.Second, "how long each step holds once its component is ready")
	fs.StringVar(&o.Faults, "faults", "none", "the middle step's fault: "+strings.Join(scenario.UpgradeFaults, ", "))
	fs.DurationVar(&o.FaultFor, "fault-for", 20*time.Second, "how long a freeze or partition lasts")
	fs.StringVar(&o.NetClsDir, "netcls-dir", "", "where to mount the net_cls cgroup hierarchy for -faults partition")
	fs.DurationVar(&o.StopTimeout, "stop-timeout", 70*time.Second, "how long a component may take to stop after SIGTERM")
	upgradeWorkloadFlags(fs, &o.NamespaceBound, &o.ControlTimeout, &o.CallTimeout, &o.Rate, &o.Jobs, &o.ConfigMaps, &o.NewObjects, &o.Namespace, &o.DoomedNamespace)
	return func() (*scenario.Scenario, error) {
		o.Servers = splitList(servers)
		if o.Upgrade == 0 {
			o.Upgrade = len(o.Servers)
		}
		return scenario.Upgrade(o)
	}
}

func kubeadmUpgradeFlags(fs *flag.FlagSet) func() (*scenario.Scenario, error) {
	var o scenario.KubeadmUpgradeOptions
	var etcd, step, controlPlanes, workers string
	fs.StringVar(&o.Kubeconfig, "kubeconfig", "", "the cluster's admin.conf")
	fs.StringVar(&o.LoadBalancer, "load-balancer", "", "URL of the load balancer the workload reaches the API by")
	fs.StringVar(&etcd, "etcd", "", "etcd client URLs (comma-separated) for the final checks")
	fs.StringVar(&o.EtcdCA, "etcd-ca", "", "etcd's CA")
	fs.StringVar(&o.EtcdCert, "etcd-cert", "", "an etcd client certificate (kube-apiserver's)")
	fs.StringVar(&o.EtcdKey, "etcd-key", "", "its key")
	fs.StringVar(&step, "step-command", "", "the command (space-separated) that carries out a step: CMD apply|node|kubelet <node> <version>")
	fs.StringVar(&controlPlanes, "control-planes", "", "the control planes, NAME=IP=NETNS comma-separated; the first runs kubeadm upgrade apply")
	fs.StringVar(&workers, "workers", "", "the other nodes, NAME=IP=NETNS comma-separated")
	fs.StringVar(&o.From, "from", "", "the release upgraded from (for the report)")
	fs.StringVar(&o.To, "to", "", "the release upgraded to")
	fs.DurationVar(&o.Hold, "hold", 45*time.Second, "how long each step holds once done")
	fs.StringVar(&o.Faults, "faults", "none", "the middle step's fault: "+strings.Join(scenario.KubeadmUpgradeFaults, ", "))
	fs.DurationVar(&o.FaultFor, "fault-for", 20*time.Second, "how long a partition lasts")
	upgradeWorkloadFlags(fs, &o.NamespaceBound, &o.ControlTimeout, &o.CallTimeout, &o.Rate, &o.Jobs, &o.ConfigMaps, &o.NewObjects, &o.Namespace, &o.DoomedNamespace)
	return func() (*scenario.Scenario, error) {
		var err error
		o.Etcd, o.StepCommand = splitList(etcd), strings.Fields(step)
		if o.ControlPlanes, err = parseNodes(controlPlanes); err != nil {
			return nil, fmt.Errorf("-control-planes: %w", err)
		}
		if o.Workers, err = parseNodes(workers); err != nil {
			return nil, fmt.Errorf("-workers: %w", err)
		}
		return scenario.KubeadmUpgrade(o)
	}
}

// upgradeWorkloadFlags are the flags of the upgrade drills' workload and
// of its final checks, the same for the process drill and the kubeadm one.
func upgradeWorkloadFlags(fs *flag.FlagSet, namespaceBound, controlTimeout, callTimeout *time.Duration, rate *float64,
	jobs, configMaps, newObjects *int, namespace, doomedNamespace *string) {
	fs.DurationVar(namespaceBound, "namespace-bound", scenario.DefaultNamespaceBound, "time the namespace deletion may take")
	fs.DurationVar(controlTimeout, "control-timeout", 120*time.Second, "how long the garbage collector gets to delete the control dependent at the end")
	fs.Float64Var(rate, "rate", 4, "calls per second of each request class")
	fs.DurationVar(callTimeout, "call-timeout", 30*time.Second, "time each call may take")
	fs.IntVar(jobs, "jobs", 5, "Jobs, each with a dependent ConfigMap")
	fs.IntVar(configMaps, "configmaps", 5, "plain ConfigMaps")
	fs.IntVar(newObjects, "new-objects", 3, "objects of the new release's resource (found in discovery), each with a dependent ClusterRole")
	fs.StringVar(namespace, "namespace", "upgrade-drill", "namespace of the long-lived objects")
	fs.StringVar(doomedNamespace, "doomed-namespace", "upgrade-drill-doomed", "namespace deleted in the middle step")
}

// parseNodes parses NAME=IP=NETNS,...
func parseNodes(s string) ([]scenario.Node, error) {
	var nodes []scenario.Node
	for _, item := range splitList(s) {
		parts := strings.Split(item, "=")
		if len(parts) != 3 || parts[0] == "" || parts[1] == "" || parts[2] == "" {
			return nil, fmt.Errorf("%q is not NAME=IP=NETNS", item)
		}
		nodes = append(nodes, scenario.Node{Name: parts[0], IP: parts[1], Netns: parts[2]})
	}
	return nodes, nil
}

func splitList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}
