//go:build linux

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
	"slices"
	"testing"
	"time"

	"github.com/kubecarry/kubecarry/test/utils/netnstest"
)

const (
	testRouteTable    = 100
	testRouteProtocol = 75 // the provider's default
)

// The netlink route table programs kernel routes; the test points it at a
// network namespace of its own, so no route reaches the host.
func TestNetlinkRoutesFollowNodes(t *testing.T) {
	ns := netnstest.New(t)
	client, kubeconfig := startAPIServer(t)
	createNode(t, client, "node-a", "10.244.1.0/24")
	createNode(t, client, "node-b", "10.244.2.0/24")

	routeTable := fmt.Sprintf("routeTable:\n  type: netlink\n  netlink: {table: %d, netns: %s}\n", testRouteTable, ns.Path)
	startServingCCM(t, kubeconfig, writeCloudConfig(t, routeTable), "--route-reconciliation-period=1s")

	kernelRoutes := func() []string {
		var routes []string
		for _, r := range ns.Routes(t, testRouteTable, testRouteProtocol) {
			routes = append(routes, fmt.Sprintf("%s via %s", r.Dst, r.Gw))
		}
		slices.Sort(routes)
		return routes
	}
	waitForRoutes := func(what string, want ...string) {
		t.Helper()
		eventually(t, time.Minute, what, func() (bool, string) {
			got := kernelRoutes()
			return slices.Equal(got, want), fmt.Sprintf("table %d holds %v, want %v", testRouteTable, got, want)
		})
	}

	waitForRoutes("routes to both nodes", "10.244.1.0/24 via 10.0.0.11", "10.244.2.0/24 via 10.0.0.12")
	waitForNode(t, client, "node-a", "route created", routeCreated)

	createNode(t, client, "node-c", "10.244.3.0/24")
	waitForRoutes("route to the new node", "10.244.1.0/24 via 10.0.0.11", "10.244.2.0/24 via 10.0.0.12", "10.244.3.0/24 via 10.0.0.13")

	deleteNode(t, client, "node-b")
	waitForRoutes("route of the deleted node removed", "10.244.1.0/24 via 10.0.0.11", "10.244.3.0/24 via 10.0.0.13")
}
