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

// Command upgrade-drill is the Go side of hack/upgrade-drill.sh.
//
//	upgrade-drill workload -kubeconfig K -etcd URL -history FILE -ready-file FILE [flags]
//
// creates the drill's objects through the load balancer, touches
// -ready-file, then sends traffic until SIGTERM (or -max-duration: it always
// stops by itself). SIGUSR1 says the first server of the new release is
// ready (the workload starts using the resource only that release serves),
// SIGUSR2 asks for the namespace deletion. At the end it compares the
// watchers with a LIST, checks the dependents and the deleted namespace in
// etcd, and writes the history.
//
//	upgrade-drill report -history FILE -timeline FILE -json FILE [-check]
//
// prints the table per step and request class and the verdicts, writes
// them as JSON, and with -check exits 1 when a verdict fails.
//
//	upgrade-drill partition -a NAME=PID=IP -b NAME=PID=IP -for 20s -netcls-dir DIR
//
// drops the traffic between two processes (test/drill/nemesis.Partition)
// for the given time, or until SIGTERM, and heals it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/netip"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"k8s.io/client-go/tools/clientcmd"

	"github.com/kubecarry/kubecarry/test/drill/nemesis"
	"github.com/kubecarry/kubecarry/test/upgrade/history"
	"github.com/kubecarry/kubecarry/test/upgrade/report"
	"github.com/kubecarry/kubecarry/test/upgrade/workload"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: upgrade-drill workload|report|partition [flags] (see -help of each)")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "workload":
		err = runWorkload(os.Args[2:])
	case "report":
		err = runReport(os.Args[2:])
	case "partition":
		err = runPartition(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q (want workload, report or partition)", os.Args[1])
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "upgrade-drill %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "%s workload: %s\n", time.Now().Format("15:04:05.000"), fmt.Sprintf(format, args...))
}

func runWorkload(args []string) error {
	fs := flag.NewFlagSet("workload", flag.ExitOnError)
	kubeconfig := fs.String("kubeconfig", "", "kubeconfig whose server is the load balancer")
	etcd := fs.String("etcd", "", "etcd client URLs (comma-separated) for the final checks")
	etcdPrefix := fs.String("etcd-prefix", "/registry", "kube-apiserver's --etcd-prefix")
	historyFile := fs.String("history", "", "where to write the history (JSON)")
	readyFile := fs.String("ready-file", "", "touched once the objects exist and the traffic starts")
	cfg := workload.Config{}
	fs.StringVar(&cfg.Namespace, "namespace", "upgrade-drill", "namespace of the long-lived objects")
	fs.StringVar(&cfg.DoomedNamespace, "doomed-namespace", "upgrade-drill-doomed", "namespace deleted on SIGUSR2")
	fs.IntVar(&cfg.Jobs, "jobs", 5, "Jobs, each with a dependent ConfigMap")
	fs.IntVar(&cfg.ConfigMaps, "configmaps", 5, "plain ConfigMaps")
	fs.IntVar(&cfg.Policies, "policies", 3, "MutatingAdmissionPolicies, each with a dependent ClusterRole")
	fs.Float64Var(&cfg.Rate, "rate", 4, "calls per second of each request class")
	fs.DurationVar(&cfg.CallTimeout, "call-timeout", 30*time.Second, "time each call may take")
	fs.DurationVar(&cfg.NamespaceTimeout, "namespace-timeout", 3*time.Minute, "time the namespace deletion may take before the workload gives up waiting")
	maxDuration := fs.Duration("max-duration", 30*time.Minute, "the workload stops by itself after this long")
	_ = fs.Parse(args)
	if *kubeconfig == "" || *etcd == "" || *historyFile == "" || *readyFile == "" {
		return fmt.Errorf("-kubeconfig, -etcd, -history and -ready-file are required")
	}
	if cfg.Jobs < 1 || cfg.ConfigMaps < 1 || cfg.Policies < 1 || cfg.Rate <= 0 {
		return fmt.Errorf("-jobs, -configmaps, -policies and -rate must be positive")
	}
	rest, err := clientcmd.BuildConfigFromFlags("", *kubeconfig)
	if err != nil {
		return fmt.Errorf("reading -kubeconfig: %w", err)
	}
	cfg.REST, cfg.Logf = rest, logf
	storage, err := workload.NewStorage(strings.Split(*etcd, ","), *etcdPrefix)
	if err != nil {
		return err
	}
	defer func() { _ = storage.Close() }()
	cfg.Storage = storage

	// Signals first: the script may send them as soon as the ready file
	// exists.
	newRelease, deleteNamespace := make(chan struct{}), make(chan struct{})
	signals := make(chan os.Signal, 4)
	signal.Notify(signals, syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGTERM, syscall.SIGINT)
	start := time.Now()
	runCtx, stop := context.WithTimeout(context.Background(), *maxDuration)
	defer stop()
	go func() {
		closed := map[os.Signal]bool{}
		for s := range signals {
			switch {
			case closed[s]:
			case s == syscall.SIGUSR1:
				close(newRelease)
			case s == syscall.SIGUSR2:
				close(deleteNamespace)
			default:
				stop()
			}
			closed[s] = true
		}
	}()

	w := workload.New(cfg)
	setupCtx, cancelSetup := context.WithTimeout(runCtx, 3*time.Minute)
	defer cancelSetup()
	if err := w.Setup(setupCtx); err != nil {
		return err
	}
	watchCtx, stopWatchers := context.WithCancel(context.Background())
	defer stopWatchers()
	if err := w.Run(runCtx, watchCtx, newRelease, deleteNamespace); err != nil {
		return err
	}
	if err := os.WriteFile(*readyFile, nil, 0o644); err != nil {
		return err
	}
	logf("objects created; traffic running until SIGTERM or %s", *maxDuration)
	<-runCtx.Done()
	logf("stopping; comparing the watchers with a LIST and reading etcd")
	finishCtx, cancelFinish := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancelFinish()
	h := w.Finish(finishCtx, start, stopWatchers)
	return h.Save(*historyFile)
}

