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
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
)

// TestFailoverWhenAPeerStopsWithoutCleanup: the peer "crashed" is reached
// through a recorder that is then closed, so from the older server's side
// it vanished while its identity and endpoint leases stay valid. Requests
// the older server proxies must keep succeeding through the other capable
// peer. What only the crashed peer served stays in merged discovery and is
// answered 503 with Retry-After, never 404, while its identity lease is
// valid (it may be hung or cut off, not gone), and leaves once that lease
// is deleted.
func TestFailoverWhenAPeerStopsWithoutCleanup(t *testing.T) {
	cp := newControlPlane(t)
	recorder := newPeerRecorder(t, cp.pki)
	// Only "crashed" serves autoscaling/v2, so its departure shows in /apis.
	crashed := cp.start("crashed", true, recorder.advertiseFlags()...)
	recorder.forwardTo(crashed.hostPort(t))
	healthy := cp.start("healthy", true, "--runtime-config=autoscaling/v2=false")
	older := cp.start("older", true, "--runtime-config=batch/v1=false,autoscaling/v2=false")

	const ns = "failover"
	createNamespace(t, healthy, ns)
	job, err := healthy.client.BatchV1().Jobs(ns).Create(context.Background(), newJob("survivor"), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	waitForJobsThrough(t, older, ns)
	waitForDiscovery(t, older, "autoscaling/v2 of the crashed peer is listed", time.Minute, func(d discoveryResponse) bool {
		return d.has("autoscaling", "v2")
	})

	fetchErrorsBefore := fetchErrors(t, older)
	recorder.kill()

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const requests = 40
	for i := 0; i < requests; i++ {
		if i%2 == 0 {
			_, err = older.client.BatchV1().Jobs(ns).List(ctx, metav1.ListOptions{})
		} else {
			_, err = older.client.BatchV1().Jobs(ns).Get(ctx, job.Name, metav1.GetOptions{})
		}
		if err != nil {
			t.Fatalf("request %d of %d through %s failed after a capable peer crashed: %v", i+1, requests, older.name, err)
		}
	}

	// A refresh after the crash fails to fetch the crashed peer; its last
	// view stays.
	waitFor(t, "a peer discovery fetch to fail at "+older.name, func() (bool, string) {
		n := fetchErrors(t, older)
		return n > fetchErrorsBefore, fmt.Sprintf("%v fetch errors, %v before the crash", n, fetchErrorsBefore)
	})
	if d := getAPIs(t, older, acceptMerged, ""); !d.has("autoscaling", "v2") || !d.has("batch", "v1") {
		t.Errorf("merged /apis of %s after a failed fetch of the crashed peer lacks its autoscaling/v2 or batch/v1", older.name)
	}
	hpas := "/apis/autoscaling/v2/namespaces/" + ns + "/horizontalpodautoscalers"
	resp := rawGet(t, older, hpas)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Errorf("HPAs, served only by the unreachable peer, through %s: %d Retry-After %q, want 503 with Retry-After", older.name, resp.StatusCode, resp.Header.Get("Retry-After"))
	}

	// Its identity lease deleted, the peer is gone for good.
	if err := healthy.client.CoordinationV1().Leases(metav1.NamespaceSystem).Delete(ctx, waitForIdentityLease(t, healthy, crashed).Name, metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	waitForDiscovery(t, older, "the crashed peer's autoscaling/v2 left", 2*time.Minute, func(d discoveryResponse) bool {
		return !d.has("autoscaling", "v2") && d.has("batch", "v1")
	})
}

// fetchErrors is how many peer discovery fetches failed at s so far.
func fetchErrors(t *testing.T, s *apiserver) float64 {
	t.Helper()
	const series = `apiserver_peer_discovery_sync_errors_total{type="fetch_discovery"} `
	for _, line := range strings.Split(getMetrics(t, s), "\n") {
		if value, ok := strings.CutPrefix(line, series); ok {
			n, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
			if err != nil {
				t.Fatalf("%s: %q: %v", s.name, line, err)
			}
			return n
		}
	}
	return 0
}

// rawGet sends GET path to s as its admin, without client-side retries, so
// the caller sees the status and headers the server answered.
func rawGet(t *testing.T, s *apiserver, path string) *http.Response {
	t.Helper()
	client, err := rest.HTTPClientFor(s.admin)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := client.Get(s.admin.Host + path)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	return resp
}
