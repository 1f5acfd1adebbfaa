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
	"fmt"

	"github.com/vishvananda/netlink"
	"github.com/vishvananda/netns"
	"golang.org/x/sys/unix"
)

// netlinkRouteTable programs routes into a Linux routing table, the way a
// host-gw network on bare metal needs them: "<Pod CIDR> via <node IP>".
// Only routes carrying the configured protocol number are listed and
// deleted, so routes of the administrator or other daemons in the same
// table are never touched.
type netlinkRouteTable struct {
	handle   *netlink.Handle
	table    int
	protocol netlink.RouteProtocol
}

var _ RouteTable = (*netlinkRouteTable)(nil)

// newNetlinkRouteTable opens a netlink socket in the configured network
// namespace (the process's own when cfg.NetNS is empty).
func newNetlinkRouteTable(cfg *NetlinkConfig) (RouteTable, error) {
	var handle *netlink.Handle
	if cfg.NetNS == "" {
		h, err := netlink.NewHandle(unix.NETLINK_ROUTE)
		if err != nil {
			return nil, fmt.Errorf("opening a netlink socket: %w", err)
		}
		handle = h
	} else {
		ns, err := netns.GetFromPath(cfg.NetNS)
		if err != nil {
			return nil, fmt.Errorf("opening network namespace %q (routeTable.netlink.netns): %w", cfg.NetNS, err)
		}
		// The socket keeps the namespace alive; the file descriptor is
		// not needed once it is open.
		defer ns.Close()
		h, err := netlink.NewHandleAt(ns, unix.NETLINK_ROUTE)
		if err != nil {
			return nil, fmt.Errorf("opening a netlink socket in network namespace %q: %w", cfg.NetNS, err)
		}
		handle = h
	}
	return &netlinkRouteTable{handle: handle, table: cfg.Table, protocol: netlink.RouteProtocol(cfg.Protocol)}, nil
}

func (t *netlinkRouteTable) List(ctx context.Context) ([]TableRoute, error) {
	filter := &netlink.Route{Table: t.table, Protocol: t.protocol}
	kernelRoutes, err := t.handle.RouteListFiltered(netlink.FAMILY_ALL, filter, netlink.RT_FILTER_TABLE|netlink.RT_FILTER_PROTOCOL)
	if err != nil {
		return nil, fmt.Errorf("listing routes of table %d: %w", t.table, err)
	}
	routes := make([]TableRoute, 0, len(kernelRoutes))
	for _, kr := range kernelRoutes {
		if kr.Dst == nil {
			// A default route with our protocol is not one we create;
			// leave it alone.
			continue
		}
		r := TableRoute{Destination: kr.Dst}
		if kr.Type != unix.RTN_BLACKHOLE {
			r.NextHop = kr.Gw
		}
		routes = append(routes, r)
	}
	return routes, nil
}

func (t *netlinkRouteTable) kernelRoute(r TableRoute) *netlink.Route {
	kr := &netlink.Route{
		Dst:      r.Destination,
		Gw:       r.NextHop,
		Table:    t.table,
		Protocol: t.protocol,
		Scope:    netlink.SCOPE_UNIVERSE,
	}
	if r.NextHop == nil {
		kr.Type = unix.RTN_BLACKHOLE
	}
	return kr
}

func (t *netlinkRouteTable) Add(ctx context.Context, route TableRoute) error {
	err := t.handle.RouteAdd(t.kernelRoute(route))
	if err == nil {
		return nil
	}
	if !errors.Is(err, unix.EEXIST) {
		return fmt.Errorf("adding route %s to table %d: %w", route, t.table, err)
	}
	existing, listErr := t.List(ctx)
	if listErr != nil {
		return fmt.Errorf("adding route %s to table %d: %w (and %w)", route, t.table, err, listErr)
	}
	for _, have := range existing {
		if have.Destination.String() != route.Destination.String() {
			continue
		}
		if have.NextHop.Equal(route.NextHop) {
			return nil
		}
		return conflictError(route, have)
	}
	// The destination exists in the table but is not ours: another
	// daemon or the administrator routes it.
	return fmt.Errorf("cannot add route %s: table %d already routes %s with another protocol: %w", route, t.table, route.Destination, ErrRouteConflict)
}

func (t *netlinkRouteTable) Delete(ctx context.Context, route TableRoute) error {
	err := t.handle.RouteDel(t.kernelRoute(route))
	if err == nil || errors.Is(err, unix.ESRCH) {
		return nil
	}
	return fmt.Errorf("deleting route %s from table %d: %w", route, t.table, err)
}
