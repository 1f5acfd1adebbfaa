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
	"net"
	"path/filepath"
	"strconv"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/checker"
	"github.com/kubecarry/kubecarry/test/drill/nemesis"
	"github.com/kubecarry/kubecarry/test/drill/workload"
)

// PeerFaultsName names the peer-faults scenario.
const PeerFaultsName = "peer-faults"

// PeerFaultsOptions are the cluster and the timing of the peer-faults
// drill.
type PeerFaultsOptions struct {
	// ClusterDir is the local cluster's state directory (pki/, pids/,
	// logs/).
	ClusterDir string
	// Servers are the URLs of kube-apiservers 1..N; Older is the one
	// without batch/v1 (X), and the first two others are Y1 and Y2.
	Servers []string
	Older   int
	// NetClsDir is where the partition mounts its net_cls hierarchy; Etcd
	// is etcd's client address (IPv4:port).
	NetClsDir string
	Etcd      string
	Title     string

	Jobs, Widgets  int
	Namespace      string
	Timeout        time.Duration
	Interval       time.Duration
	DependentEvery time.Duration
	ReadyTimeout   time.Duration
	ControlTimeout time.Duration

	Before, FreezeOne, Settle, FreezeAll, RestartAfter, Observe time.Duration
	Partition, Healed, RestartHeld, EtcdCut, RecoverWithin      time.Duration
}

// peerFaultsChecks are the guarantees of a server that reaches a resource
// only through its peers, while they are frozen, partitioned, restarted or
// cut from etcd.
var peerFaultsChecks = []checker.Check{
	checker.PhasesHadTraffic,
	checker.NoNotFoundForExisting,
	checker.UnavailableOnlyWhereAllowed,
	checker.UnavailableCarriesRetryAfter,
	checker.AnsweredWithinTimeout,
	checker.RecoversAfterFaults,
	checker.CountersHeld,
	checker.ControlsCollected,
	checker.NoDependentLost,
}

// server is one kube-apiserver of the cluster.
type server struct {
	name, url string
	pid       int
}

