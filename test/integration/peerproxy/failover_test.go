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
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestFailoverWhenAPeerStopsWithoutCleanup: the peer "crashed" is reached
// through a recorder that is then closed, so from the older server's side
// it vanished while its identity and endpoint leases stay valid. Requests
// the older server proxies must keep succeeding through the other capable
// peer, and what only the crashed peer served must leave merged discovery.
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

	// The periodic refresh cannot reach the crashed peer and drops it.
	waitForDiscovery(t, older, "the crashed peer's autoscaling/v2 left", 2*time.Minute, func(d discoveryResponse) bool {
		return !d.has("autoscaling", "v2") && d.has("batch", "v1")
	})
}
