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

package kubecarry

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"

	"github.com/vishvananda/netlink"

	"github.com/kubecarry/kubecarry/test/utils/netnstest"
)

const testTable = 100

func newTestNetlinkTable(t *testing.T, ns *netnstest.Namespace) RouteTable {
	t.Helper()
	table, err := newNetlinkRouteTable(&NetlinkConfig{Table: testTable, Protocol: DefaultNetlinkProtocol, NetNS: ns.Path})
	if err != nil {
		t.Fatalf("newNetlinkRouteTable: %v", err)
	}
	return table
}

// The contract, against real kernel routes in a namespace of the test's own.
func TestNetlinkRouteTable(t *testing.T) {
	ns := netnstest.New(t)
	testRouteTableContract(t, newTestNetlinkTable(t, ns), net.ParseIP("10.0.0.11"), net.ParseIP("fd00::11"))
}

func TestNetlinkRouteTableProgramsTheKernel(t *testing.T) {
	ns := netnstest.New(t)
	table := newTestNetlinkTable(t, ns)
	route := TableRoute{Destination: mustParseCIDR(t, "10.244.1.0/24"), NextHop: net.ParseIP("10.0.0.11")}
	if err := table.Add(context.Background(), route); err != nil {
		t.Fatal(err)
	}
	kernel := ns.Routes(t, testTable, DefaultNetlinkProtocol)
	if len(kernel) != 1 || kernel[0].Dst.String() != "10.244.1.0/24" || !kernel[0].Gw.Equal(route.NextHop) {
		t.Fatalf("table %d with protocol %d holds %v, want only %s", testTable, DefaultNetlinkProtocol, kernel, route)
	}
}

// Routes of the administrator or other daemons in the same table are not
// the provider's: not listed, not deleted, not overwritten.
func TestNetlinkRouteTableLeavesOtherProtocolsAlone(t *testing.T) {
	ns := netnstest.New(t)
	table := newTestNetlinkTable(t, ns)
	ctx := context.Background()
	static := &netlink.Route{
		Dst:      mustParseCIDR(t, "10.244.2.0/24"),
		Gw:       net.ParseIP("10.0.0.12"),
		Table:    testTable,
		Protocol: netlink.RouteProtocol(4), // RTPROT_STATIC, as "ip route add" makes
	}
	if err := ns.Handle.RouteAdd(static); err != nil {
		t.Fatalf("adding a static route: %v", err)
	}
	assertTable(t, table)

	err := table.Add(ctx, TableRoute{Destination: static.Dst, NextHop: net.ParseIP("10.0.0.11")})
	if !errors.Is(err, ErrRouteConflict) || !strings.Contains(err.Error(), "another protocol") {
		t.Fatalf("Add over a static route = %v, want ErrRouteConflict naming the other protocol", err)
	}
	if err := table.Delete(ctx, TableRoute{Destination: static.Dst, NextHop: static.Gw}); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if got := ns.Routes(t, testTable, 4); len(got) != 1 {
		t.Fatalf("the static route is gone: table %d protocol 4 holds %v", testTable, got)
	}
}

func TestNetlinkRouteTableSurfacesKernelErrors(t *testing.T) {
	ns := netnstest.New(t)
	table := newTestNetlinkTable(t, ns)
	// 192.0.2.1 is on no link of the namespace.
	err := table.Add(context.Background(), TableRoute{Destination: mustParseCIDR(t, "10.244.3.0/24"), NextHop: net.ParseIP("192.0.2.1")})
	if err == nil || !strings.Contains(err.Error(), "10.244.3.0/24 via 192.0.2.1") || !strings.Contains(err.Error(), "unreachable") {
		t.Fatalf("Add through an unreachable next hop = %v, want the kernel's error naming the route", err)
	}
}

func TestNetlinkRouteTableNeedsItsNamespace(t *testing.T) {
	_, err := newNetlinkRouteTable(&NetlinkConfig{Table: testTable, Protocol: DefaultNetlinkProtocol, NetNS: "/nonexistent/netns"})
	if err == nil || !strings.Contains(err.Error(), `"/nonexistent/netns"`) || !strings.Contains(err.Error(), "routeTable.netlink.netns") {
		t.Fatalf("newNetlinkRouteTable with a missing namespace = %v, want an error naming it", err)
	}
}
