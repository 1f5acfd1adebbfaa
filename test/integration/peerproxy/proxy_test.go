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

package peerproxy

import (
	"context"
	"strings"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/watch"
	kastesting "k8s.io/kubernetes/cmd/kube-apiserver/app/testing"
	"k8s.io/kubernetes/test/integration/framework"
)

// TestOlderServerProxiesToCapablePeer is the upgrade case the Mixed Version
// Proxy exists for: with the gate at its default, a server that does not
// serve batch/v1 answers list, get, create and watch of Jobs with its
// peer's data instead of 404, and the peer receives the request marked
// x-kubernetes-peer-proxied with the client's identity forwarded.
func TestOlderServerProxiesToCapablePeer(t *testing.T) {
	cp := newControlPlane(t)
	recorder := newPeerRecorder(t, cp.pki)
	newer := cp.start("newer", true, recorder.advertiseFlags()...)
	recorder.forwardTo(newer.hostPort(t))
	older := cp.start("older", true, olderServerRuntimeConfig)

	const ns = "upgrade"
	createNamespace(t, newer, ns)
	created, err := newer.client.BatchV1().Jobs(ns).Create(context.Background(), newJob("made-on-newer"), metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("creating a Job on %s: %v", describe(newer), err)
	}
	waitForJobsThrough(t, older, ns)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	list, err := older.client.BatchV1().Jobs(ns).List(ctx, metav1.ListOptions{})
	if err != nil {
		t.Fatalf("list through %s: %v", older.name, err)
	}
	if len(list.Items) != 1 || list.Items[0].UID != created.UID {
		t.Fatalf("list through %s = %v, want exactly the Job made on %s", older.name, list.Items, newer.name)
	}
	got, err := older.client.BatchV1().Jobs(ns).Get(ctx, created.Name, metav1.GetOptions{})
	if err != nil || got.UID != created.UID {
		t.Fatalf("get through %s = %v, %v; want the Job with UID %s", older.name, got, err, created.UID)
	}

	w, err := older.client.BatchV1().Jobs(ns).Watch(ctx, metav1.ListOptions{ResourceVersion: list.ResourceVersion})
	if err != nil {
		t.Fatalf("watch through %s: %v", older.name, err)
	}
	defer w.Stop()
	viaOlder, err := older.client.BatchV1().Jobs(ns).Create(ctx, newJob("made-through-older"), metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("create through %s: %v", older.name, err)
	}
	if _, err := newer.client.BatchV1().Jobs(ns).Get(ctx, viaOlder.Name, metav1.GetOptions{}); err != nil {
		t.Fatalf("the Job created through %s is not on %s: %v", older.name, newer.name, err)
	}
	select {
	case ev := <-w.ResultChan():
		if ev.Type != watch.Added {
			t.Fatalf("watch through %s: first event %s, want ADDED", older.name, ev.Type)
		}
		if job, ok := ev.Object.(interface{ GetName() string }); !ok || job.GetName() != viaOlder.Name {
			t.Fatalf("watch through %s: event for %v, want %s", older.name, ev.Object, viaOlder.Name)
		}
	case <-ctx.Done():
		t.Fatalf("watch through %s delivered no event", older.name)
	}

	seen := recorder.requestsFor("/apis/batch/v1/namespaces/" + ns + "/jobs")
	if len(seen) == 0 {
		t.Fatalf("%s received no proxied Job request", newer.name)
	}
	for _, req := range seen {
		if got := req.Header.Get("X-Kubernetes-Peer-Proxied"); got != "true" {
			t.Errorf("%s %s reached %s with x-kubernetes-peer-proxied=%q, want \"true\"", req.Method, req.Path, newer.name, got)
		}
		// The loopback client of the test server is system:apiserver.
		if got := req.Header.Get("X-Remote-User"); got != "system:apiserver" {
			t.Errorf("%s %s reached %s as X-Remote-User=%q, want the client's own identity", req.Method, req.Path, newer.name, got)
		}
	}

	if d := getAPIs(t, older, acceptMerged, ""); !d.has("batch", "v1") {
		t.Errorf("merged /apis of %s lacks batch/v1 served by %s: %v", older.name, newer.name, d.groups)
	}
	// batch/v1, which it does not serve, is not in its own view.
	expectNotListed(t, older, getAPIs(t, older, acceptNoPeer, ""), "profile=nopeer", "batch", "v1")

	// apiserver_rerouted_request_total counts each request the test has
	// proxied, by code and group-version-resource. (In-process servers
	// share one registry, hence the difference, not the value.)
	jobsOK := map[string]string{"code": "200", "group": "batch", "version": "v1", "resource": "jobs"}
	before := metricValue(t, older, "apiserver_rerouted_request_total", jobsOK)
	const gets = 5
	for i := 0; i < gets; i++ {
		if _, err := older.client.BatchV1().Jobs(ns).Get(ctx, created.Name, metav1.GetOptions{}); err != nil {
			t.Fatalf("get %d through %s: %v", i+1, older.name, err)
		}
	}
	if after := metricValue(t, older, "apiserver_rerouted_request_total", jobsOK); after-before != gets {
		t.Errorf("apiserver_rerouted_request_total%v went from %v to %v over %d proxied GETs, want +%d", jobsOK, before, after, gets, gets)
	}

	// The metrics of v1.36, exported because the feature is on. (In-process
	// servers share one registry, so this is the control plane's view.)
	metrics := getMetrics(t, older)
	for _, want := range []string{
		`apiserver_rerouted_request_total{code="200",group="batch",resource="jobs",version="v1"}`,
		`apiserver_rerouted_request_total{code="201",group="batch",resource="jobs",version="v1"}`,
		"# TYPE aggregator_discovery_peer_aggregated_cache_hits_total counter",
		"# TYPE aggregator_discovery_nopeer_requests_total counter",
	} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics of %s lacks %s", older.name, want)
		}
	}
}

