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
	"net/http"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestKubecarryGateOff starts a mixed-version pair of real kube-apiservers
// with --feature-gates=<gate>=false for each kubecarry gate of the
// kube-apiserver (patch 0017). Each server must report the gate off in
// kubernetes_feature_enabled, and the Mixed Version Proxy must still serve
// what only the peer serves: the gates switch off kubecarry's additions,
// never the proxy. What each gate's off position changes in detail is
// tested by the unit tests of the patch; the failover gate's is visible here
// too: the only capable peer gone, the older server answers upstream's 503,
// without Retry-After.
func TestKubecarryGateOff(t *testing.T) {
	for _, gate := range []string{
		"KubecarryPeerProxyFailover",
		"KubecarryPeerEndpointCache",
		"KubecarryPeerDiscoveryRefresh",
		"KubecarryClientCertificateVerificationCache",
	} {
		t.Run(gate, func(t *testing.T) {
			cp := newControlPlane(t)
			gateOff := "--feature-gates=" + gate + "=false"
			recorder := newPeerRecorder(t, cp.pki)
			newer := cp.start("newer", true, append(recorder.advertiseFlags(), gateOff)...)
			recorder.forwardTo(newer.hostPort(t))
			older := cp.start("older", true, gateOff, olderServerRuntimeConfig)

			for _, s := range []*apiserver{newer, older} {
				want := `kubernetes_feature_enabled{name="` + gate + `",stage="BETA"} 0`
				if metrics := getMetrics(t, s); !strings.Contains(metrics, want) {
					t.Errorf("%s does not report %s", s.name, want)
				}
			}

			ns := "gate-off-" + strings.ToLower(gate)
			createNamespace(t, newer, ns)
			job, err := newer.client.BatchV1().Jobs(ns).Create(context.Background(), newJob("j"), metav1.CreateOptions{})
			if err != nil {
				t.Fatal(err)
			}
			waitForJobsThrough(t, older, ns)
			got, err := older.client.BatchV1().Jobs(ns).Get(context.Background(), job.Name, metav1.GetOptions{})
			if err != nil || got.UID != job.UID {
				t.Fatalf("the Job through %s with %s: %v, %v; want the Job the newer server created", older.name, gateOff, got, err)
			}
			if len(recorder.requestsFor("/apis/batch/v1/namespaces/"+ns+"/jobs/"+job.Name)) == 0 {
				t.Errorf("the Job was read through %s but the newer server saw no proxied request", older.name)
			}

			if gate != "KubecarryPeerProxyFailover" {
				return
			}
			recorder.kill()
			// Upstream answers the unreachable peer's failure, 503 without
			// Retry-After, until a peer discovery refresh fails to fetch the
			// peer and drops it; from then on 404. kubecarry's fault
			// handling would answer 503 with Retry-After throughout.
			resp := rawGet(t, older, "/apis/batch/v1/namespaces/"+ns+"/jobs/"+job.Name)
			ra := resp.Header.Get("Retry-After")
			upstream := (resp.StatusCode == http.StatusServiceUnavailable && ra == "") || resp.StatusCode == http.StatusNotFound
			if !upstream {
				t.Errorf("the Job through %s with its only capable peer gone and %s: %d, Retry-After %q; want upstream's 503 without Retry-After (or 404 once the peer is dropped)", older.name, gateOff, resp.StatusCode, ra)
			}
		})
	}
}
