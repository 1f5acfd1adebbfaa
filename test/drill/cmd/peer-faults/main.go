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

// peer-faults is the fault drill of the Mixed Version Proxy with real
// processes. Against a running local cluster (hack/lib/local-cluster.sh) of
// kube-apiservers where one, X, runs without batch/v1 and the others, Y1 and
// Y2, serve it, and a kube-controller-manager talking to X, it creates Jobs
// through Y1, then GETs them through X one at a time and creates
// ConfigMaps owned by them through X, while the nemesis goes through the
// phases:
//
//	before            no fault
//	a-freeze-Y1       SIGSTOP Y1, then SIGCONT
//	a-resumed         no fault
//	b-freeze-Y1+Y2    SIGSTOP Y1 and Y2 (503 allowed); kube-controller-manager restarted a few seconds in
//	c-resumed         SIGCONT Y1 and Y2 at its start
//	d-partition-X|Y1  traffic between X and Y1 (only theirs) dropped, then healed
//	d-healed          no fault
//	e-restart-Y1|X    X and Y1 partitioned again and Y1 restarted meanwhile: X
//	                  sees a new process it cannot fetch (a pending peer)
//	e-healed          no fault
//	f-cut-Y2|etcd     Y2's packets to etcd dropped: Y2 answers pings and
//	                  discovery but no request that needs storage
//	f-healed          no fault
//
// Alongside the Jobs it GETs widgets through X: a CRD created through X
// after X started, which X serves itself. They must be 200 throughout,
// also while a peer is pending in phase e.
//
// Before the first phase and after the last it creates a control ConfigMap
// owned by a Job that never existed and waits for the garbage collector to
// delete it (so it was collecting all along); at the end it reads back
// every dependent, saves the history (history.json), runs the checker and
// prints the report. Exit status: 0 passed (or -report-only), 1 a check
// failed, 2 the drill itself could not run. hack/test-peer-faults.sh starts
// the cluster and runs it; -check FILE prints a saved history again.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/checker"
	"github.com/kubecarry/kubecarry/test/drill/history"
	"github.com/kubecarry/kubecarry/test/drill/nemesis"
	"github.com/kubecarry/kubecarry/test/drill/report"
	"github.com/kubecarry/kubecarry/test/drill/workload"
)

type options struct {
	clusterDir string
	servers    string
	older      int
	netClsDir  string
	out        string
	title      string
	reportOnly bool
	check      string

	jobs           int
	namespace      string
	timeout        time.Duration
	interval       time.Duration
	dependentEvery time.Duration
	readyTimeout   time.Duration
	controlTimeout time.Duration

	before        time.Duration
	freezeOne     time.Duration
	settle        time.Duration
	freezeAll     time.Duration
	restartAfter  time.Duration
	observe       time.Duration
	partition     time.Duration
	healed        time.Duration
	restartHeld   time.Duration
	etcdCut       time.Duration
	etcd          string
	widgets       int
	recoverWithin time.Duration
}