func getMetrics(t *testing.T, s *apiserver) string {
	t.Helper()
	body, err := s.client.CoreV1().RESTClient().Get().AbsPath("/metrics").DoRaw(context.Background())
	if err != nil {
		t.Fatalf("GET /metrics from %s: %v", s.name, err)
	}
	return string(body)
}

// TestWithoutPeerCAFileServesLocally: without --peer-ca-file the server has
// no way to verify peers, so it neither proxies nor merges discovery; it
// still publishes its own peer address for the servers that can.
func TestWithoutPeerCAFileServesLocally(t *testing.T) {
	cp := newControlPlane(t)
	newer := cp.start("newer", true)
	older := cp.start("older", false, olderServerRuntimeConfig)

	const ns = "no-peer-ca"
	createNamespace(t, newer, ns)
	if _, err := newer.client.BatchV1().Jobs(ns).Create(context.Background(), newJob("j"), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	// The gate is on by default: the older server publishes its peer
	// address and its peer endpoint lease even without --peer-ca-file.
	lease := waitForIdentityLease(t, newer, older)
	if lease.Annotations["kubernetes.io/peer-advertise-address"] == "" {
		t.Errorf("identity lease of %s has no peer address with the gate at its default", older.name)
	}
	waitForPeerEndpointLease(t, older)

	_, err := older.client.BatchV1().Jobs(ns).List(context.Background(), metav1.ListOptions{})
	if !apierrors.IsNotFound(err) {
		t.Fatalf("list of Jobs through %s without --peer-ca-file: %v, want 404", older.name, err)
	}
	// Without --peer-ca-file no peer's batch/v1 is merged in.
	expectNotListed(t, older, getAPIs(t, older, acceptMerged, ""), "without --peer-ca-file, merged", "batch", "v1")
}

// TestGateOffRestoresUpstreamBehaviour: with
// --feature-gates=UnknownVersionInteroperabilityProxy=false a server writes
// no peer lease, proxies nothing and serves its local discovery.
func TestGateOffRestoresUpstreamBehaviour(t *testing.T) {
	cp := newControlPlane(t)
	gateOff := "--feature-gates=UnknownVersionInteroperabilityProxy=false"
	newer := cp.start("newer", false, gateOff)
	older := cp.start("older", false, gateOff, olderServerRuntimeConfig)

	const ns = "gate-off"
	createNamespace(t, newer, ns)
	if _, err := newer.client.BatchV1().Jobs(ns).Create(context.Background(), newJob("j"), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*apiserver{newer, older} {
		lease := waitForIdentityLease(t, newer, s)
		if addr, ok := lease.Annotations["kubernetes.io/peer-advertise-address"]; ok {
			t.Errorf("identity lease of %s advertises a peer address %q with the gate off", s.name, addr)
		}
		if keys := peerEndpointLeaseKeys(t, s); len(keys) != 0 {
			t.Errorf("peer endpoint leases exist with the gate off: %v", keys)
		}
	}
	_, err := older.client.BatchV1().Jobs(ns).List(context.Background(), metav1.ListOptions{})
	if !apierrors.IsNotFound(err) {
		t.Fatalf("list of Jobs through %s with the gate off: %v, want 404", older.name, err)
	}
	// With the gate off no peer's batch/v1 is merged in.
	expectNotListed(t, older, getAPIs(t, older, acceptMerged, ""), "with the gate off, merged", "batch", "v1")
}

// TestProxyNeedsAPIServerIdentity: the proxy finds peers through identity
// leases, so switching those off alone is refused with the dependency.
func TestProxyNeedsAPIServerIdentity(t *testing.T) {
	cp := newControlPlane(t)
	flags := append(framework.DefaultTestServerFlags(), "--feature-gates=APIServerIdentity=false")
	hostnameMu.Lock()
	_, err := kastesting.StartTestServer(t, &kastesting.TestServerInstanceOptions{}, flags, cp.etcd)
	hostnameMu.Unlock()
	want := "UnknownVersionInteroperabilityProxy is enabled, but depends on features that are disabled: [APIServerIdentity]"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("starting with APIServerIdentity=false: %v, want %q", err, want)
	}
}
