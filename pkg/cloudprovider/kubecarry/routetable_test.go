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
	"reflect"
	"testing"
)

// testRouteTableContract checks what the RouteTable interface promises; it
// runs against every implementation. v4Hop and v6Hop are next hops the
// table can reach.
func testRouteTableContract(t *testing.T, table RouteTable, v4Hop, v6Hop net.IP) {
	ctx := context.Background()
	otherV4Hop := net.ParseIP("10.0.0.99")
	podCIDR := mustParseCIDR(t, "10.244.1.0/24")
	podCIDRv6 := mustParseCIDR(t, "fd00:244:1::/64")
	dropped := mustParseCIDR(t, "10.244.9.0/24")

	route := TableRoute{Destination: podCIDR, NextHop: v4Hop}
	if err := table.Add(ctx, route); err != nil {
		t.Fatalf("Add(%s): %v", route, err)
	}
	if err := table.Add(ctx, route); err != nil {
		t.Fatalf("Add(%s) a second time must succeed: %v", route, err)
	}
	conflicting := TableRoute{Destination: podCIDR, NextHop: otherV4Hop}
	if err := table.Add(ctx, conflicting); !errors.Is(err, ErrRouteConflict) {
		t.Fatalf("Add(%s) over %s = %v, want ErrRouteConflict", conflicting, route, err)
	}
	v6Route := TableRoute{Destination: podCIDRv6, NextHop: v6Hop}
	if err := table.Add(ctx, v6Route); err != nil {
		t.Fatalf("Add(%s): %v", v6Route, err)
	}
	blackhole := TableRoute{Destination: dropped}
	if err := table.Add(ctx, blackhole); err != nil {
		t.Fatalf("Add(%s): %v", blackhole, err)
	}
	assertTable(t, table, route, blackhole, v6Route)

	// Deleting through another next hop is deleting a route that is not
	// there; the real one stays.
	if err := table.Delete(ctx, conflicting); err != nil {
		t.Fatalf("Delete(%s): %v", conflicting, err)
	}
	assertTable(t, table, route, blackhole, v6Route)

	for _, r := range []TableRoute{route, blackhole, v6Route} {
		if err := table.Delete(ctx, r); err != nil {
			t.Fatalf("Delete(%s): %v", r, err)
		}
		if err := table.Delete(ctx, r); err != nil {
			t.Fatalf("Delete(%s) of a deleted route must succeed: %v", r, err)
		}
	}
	assertTable(t, table)
}

func TestMemoryRouteTable(t *testing.T) {
	testRouteTableContract(t, newMemoryRouteTable(), net.ParseIP("10.0.0.11"), net.ParseIP("fd00::11"))
}

// assertTable compares the table with want, ordered by destination.
func assertTable(t *testing.T, table RouteTable, want ...TableRoute) {
	t.Helper()
	got, err := table.List(context.Background())
	if err != nil {
		t.Fatalf("List: %v", err)
	}
	if !reflect.DeepEqual(routeStrings(got), routeStrings(want)) {
		t.Fatalf("the table holds %v, want %v", routeStrings(got), routeStrings(want))
	}
}

func routeStrings(routes []TableRoute) map[string]bool {
	s := map[string]bool{}
	for _, r := range routes {
		s[r.String()] = true
	}
	return s
}

func mustParseCIDR(t *testing.T, s string) *net.IPNet {
	t.Helper()
	_, n, err := net.ParseCIDR(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