func main() {
	var o options
	flag.StringVar(&o.clusterDir, "cluster-dir", "", "the local cluster's state directory (LOCAL_CLUSTER_DIR): pki/, pids/, logs/")
	flag.StringVar(&o.servers, "servers", "", "comma-separated URLs of kube-apiservers 1..N")
	flag.IntVar(&o.older, "older", 3, "the server without batch/v1 (X); the first two others are Y1 and Y2")
	flag.StringVar(&o.netClsDir, "netcls-dir", "", "where to mount the net_cls cgroup hierarchy for the partition")
	flag.StringVar(&o.out, "out", ".", "directory for history.json and report.txt")
	flag.StringVar(&o.title, "title", "", "what is being tested, printed above the table")
	flag.BoolVar(&o.reportOnly, "report-only", false, "print the report but exit 0 when a check fails (comparison runs)")
	flag.StringVar(&o.check, "check", "", "check and print a saved history.json instead of running a drill")
	flag.IntVar(&o.jobs, "jobs", 3, "Jobs to create and GET round-robin")
	flag.StringVar(&o.namespace, "namespace", "default", "namespace of the Jobs and dependents")
	flag.DurationVar(&o.timeout, "timeout", 10*time.Second, "client timeout of every request")
	flag.DurationVar(&o.interval, "interval", 100*time.Millisecond, "time between the starts of two GETs")
	flag.DurationVar(&o.dependentEvery, "dependent-every", 5*time.Second, "how often a dependent ConfigMap is created")
	flag.DurationVar(&o.readyTimeout, "ready-timeout", 90*time.Second, "how long to wait, before the first phase, for X to answer a Job through its peers and for the garbage collector to delete a control dependent")
	flag.DurationVar(&o.controlTimeout, "control-timeout", 120*time.Second, "how long the garbage collector gets to delete the control dependent")
	flag.DurationVar(&o.before, "before", 10*time.Second, "phase before: no fault")
	flag.DurationVar(&o.freezeOne, "freeze-one", 30*time.Second, "phase a: Y1 frozen")
	flag.DurationVar(&o.settle, "settle", 10*time.Second, "phase a-resumed: no fault")
	flag.DurationVar(&o.freezeAll, "freeze-all", 45*time.Second, "phase b: Y1 and Y2 frozen")
	flag.DurationVar(&o.restartAfter, "restart-after", 5*time.Second, "when in phase b kube-controller-manager is restarted")
	flag.DurationVar(&o.observe, "observe", 30*time.Second, "phase c: everything resumed")
	flag.DurationVar(&o.partition, "partition", 30*time.Second, "phase d: X and Y1 partitioned")
	flag.DurationVar(&o.healed, "healed", 30*time.Second, "phases d-healed and e-healed: no fault")
	flag.DurationVar(&o.restartHeld, "restart-held", 40*time.Second, "phase e: X and Y1 partitioned, Y1 restarted 1 s in")
	flag.DurationVar(&o.etcdCut, "etcd-cut", 40*time.Second, "phase f: Y2 cut from etcd")
	flag.StringVar(&o.etcd, "etcd", "", "etcd's client address (IPv4:port) the servers use, for phase f")
	flag.IntVar(&o.widgets, "widgets", 3, "widgets (a CRD created through X) to create and GET round-robin")
	flag.DurationVar(&o.recoverWithin, "recover-within", 5*time.Second, "how soon after the resume (end of b) and the heal (end of d) a 200 must come")
	flag.Parse()

	if o.check != "" {
		h, err := history.Load(o.check)
		if err != nil {
			fatal(err)
		}
		res := checker.Check(h)
		report.Print(os.Stdout, h, res)
		os.Exit(exitCode(res, o.reportOnly))
	}
	code, err := run(o)
	if err != nil {
		fmt.Fprintf(os.Stderr, "!!! [%s] peer-faults: %v\n", time.Now().UTC().Format("15:04:05"), err)
	}
	os.Exit(code)
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "+++ [%s] peer-faults: %s\n", time.Now().UTC().Format("15:04:05"), fmt.Sprintf(format, args...))
}

func fatal(err error) {
	fmt.Fprintf(os.Stderr, "!!! peer-faults: %v\n", err)
	os.Exit(2)
}

func exitCode(res checker.Result, reportOnly bool) int {
	if res.Passed() || reportOnly {
		return 0
	}
	return 1
}

// server is one kube-apiserver of the cluster.
type server struct {
	name string
	url  string
	pid  int
}

func (o options) server(n int, urls []string) (server, error) {
	s := server{name: fmt.Sprintf("apiserver-%d", n), url: urls[n-1]}
	f, err := nemesis.ReadPIDFile(filepath.Join(o.clusterDir, "pids", s.name+".pid"))
	if err != nil {
		return s, err
	}
	s.pid = f.PID
	return s, nil
}

