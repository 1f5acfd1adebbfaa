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

package cloudcontrollermanager

import (
	"context"
	"fmt"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
)

const (
	watchGate = "CloudControllerManagerWatchBasedRoutesReconciliation"
	// syncPeriod is the --route-reconciliation-period of these tests.
	syncPeriod = time.Second
	// idleWindow is how long a counter must stay put to count as flat: five
	// periods, in which periodic reconciliation would have synced five times.
	idleWindow = 5 * syncPeriod
)

var syncPeriodFlag = fmt.Sprintf("--route-reconciliation-period=%v", syncPeriod)

// With the gate off the controller syncs every period, Node changes or not,
// and each sync lists the cloud's routes once.
func TestRouteSyncsArePeriodicWithGateOff(t *testing.T) {
	client, kubeconfig := startAPIServer(t)
	createNode(t, client, "node-a", "10.244.1.0/24")
	ccm := startServingCCM(t, kubeconfig, writeCloudConfig(t, ""), syncPeriodFlag, "--feature-gates="+watchGate+"=false")
	waitForNode(t, client, "node-a", "route created", routeCreated)

	start := ccm.routeSyncs(t)
	eventually(t, 30*time.Second, "three more syncs of an idle cluster", func() (bool, string) {
		n := ccm.routeSyncs(t)
		return n >= start+3, fmt.Sprintf("%v syncs, from %v", n, start)
	})
	assertOneListPerSync(t, ccm)
}

// With the gate on the controller syncs once for the Nodes it starts with,
// then only when a Node is added or deleted or its Pod CIDRs or addresses
// change; a label change or an idle cluster costs no cloud calls.
func TestRouteSyncsFollowNodeChangesWithGateOn(t *testing.T) {
	client, kubeconfig := startAPIServer(t)
	createNode(t, client, "node-a", "10.244.1.0/24")
	ccm := startServingCCM(t, kubeconfig, writeCloudConfig(t, ""), syncPeriodFlag, "--feature-gates="+watchGate+"=true")
	waitForNode(t, client, "node-a", "route created", routeCreated)
	eventually(t, 30*time.Second, "the initial sync", func() (bool, string) {
		n := ccm.routeSyncs(t)
		return n >= 1, fmt.Sprintf("%v syncs", n)
	})

	// Idle, and then a label change: no sync.
	syncs := ccm.routeSyncs(t)
	patch := []byte(`{"metadata":{"labels":{"kubecarry.io/test":"relabelled"}}}`)
	if _, err := client.CoreV1().Nodes().Patch(context.Background(), "node-a", types.MergePatchType, patch, metav1.PatchOptions{}); err != nil {
		t.Fatal(err)
	}
	assertFlat(t, ccm, syncs)

	createNode(t, client, "node-b", "10.244.2.0/24")
	waitForNode(t, client, "node-b", "route created", routeCreated)
	syncs = waitForMoreSyncs(t, ccm, syncs, "adding node-b")
	assertFlat(t, ccm, syncs)

	node, err := client.CoreV1().Nodes().Get(context.Background(), "node-b", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	node.Status.Addresses = append(node.Status.Addresses, v1NodeAddress("ExternalIP", "203.0.113.12"))
	if _, err := client.CoreV1().Nodes().UpdateStatus(context.Background(), node, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	syncs = waitForMoreSyncs(t, ccm, syncs, "changing node-b's addresses")

	deleteNode(t, client, "node-b")
	waitForMoreSyncs(t, ccm, syncs, "deleting node-b")
	assertOneListPerSync(t, ccm)
}

// assertFlat fails if the sync counter leaves from during idleWindow.
func assertFlat(t *testing.T, ccm *servingCCM, from float64) {
	t.Helper()
	var moved float64
	err := wait.PollUntilContextTimeout(context.Background(), 250*time.Millisecond, idleWindow, true, func(ctx context.Context) (bool, error) {
		moved = ccm.routeSyncs(t)
		return moved != from, nil
	})
	if err == nil {
		t.Fatalf("%s moved from %v to %v while no Node changed", routeSyncMetric, from, moved)
	}
}

// waitForMoreSyncs waits for the sync counter to pass from after change.
// Watch-triggered syncs are rate limited to one per 10 s.
func waitForMoreSyncs(t *testing.T, ccm *servingCCM, from float64, change string) float64 {
	t.Helper()
	var n float64
	eventually(t, 45*time.Second, "a sync after "+change, func() (bool, string) {
		n = ccm.routeSyncs(t)
		return n > from, fmt.Sprintf("%v syncs, from %v", n, from)
	})
	return n
}

// Every sync lists the cloud's routes once: the saving shows in cloud calls.
func assertOneListPerSync(t *testing.T, ccm *servingCCM) {
	t.Helper()
	families := ccm.metrics(t)
	syncs := counter(families, routeSyncMetric, nil)
	lists := counter(families, apiRequestsMetric, map[string]string{"operation": "list_routes"})
	// The counter is bumped before the list call, so a scrape can fall
	// between the two.
	if lists != syncs && lists != syncs-1 {
		t.Fatalf("%v syncs made %v list_routes calls, want one each", syncs, lists)
	}
}
