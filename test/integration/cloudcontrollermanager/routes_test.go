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
	"fmt"
	"testing"
	"time"
)

// The default route table lives in the process, so what it holds shows
// through the route controller's Node conditions and the provider's count
// of route calls. (TestNetlinkRoutesFollowNodes reads a real table.)
func TestRoutesFollowNodes(t *testing.T) {
	client, kubeconfig := startAPIServer(t)
	createNode(t, client, "node-a", "10.244.1.0/24")
	createNode(t, client, "node-b", "10.244.2.0/24")
	// No Pod CIDR yet: nothing to route.
	createNode(t, client, "node-c", "")

	ccm := startServingCCM(t, kubeconfig, writeCloudConfig(t, ""), "--route-reconciliation-period=1s")

	waitForNode(t, client, "node-a", "route created", routeCreated)
	waitForNode(t, client, "node-b", "route created", routeCreated)
	eventually(t, 30*time.Second, "two routes created", func() (bool, string) {
		n := ccm.cloudCalls(t, "create_route")
		return n == 2, fmt.Sprintf("%v create_route calls", n)
	})

	deleteNode(t, client, "node-b")
	eventually(t, 30*time.Second, "node-b's route deleted", func() (bool, string) {
		n := ccm.cloudCalls(t, "delete_route")
		return n == 1, fmt.Sprintf("%v delete_route calls", n)
	})
	// The periodic syncs go on; nothing more to create or delete.
	syncs := ccm.routeSyncs(t)
	eventually(t, 30*time.Second, "two more syncs", func() (bool, string) {
		n := ccm.routeSyncs(t)
		return n >= syncs+2, fmt.Sprintf("%v syncs", n)
	})
	if created, deleted := ccm.cloudCalls(t, "create_route"), ccm.cloudCalls(t, "delete_route"); created != 2 || deleted != 1 {
		t.Fatalf("idle syncs changed routes: %v create_route and %v delete_route calls, want 2 and 1", created, deleted)
	}
}