func run(o options) (int, error) {
	if o.clusterDir == "" || o.servers == "" || o.netClsDir == "" || o.etcd == "" {
		return 2, errors.New("-cluster-dir, -servers, -netcls-dir and -etcd are required")
	}
	etcd, err := etcdEndpoint(o.etcd)
	if err != nil {
		return 2, err
	}
	urls := strings.Split(o.servers, ",")
	if len(urls) < 3 || o.older < 1 || o.older > len(urls) {
		return 2, fmt.Errorf("need at least 3 servers and -older among them, got %d servers and -older %d", len(urls), o.older)
	}
	x, err := o.server(o.older, urls)
	if err != nil {
		return 2, err
	}
	var ys []server
	for n := 1; n <= len(urls) && len(ys) < 2; n++ {
		if n == o.older {
			continue
		}
		y, err := o.server(n, urls)
		if err != nil {
			return 2, err
		}
		ys = append(ys, y)
	}
	y1, y2 := ys[0], ys[1]
	pki := filepath.Join(o.clusterDir, "pki")
	client, err := workload.NewClient(filepath.Join(pki, "ca.crt"), filepath.Join(pki, "admin.crt"), filepath.Join(pki, "admin.key"), o.timeout)
	if err != nil {
		return 2, err
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return 2, err
	}

	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()

	title := fmt.Sprintf("Peer proxy fault drill: GET of a Job through X = %s (%s, without batch/v1), Y1 = %s, Y2 = %s, client timeout %s",
		x.name, x.url, y1.name, y2.name, o.timeout)
	if o.title != "" {
		title += "\n" + o.title
	}
	rec := history.NewRecorder(title, nil)
	w := &workload.Workload{
		Client: client, Through: x.url, Direct: y1.url, Namespace: o.namespace,
		Interval: o.interval, DependentEvery: o.dependentEvery, Rec: rec, Logf: logf,
	}
	logf("creating %d Jobs through %s", o.jobs, y1.name)
	if err := w.CreateJobs(ctx, o.jobs); err != nil {
		return 2, err
	}
	logf("creating the widget CRD and %d widgets through %s", o.widgets, x.name)
	if err := w.CreateWidgets(ctx, o.widgets, o.readyTimeout); err != nil {
		return 2, err
	}
	logf("waiting for %s to answer them through its peers", x.name)
	if err := w.WaitThrough(ctx, o.readyTimeout); err != nil {
		// Not fatal: without a working proxy the drill still shows what
		// clients get (a comparison run with the proxy off).
		logf("warning: %v", err)
	}
	// The garbage collector must be collecting before the faults, or the
	// dependents created meanwhile prove nothing.
	logf("waiting (at most %s) for the garbage collector to delete a control dependent", o.readyTimeout)
	if err := w.Control(ctx, "drill-control-setup", "setup", o.readyTimeout); err != nil {
		return 2, err
	}

	jobGets := func(s server) nemesis.Watch {
		return nemesis.Watch{
			Name: fmt.Sprintf("Job GETs served by %s", s.name),
			Read: func(ctx context.Context) (float64, error) { return w.JobGets(ctx, s.url) },
		}
	}
	// A freeze lands while a GET is on its way, so the report can say what
	// that request went through.
	inFlight := func(ctx context.Context) { w.WaitInFlight(ctx, time.Second) }
	cut := jobGets(y1)
	cut.MustNotGrow = true
	partitionXY1 := func() *nemesis.Partition {
		return &nemesis.Partition{
			Dir: o.netClsDir, Table: "kubecarry-drill",
			A:      nemesis.Endpoint{Name: x.name, PID: x.pid, IP: host(x.url)},
			B:      nemesis.Endpoint{Name: y1.name, PID: y1.pid, IP: host(y1.url)},
			ClassA: 0x00100001, ClassB: 0x00100002,
		}
	}
	steps := []nemesis.Step{
		{Phase: "before", Duration: o.before},
		{Phase: "a-freeze-Y1", Duration: o.freezeOne, Align: inFlight,
			Fault: &nemesis.Freeze{Names: []string{y1.name}, PIDs: []int{y1.pid}}},
		{Phase: "a-resumed", Duration: o.settle},
		{Phase: "b-freeze-Y1+Y2", Duration: o.freezeAll, Allow503: true, RecoverWithin: o.recoverWithin, Align: inFlight,
			Fault: &nemesis.Freeze{Names: []string{y1.name, y2.name}, PIDs: []int{y1.pid, y2.pid}},
			Actions: []nemesis.Timed{{After: o.restartAfter, Action: &nemesis.Restart{
				Name:        "kube-controller-manager",
				PIDFile:     filepath.Join(o.clusterDir, "pids", "kube-controller-manager.pid"),
				Log:         filepath.Join(o.clusterDir, "logs", "kube-controller-manager.log"),
				StopTimeout: 20 * time.Second,
			}}}},
		{Phase: "c-resumed", Duration: o.observe},
		{Phase: "d-partition-X|Y1", Duration: o.partition, RecoverWithin: o.recoverWithin,
			Fault:   partitionXY1(),
			Watches: []nemesis.Watch{cut, jobGets(y2)}, WatchSettle: time.Second},
		{Phase: "d-healed", Duration: o.healed},
		// Y1 comes back as a new holder of its identity lease that X
		// cannot fetch: X holds requests for resources no known peer
		// serves at 503, but its own widgets must still be served. X's
		// packets to Y1's address are dropped whichever process listens
		// there.
		{Phase: "e-restart-Y1|X", Duration: o.restartHeld, RecoverWithin: o.recoverWithin,
			Fault: partitionXY1(),
			Actions: []nemesis.Timed{{After: time.Second, Action: &nemesis.Restart{
				Name:         y1.name,
				PIDFile:      filepath.Join(o.clusterDir, "pids", y1.name+".pid"),
				Log:          filepath.Join(o.clusterDir, "logs", y1.name+".log"),
				StopTimeout:  30 * time.Second,
				KeepHostName: true,
			}}}},
		{Phase: "e-healed", Duration: o.healed},
		// Y2 keeps answering pings, TLS handshakes and discovery (from
		// memory), but hangs every request that needs storage.
		{Phase: "f-cut-Y2|etcd", Duration: o.etcdCut, RecoverWithin: o.recoverWithin,
			Fault: &nemesis.Partition{
				Dir: o.netClsDir, Table: "kubecarry-drill",
				A:      nemesis.Endpoint{Name: y2.name, PID: y2.pid, IP: host(y2.url)},
				B:      etcd,
				ClassA: 0x00100003,
			}},
		{Phase: "f-healed", Duration: o.healed},
	}

	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.Run(ctx, stop)
	}()
	runErr := nemesis.Run(ctx, rec, steps, logf)
	close(stop)
	<-done

	if runErr == nil {
		logf("waiting (at most %s) for the garbage collector to delete the control dependent", o.controlTimeout)
		if err := w.Control(ctx, "drill-control-end", "end", o.controlTimeout); err != nil {
			runErr = err
		}
		logf("reading back every dependent")
		w.Final(ctx)
	}

	h := rec.History()
	path := filepath.Join(o.out, "history.json")
	if err := h.Save(path); err != nil {
		return 2, errors.Join(runErr, err)
	}
	res := checker.Check(h)
	var sb strings.Builder
	report.Print(&sb, h, res)
	fmt.Print("\n" + sb.String())
	if err := os.WriteFile(filepath.Join(o.out, "report.txt"), []byte(sb.String()), 0o644); err != nil {
		return 2, errors.Join(runErr, err)
	}
	logf("history in %s, report in %s", path, filepath.Join(o.out, "report.txt"))
	if runErr != nil {
		return 2, runErr
	}
	return exitCode(res, o.reportOnly), nil
}

// etcdEndpoint is the partition endpoint of etcd at hostport: no process
// of its own is moved (only a server's packets to it are dropped).
func etcdEndpoint(hostport string) (nemesis.Endpoint, error) {
	h, p, err := net.SplitHostPort(hostport)
	if err != nil {
		return nemesis.Endpoint{}, fmt.Errorf("-etcd %q: %w", hostport, err)
	}
	port, err := strconv.Atoi(p)
	if err != nil || port <= 0 || port > 65535 {
		return nemesis.Endpoint{}, fmt.Errorf("-etcd %q: bad port %q", hostport, p)
	}
	return nemesis.Endpoint{Name: "etcd", IP: h, Port: port}, nil
}

// host is the host part of a URL such as https://10.203.0.11:6443.
func host(url string) string {
	h := strings.TrimPrefix(url, "https://")
	if i := strings.LastIndexByte(h, ':'); i >= 0 {
		h = h[:i]
	}
	return strings.TrimSuffix(h, "/")
}
