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

package kubecarry

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"

	cloudprovider "k8s.io/cloud-provider"
	"k8s.io/component-base/metrics/testutil"
)

func testRoutes(t *testing.T) (*routes, RouteTable) {
	t.Helper()
	table := newMemoryRouteTable()
	c := newCloudWithTable(mustLoadConfig(t, validConfig), table)
	return c.routes, table
}

func TestCreateRouteGoesThroughTheNodesInternalIP(t *testing.T) {
	r, table := testRoutes(t)
	ctx := context.Background()
	route := &cloudprovider.Route{TargetNode: "node-a", DestinationCIDR: "10.244.1.0/24"}
	if err := r.CreateRoute(ctx, "kubernetes", "uid-a", route); err != nil {
		t.Fatalf("CreateRoute: %v", err)
	}
	assertTable(t, table, TableRoute{Destination: mustParseCIDR(t, "10.244.1.0/24"), NextHop: net.ParseIP("10.0.0.11")})

	listed, err := r.ListRoutes(ctx, "kubernetes")
	if err != nil {
		t.Fatalf("ListRoutes: %v", err)
	}
	if len(listed) != 1 {
		t.Fatalf("ListRoutes = %v, want one route", listed)
	}
	got := listed[0]
	if got.TargetNode != "node-a" || got.DestinationCIDR != "10.244.1.0/24" || got.Blackhole || got.Name != "10.244.1.0/24 via 10.0.0.11" {
		t.Fatalf("ListRoutes()[0] = %+v, want node-a's 10.244.1.0/24 named after its next hop", got)
	}

	if err := r.DeleteRoute(ctx, "kubernetes", got); err != nil {
		t.Fatalf("DeleteRoute: %v", err)
	}
	assertTable(t, table)
	if err := r.DeleteRoute(ctx, "kubernetes", got); err != nil {
		t.Fatalf("DeleteRoute of a deleted route: %v", err)
	}
}

func TestCreateRouteRejects(t *testing.T) {
	r, _ := testRoutes(t)
	ctx := context.Background()
	if err := r.CreateRoute(ctx, "kubernetes", "uid-a", &cloudprovider.Route{TargetNode: "node-a", DestinationCIDR: "10.244.1.0/24"}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		route cloudprovider.Route
		want  string
		is    error
	}{
		{"destination routed to another node", cloudprovider.Route{TargetNode: "node-b", DestinationCIDR: "10.244.1.0/24"}, "routes it as 10.244.1.0/24 via 10.0.0.11", ErrRouteConflict},
		{"node that is no instance", cloudprovider.Route{TargetNode: "node-z", DestinationCIDR: "10.244.5.0/24"}, `node "node-z" is not an instance`, cloudprovider.InstanceNotFound},
		{"destination outside destinationCIDRs", cloudprovider.Route{TargetNode: "node-a", DestinationCIDR: "10.99.0.0/24"}, "outside routeTable.destinationCIDRs", nil},
		{"destination wider than destinationCIDRs", cloudprovider.Route{TargetNode: "node-a", DestinationCIDR: "10.0.0.0/8"}, "outside routeTable.destinationCIDRs", nil},
		{"no next hop of the family", cloudprovider.Route{TargetNode: "node-a", DestinationCIDR: "fd00:244::/64"}, "no InternalIP of the IP family", nil},
		{"unparsable destination", cloudprovider.Route{TargetNode: "node-a", DestinationCIDR: "10.244.1.0"}, `invalid destination "10.244.1.0"`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := r.CreateRoute(ctx, "kubernetes", "hint", &tc.route)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("CreateRoute(%+v) = %v, want an error mentioning %q", tc.route, err, tc.want)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Fatalf("CreateRoute(%+v) = %v, want it to wrap %v", tc.route, err, tc.is)
			}
		})
	}
}

// A route through an address no instance has (a machine that left the
// inventory) is listed without a target, so the route controller deletes
// it; deleting it uses the next hop kept in its name.
func TestRouteThroughUnknownNextHop(t *testing.T) {
	r, table := testRoutes(t)
	ctx := context.Background()
	stale := TableRoute{Destination: mustParseCIDR(t, "10.244.7.0/24"), NextHop: net.ParseIP("10.0.0.77")}
	if err := table.Add(ctx, stale); err != nil {
		t.Fatal(err)
	}
	listed, err := r.ListRoutes(ctx, "kubernetes")
	if err != nil {
		t.Fatal(err)
	}
	if len(listed) != 1 || listed[0].TargetNode != "" {
		t.Fatalf("ListRoutes = %+v, want one route without a target node", listed)
	}
	if err := r.DeleteRoute(ctx, "kubernetes", listed[0]); err != nil {
		t.Fatalf("DeleteRoute: %v", err)
	}
	assertTable(t, table)
}

func TestBlackholeRoutesAreListedAsSuch(t *testing.T) {
	r, table := testRoutes(t)
	ctx := context.Background()
	if err := table.Add(ctx, TableRoute{Destination: mustParseCIDR(t, "10.244.8.0/24")}); err != nil {
		t.Fatal(err)
	}
	listed, err := r.ListRoutes(ctx, "kubernetes")
	if err != nil {
		t.Fatal(err)
	}
	if len(listed) != 1 || !listed[0].Blackhole {
		t.Fatalf("ListRoutes = %+v, want one blackhole route", listed)
	}
	if err := r.DeleteRoute(ctx, "kubernetes", listed[0]); err != nil {
		t.Fatalf("DeleteRoute: %v", err)
	}
	assertTable(t, table)
}

func TestCloudCallsAreCounted(t *testing.T) {
	r, _ := testRoutes(t)
	i := &instances{inventory: r.inventory}
	ctx := context.Background()
	count := func(operation, result string) float64 {
		t.Helper()
		v, err := testutil.GetCounterMetricValue(apiRequests.WithLabelValues(operation, result))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	type key struct{ operation, result string }
	keys := []key{{"list_routes", "success"}, {"create_route", "success"}, {"create_route", "error"}, {"delete_route", "success"}, {"instance_metadata", "success"}, {"instance_exists", "success"}}
	before := map[key]float64{}
	for _, k := range keys {
		before[k] = count(k.operation, k.result)
	}

	_, _ = r.ListRoutes(ctx, "kubernetes")
	_, _ = r.ListRoutes(ctx, "kubernetes")
	_ = r.CreateRoute(ctx, "kubernetes", "", &cloudprovider.Route{TargetNode: "node-a", DestinationCIDR: "10.244.1.0/24"})
	_ = r.CreateRoute(ctx, "kubernetes", "", &cloudprovider.Route{TargetNode: "node-z", DestinationCIDR: "10.244.2.0/24"})
	_ = r.DeleteRoute(ctx, "kubernetes", &cloudprovider.Route{Name: "10.244.1.0/24 via 10.0.0.11", DestinationCIDR: "10.244.1.0/24"})
	_, _ = i.InstanceMetadata(ctx, nodeNamed("node-a", ""))
	// "No such instance" is an answer, not an error.
	_, _ = i.InstanceExists(ctx, nodeNamed("node-z", ""))

	want := map[key]float64{{"list_routes", "success"}: 2, {"create_route", "success"}: 1, {"create_route", "error"}: 1, {"delete_route", "success"}: 1, {"instance_metadata", "success"}: 1, {"instance_exists", "success"}: 1}
	for _, k := range keys {
		if got := count(k.operation, k.result) - before[k]; got != want[k] {
			t.Errorf("%s{operation=%q,result=%q} grew by %v, want %v", "cloudprovider_kubecarry_api_requests_total", k.operation, k.result, got, want[k])
		}
	}
}