// PeerFaults is the fault drill of the Mixed Version Proxy with real
// processes. Against a running local cluster of kube-apiservers where one,
// X, runs without batch/v1 and the others, Y1 and Y2, serve it, and a
// kube-controller-manager talking to X, it creates Jobs through Y1, then
// GETs them through X one at a time (and widgets, a CRD created through X
// after X started, which X serves itself) and creates ConfigMaps owned by
// the Jobs through X, while the nemesis goes through the phases:
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
// Before the first phase and after the last it creates a control dependent
// of a Job that never existed and waits for the garbage collector to
// delete it (so it was collecting all along).
func PeerFaults(o PeerFaultsOptions) (*Scenario, error) {
	if o.ClusterDir == "" || len(o.Servers) == 0 || o.NetClsDir == "" || o.Etcd == "" {
		return nil, fmt.Errorf("-cluster-dir, -servers, -netcls-dir and -etcd are required")
	}
	etcd, err := etcdEndpoint(o.Etcd)
	if err != nil {
		return nil, err
	}
	if len(o.Servers) < 3 || o.Older < 1 || o.Older > len(o.Servers) {
		return nil, fmt.Errorf("need at least 3 servers and -older among them, got %d servers and -older %d", len(o.Servers), o.Older)
	}
	serverN := func(n int) (server, error) {
		s := server{name: fmt.Sprintf("apiserver-%d", n), url: o.Servers[n-1]}
		f, err := nemesis.ReadPIDFile(pidFile(o.ClusterDir, s.name))
		s.pid = f.PID
		return s, err
	}
	x, err := serverN(o.Older)
	if err != nil {
		return nil, err
	}
	var ys []server
	for n := 1; n <= len(o.Servers) && len(ys) < 2; n++ {
		if n == o.Older {
			continue
		}
		y, err := serverN(n)
		if err != nil {
			return nil, err
		}
		ys = append(ys, y)
	}
	y1, y2 := ys[0], ys[1]
	pki := filepath.Join(o.ClusterDir, "pki")
	storage, err := workload.NewStorage([]string{"http://" + o.Etcd}, "/registry", nil)
	if err != nil {
		return nil, err
	}
	title := fmt.Sprintf("Peer proxy fault drill: GET of a Job through X = %s (%s, without batch/v1), Y1 = %s, Y2 = %s, client timeout %s",
		x.name, x.url, y1.name, y2.name, o.Timeout)
	if o.Title != "" {
		title += "\n" + o.Title
	}
	s := &Scenario{
		Name:  PeerFaultsName,
		Title: title,
		Workload: workload.Config{
			REST: clientConfig(x.url, pki), Direct: clientConfig(y1.url, pki), Storage: storage,
			Namespace: o.Namespace, Jobs: o.Jobs, Widgets: o.Widgets,
			ProbeInterval: o.Interval, DependentEvery: o.DependentEvery, CallTimeout: o.Timeout,
		},
		Checks: peerFaultsChecks,
	}
	s.Prepare = func(ctx context.Context, w *workload.Workload) error {
		if err := w.WaitThrough(ctx, o.ReadyTimeout); err != nil {
			// Not fatal: without a working proxy the drill still shows
			// what clients get (a comparison run with the proxy off).
			w.Note(fmt.Sprintf("before the first phase: %v", err))
		}
		// The garbage collector must be collecting before the faults, or
		// the dependents created meanwhile prove nothing.
		return w.Control(ctx, "setup", o.ReadyTimeout)
	}
	s.After = func(ctx context.Context, w *workload.Workload) error {
		return w.Control(ctx, "end", o.ControlTimeout)
	}
	s.Steps = func(w *workload.Workload) []nemesis.Step {
		jobGets := func(y server) nemesis.Watch {
			cfg := clientConfig(y.url, pki)
			return nemesis.Watch{
				Name: fmt.Sprintf("Job GETs served by %s", y.name),
				Read: func(ctx context.Context) (float64, error) { return workload.JobGets(ctx, cfg) },
			}
		}
		// A freeze lands while a GET is on its way, so the report can say
		// what that request went through.
		inFlight := func(ctx context.Context) { w.WaitInFlight(ctx, time.Second) }
		cut := jobGets(y1)
		cut.MustNotGrow = true
		partitionXY1 := func() *nemesis.Partition {
			return &nemesis.Partition{
				Dir: o.NetClsDir, Table: "kubecarry-drill",
				A:      nemesis.Endpoint{Name: x.name, PID: x.pid, IP: host(x.url)},
				B:      nemesis.Endpoint{Name: y1.name, PID: y1.pid, IP: host(y1.url)},
				ClassA: 0x00100001, ClassB: 0x00100002,
			}
		}
		return []nemesis.Step{
			{Phase: "before", Duration: o.Before},
			{Phase: "a-freeze-Y1", Duration: o.FreezeOne, Align: inFlight,
				Fault: &nemesis.Freeze{Names: []string{y1.name}, PIDs: []int{y1.pid}}},
			{Phase: "a-resumed", Duration: o.Settle},
			{Phase: "b-freeze-Y1+Y2", Duration: o.FreezeAll, Allow503: true, RecoverWithin: o.RecoverWithin, Align: inFlight,
				Fault: &nemesis.Freeze{Names: []string{y1.name, y2.name}, PIDs: []int{y1.pid, y2.pid}},
				Actions: []nemesis.Timed{{After: o.RestartAfter, Action: &nemesis.Restart{
					Name:        "kube-controller-manager",
					PIDFile:     pidFile(o.ClusterDir, "kube-controller-manager"),
					Log:         filepath.Join(o.ClusterDir, "logs", "kube-controller-manager.log"),
					StopTimeout: 20 * time.Second,
				}}}},
			{Phase: "c-resumed", Duration: o.Observe},
			{Phase: "d-partition-X|Y1", Duration: o.Partition, RecoverWithin: o.RecoverWithin,
				Fault:   partitionXY1(),
				Watches: []nemesis.Watch{cut, jobGets(y2)}, WatchSettle: time.Second},
			{Phase: "d-healed", Duration: o.Healed},
			// Y1 comes back as a new holder of its identity lease that X
			// cannot fetch: X holds requests for resources no known peer
			// serves at 503, but its own widgets must still be served.
			// X's packets to Y1's address are dropped whichever process
			// listens there.
			{Phase: "e-restart-Y1|X", Duration: o.RestartHeld, RecoverWithin: o.RecoverWithin,
				Fault: partitionXY1(),
				Actions: []nemesis.Timed{{After: time.Second, Action: &nemesis.Restart{
					Name:         y1.name,
					PIDFile:      pidFile(o.ClusterDir, y1.name),
					Log:          filepath.Join(o.ClusterDir, "logs", y1.name+".log"),
					StopTimeout:  30 * time.Second,
					KeepHostName: true,
				}}}},
			{Phase: "e-healed", Duration: o.Healed},
			// Y2 keeps answering pings, TLS handshakes and discovery (from
			// memory), but hangs every request that needs storage.
			{Phase: "f-cut-Y2|etcd", Duration: o.EtcdCut, RecoverWithin: o.RecoverWithin,
				Fault: &nemesis.Partition{
					Dir: o.NetClsDir, Table: "kubecarry-drill",
					A:      nemesis.Endpoint{Name: y2.name, PID: y2.pid, IP: host(y2.url)},
					B:      etcd,
					ClassA: 0x00100003,
				}},
			{Phase: "f-healed", Duration: o.Healed},
		}
	}
	return s, nil
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