func runReport(args []string) error {
	fs := flag.NewFlagSet("report", flag.ExitOnError)
	historyFile := fs.String("history", "", "the workload's history")
	timelineFile := fs.String("timeline", "", "the script's timeline")
	jsonFile := fs.String("json", "", "where to write the report as JSON")
	title := fs.String("title", "upgrade drill", "the report's first line")
	check := fs.Bool("check", false, "exit 1 when a verdict fails")
	nsBound := fs.Duration("namespace-bound", time.Minute, "time the namespace deletion may take")
	_ = fs.Parse(args)
	if *historyFile == "" || *timelineFile == "" || *jsonFile == "" {
		return fmt.Errorf("-history, -timeline and -json are required")
	}
	h, err := history.Load(*historyFile)
	if err != nil {
		return err
	}
	f, err := os.Open(*timelineFile)
	if err != nil {
		return err
	}
	defer func() { _ = f.Close() }()
	tl, err := report.ParseTimeline(f)
	if err != nil {
		return fmt.Errorf("%s: %w", *timelineFile, err)
	}
	stats := report.Summarize(h, tl)
	doc := &report.Document{
		Title: *title, Timeline: tl, Stats: stats, Watches: h.Watches, Dependents: h.Dependents,
		Namespace: h.Namespace, Notes: h.Notes,
		Verdicts: report.Check(h, tl, stats, report.Bounds{NamespaceDeletion: *nsBound}),
	}
	report.Print(os.Stdout, doc)
	if err := doc.Save(*jsonFile); err != nil {
		return err
	}
	if *check && !report.Passed(doc.Verdicts) {
		return fmt.Errorf("a check failed (see FAIL above)")
	}
	return nil
}

func runPartition(args []string) error {
	fs := flag.NewFlagSet("partition", flag.ExitOnError)
	a := fs.String("a", "", "one side: NAME=PID=IP")
	b := fs.String("b", "", "the other side: NAME=PID=IP")
	duration := fs.Duration("for", 20*time.Second, "how long the partition lasts")
	dir := fs.String("netcls-dir", "", "where to mount the net_cls hierarchy")
	table := fs.String("table", "kubecarry-upgrade-drill", "the nftables table (family inet)")
	_ = fs.Parse(args)
	ea, err := endpoint(*a)
	if err != nil {
		return fmt.Errorf("-a: %w", err)
	}
	eb, err := endpoint(*b)
	if err != nil {
		return fmt.Errorf("-b: %w", err)
	}
	if *dir == "" {
		return fmt.Errorf("-netcls-dir is required")
	}
	p := &nemesis.Partition{Dir: *dir, Table: *table, A: ea, B: eb, ClassA: 0x00100001, ClassB: 0x00100002}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	if err := p.Inject(); err != nil {
		return errors.Join(fmt.Errorf("injecting %s: %w", p.Describe(), err), p.Undo())
	}
	logf("%s for %s", p.Describe(), *duration)
	select {
	case <-ctx.Done():
	case <-time.After(*duration):
	}
	if err := p.Undo(); err != nil {
		return fmt.Errorf("healing %s: %w", p.Describe(), err)
	}
	logf("healed")
	return nil
}

// endpoint parses NAME=PID=IP.
func endpoint(s string) (nemesis.Endpoint, error) {
	parts := strings.Split(s, "=")
	if len(parts) != 3 {
		return nemesis.Endpoint{}, fmt.Errorf("want NAME=PID=IP, got %q", s)
	}
	pid, err := strconv.Atoi(parts[1])
	if err != nil || pid <= 0 {
		return nemesis.Endpoint{}, fmt.Errorf("PID %q is not a process ID", parts[1])
	}
	if _, err := netip.ParseAddr(parts[2]); err != nil {
		return nemesis.Endpoint{}, fmt.Errorf("IP %q: %w", parts[2], err)
	}
	return nemesis.Endpoint{Name: parts[0], PID: pid, IP: parts[2]}, nil
}
