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

	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	cloudproviderapi "k8s.io/cloud-provider/api"
)

func uninitialized(node *v1.Node) {
	node.Spec.Taints = append(node.Spec.Taints, v1.Taint{Key: cloudproviderapi.TaintExternalCloudProvider, Value: "true", Effect: v1.TaintEffectNoSchedule})
}

func notReady(node *v1.Node) {
	node.Status.Conditions = []v1.NodeCondition{{Type: v1.NodeReady, Status: v1.ConditionFalse, Reason: "KubeletNotReady", LastHeartbeatTime: metav1.Now(), LastTransitionTime: metav1.Now()}}
}

func hasTaint(node *v1.Node, key string) bool {
	for _, taint := range node.Spec.Taints {
		if taint.Key == key {
			return true
		}
	}
	return false
}

// The cloud node controller initialises a new Node from the inventory.
func TestNodesAreInitialisedFromTheInventory(t *testing.T) {
	client, kubeconfig := startAPIServer(t)
	node := createNode(t, client, "node-a", "", uninitialized)
	node.Status.Addresses = nil // as a kubelet with --cloud-provider=external registers it
	if _, err := client.CoreV1().Nodes().UpdateStatus(context.Background(), node, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	createNode(t, client, "stray", "", uninitialized)

	startServingCCM(t, kubeconfig, writeCloudConfig(t, ""))

	waitForNode(t, client, "node-a", "initialised", func(n *v1.Node) (bool, string) {
		if hasTaint(n, cloudproviderapi.TaintExternalCloudProvider) {
			return false, "still tainted uninitialized"
		}
		got := fmt.Sprintf("providerID=%s zone=%s region=%s type=%s addresses=%v", n.Spec.ProviderID,
			n.Labels[v1.LabelTopologyZone], n.Labels[v1.LabelTopologyRegion], n.Labels[v1.LabelInstanceTypeStable], n.Status.Addresses)
		want := fmt.Sprintf("providerID=kubecarry://node-a zone=test-zone-a region=test-region type=test.small addresses=%v", []v1.NodeAddress{{Type: v1.NodeInternalIP, Address: "10.0.0.11"}})
		return got == want, got
	})
	stray, err := client.CoreV1().Nodes().Get(context.Background(), "stray", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !hasTaint(stray, cloudproviderapi.TaintExternalCloudProvider) || stray.Spec.ProviderID != "" {
		t.Fatalf("a Node that is no instance of the cloud was initialised: %+v", stray.Spec)
	}
}

// The cloud node lifecycle controller asks the cloud about NotReady Nodes:
// one whose machine is gone is deleted, one whose machine is shut down is
// tainted.
func TestNodeLifecycleFollowsTheInventory(t *testing.T) {
	client, kubeconfig := startAPIServer(t)
	for _, name := range []string{"node-a", "node-off", "node-gone"} {
		node := createNode(t, client, name, "")
		notReady(node)
		if _, err := client.CoreV1().Nodes().UpdateStatus(context.Background(), node, metav1.UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	config := writeCloudConfig(t, "", "- {name: node-off, shutdown: true, addresses: [{type: InternalIP, address: 10.0.0.20}]}\n")
	ccm := startServingCCM(t, kubeconfig, config)

	waitForNodeGone(t, client, "node-gone")
	waitForNode(t, client, "node-off", "tainted shut down", func(n *v1.Node) (bool, string) {
		return hasTaint(n, cloudproviderapi.TaintNodeShutdown), fmt.Sprintf("taints %v", n.Spec.Taints)
	})
	node, err := client.CoreV1().Nodes().Get(context.Background(), "node-a", metav1.GetOptions{})
	if err != nil {
		t.Fatalf("node-a, whose machine exists and runs: %v", err)
	}
	if hasTaint(node, cloudproviderapi.TaintNodeShutdown) {
		t.Fatalf("node-a is tainted shut down: %v", node.Spec.Taints)
	}
	if n := ccm.cloudCalls(t, "instance_exists"); n == 0 {
		t.Fatalf("no instance_exists calls counted")
	}
}
