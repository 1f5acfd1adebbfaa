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
	"strings"
	"testing"
	"time"

	coordinationv1 "k8s.io/api/coordination/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/component-base/metrics/testutil"
	controlplaneapiserver "k8s.io/kubernetes/pkg/controlplane/apiserver"
	"k8s.io/utils/ptr"
)

// metricValue sums the samples of counter name on s's /metrics whose
// labels include labels; a counter not exported yet is 0. In-process
// servers share one registry, so tests compare values before and after
// what they cause.
func metricValue(t testing.TB, s *apiserver, name string, labels map[string]string) float64 {
	t.Helper()
	body, err := s.client.CoreV1().RESTClient().Get().AbsPath("/metrics").DoRaw(context.Background())
	if err != nil {
		t.Fatalf("GET /metrics from %s: %v", s.name, err)
	}
	families, err := testutil.TextToMetricFamilies(strings.NewReader(string(body)))
	if err != nil {
		t.Fatalf("parsing /metrics of %s: %v", s.name, err)
	}
	var sum float64
	for _, m := range families[name].GetMetric() {
		if testutil.LabelsMatch(m, labels) {
			sum += m.GetCounter().GetValue()
		}
	}
	return sum
}

// TestPeerDiscoverySyncErrorsCountAPeerWithoutAnAddress: an identity lease
// of a kube-apiserver that never published a peer address (no peer
// endpoint lease) makes the discovery sync fail to resolve it, which
// apiserver_peer_discovery_sync_errors_total{type="hostport_resolution"}
// counts; the server's own discovery is unaffected.
func TestPeerDiscoverySyncErrorsCountAPeerWithoutAnAddress(t *testing.T) {
	cp := newControlPlane(t)
	solo := cp.start("solo", true)
	waitForIdentityLease(t, solo, solo)
	hostport := map[string]string{"type": "hostport_resolution"}
	before := metricValue(t, solo, "apiserver_peer_discovery_sync_errors_total", hostport)

	const ghost = "kube-apiserver-ghost-without-address"
	leases := solo.client.CoordinationV1().Leases(metav1.NamespaceSystem)
	now := metav1.NewMicroTime(time.Now())
	_, err := leases.Create(context.Background(), &coordinationv1.Lease{
		ObjectMeta: metav1.ObjectMeta{
			Name:   ghost,
			Labels: map[string]string{controlplaneapiserver.IdentityLeaseComponentLabelKey: controlplaneapiserver.KubeAPIServer},
		},
		Spec: coordinationv1.LeaseSpec{
			HolderIdentity:       ptr.To(ghost),
			LeaseDurationSeconds: ptr.To[int32](3600),
			AcquireTime:          &now,
			RenewTime:            &now,
		},
	}, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("creating the identity lease %s: %v", ghost, err)
	}
	t.Cleanup(func() { _ = leases.Delete(context.Background(), ghost, metav1.DeleteOptions{}) })

	var last float64
	waitFor(t, "apiserver_peer_discovery_sync_errors_total{type=\"hostport_resolution\"} to count the peer without an address", func() (bool, string) {
		last = metricValue(t, solo, "apiserver_peer_discovery_sync_errors_total", hostport)
		return last > before, fmt.Sprintf("%v, %v before the lease", last, before)
	})
	t.Logf("hostport_resolution errors: %v before the lease, %v after", before, last)
	// The sync went on: the server still lists what it serves itself.
	if d := getAPIs(t, solo, acceptMerged, ""); !d.has("apps", "v1") || !d.has("batch", "v1") {
		t.Errorf("merged /apis of %s after a peer failed to resolve lacks its own apps/v1 or batch/v1: %v", solo.name, d.groups)
	}
}
