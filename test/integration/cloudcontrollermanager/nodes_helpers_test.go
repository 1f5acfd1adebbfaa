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
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	v1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
)

// The machines of the test cloud: node-<x> has InternalIP 10.0.0.1<n>.
var testInstances = []struct{ name, ip string }{
	{"node-a", "10.0.0.11"},
	{"node-b", "10.0.0.12"},
	{"node-c", "10.0.0.13"},
}

// writeCloudConfig writes a cloud-config with the test instances and the
// given routeTable section (YAML, may be empty) and returns its path.
func writeCloudConfig(t *testing.T, routeTable string, extraInstances ...string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("region: test-region\nzone: test-zone-a\n")
	b.WriteString(routeTable)
	b.WriteString("\ninstances:\n")
	for _, inst := range testInstances {
		fmt.Fprintf(&b, "- name: %s\n  type: test.small\n  addresses: [{type: InternalIP, address: %s}]\n", inst.name, inst.ip)
	}
	for _, inst := range extraInstances {
		b.WriteString(inst)
	}
	path := filepath.Join(t.TempDir(), "cloud-config.yaml")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// createNode creates a Node; podCIDR may be empty. A test instance's Node
// starts with the addresses the cloud reports, as an initialised Node has
// them, so the cloud node controller has no address change to make.
func createNode(t *testing.T, client kubernetes.Interface, name, podCIDR string, mutate ...func(*v1.Node)) *v1.Node {
	t.Helper()
	node := &v1.Node{ObjectMeta: metav1.ObjectMeta{Name: name}}
	for _, inst := range testInstances {
		if inst.name == name {
			node.Status.Addresses = []v1.NodeAddress{{Type: v1.NodeInternalIP, Address: inst.ip}}
		}
	}
	if podCIDR != "" {
		node.Spec.PodCIDR = podCIDR
		node.Spec.PodCIDRs = []string{podCIDR}
	}
	for _, m := range mutate {
		m(node)
	}
	created, err := client.CoreV1().Nodes().Create(context.Background(), node, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("creating node %s: %v", name, err)
	}
	return created
}

func deleteNode(t *testing.T, client kubernetes.Interface, name string) {
	t.Helper()
	if err := client.CoreV1().Nodes().Delete(context.Background(), name, metav1.DeleteOptions{}); err != nil {
		t.Fatalf("deleting node %s: %v", name, err)
	}
}

// eventually polls condition until it holds, failing the test after
// timeout with the last explanation condition gave.
func eventually(t *testing.T, timeout time.Duration, what string, condition func() (bool, string)) {
	t.Helper()
	var last string
	err := wait.PollUntilContextTimeout(context.Background(), 200*time.Millisecond, timeout, true, func(ctx context.Context) (bool, error) {
		ok, why := condition()
		last = why
		return ok, nil
	})
	if err != nil {
		t.Fatalf("%s: not within %v; last: %s", what, timeout, last)
	}
}

// waitForNode polls a Node until check accepts it.
func waitForNode(t *testing.T, client kubernetes.Interface, name, what string, check func(*v1.Node) (bool, string)) {
	t.Helper()
	eventually(t, time.Minute, fmt.Sprintf("node %s: %s", name, what), func() (bool, string) {
		node, err := client.CoreV1().Nodes().Get(context.Background(), name, metav1.GetOptions{})
		if err != nil {
			return false, err.Error()
		}
		return check(node)
	})
}

// routeCreated accepts a Node whose NetworkUnavailable condition the route
// controller set to False after creating its routes.
func routeCreated(node *v1.Node) (bool, string) {
	for _, c := range node.Status.Conditions {
		if c.Type == v1.NodeNetworkUnavailable {
			return c.Status == v1.ConditionFalse && c.Reason == "RouteCreated", fmt.Sprintf("NetworkUnavailable=%s (%s: %s)", c.Status, c.Reason, c.Message)
		}
	}
	return false, "no NetworkUnavailable condition"
}

func waitForNodeGone(t *testing.T, client kubernetes.Interface, name string) {
	t.Helper()
	eventually(t, time.Minute, "node "+name+" deleted", func() (bool, string) {
		_, err := client.CoreV1().Nodes().Get(context.Background(), name, metav1.GetOptions{})
		if apierrors.IsNotFound(err) {
			return true, ""
		}
		return false, fmt.Sprintf("get: %v", err)
	})
}

func v1NodeAddress(addressType, address string) v1.NodeAddress {
	return v1.NodeAddress{Type: v1.NodeAddressType(addressType), Address: address}
}
