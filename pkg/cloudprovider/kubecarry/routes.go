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
	"fmt"
	"net"
	"strings"

	cloudprovider "k8s.io/cloud-provider"
	netutils "k8s.io/utils/net"
)

// routes implements cloudprovider.Routes on a RouteTable: a Node's Pod CIDR
// is routed through the InternalIP of the Node's machine.
//
// The table holds destinations and next hops only, like a kernel table; a
// route's target Node is found again from its next hop through the
// inventory. A route whose next hop is no instance's address gets no
// target, and the route controller deletes it when it lies in the cluster
// CIDR.
type routes struct {
	table     RouteTable
	inventory *inventory
	// allowed, when not empty, are the only destinations accepted.
	allowed []*net.IPNet
}

var _ cloudprovider.Routes = (*routes)(nil)

// routeNameSeparator joins destination and next hop into a route name,
// which is how DeleteRoute gets back exactly the route ListRoutes listed.
const routeNameSeparator = " via "

func (r *routes) ListRoutes(ctx context.Context, clusterName string) ([]*cloudprovider.Route, error) {
	entries, err := r.table.List(ctx)
	recordAPIRequest("list_routes", err)
	if err != nil {
		return nil, err
	}
	list := make([]*cloudprovider.Route, 0, len(entries))
	for _, e := range entries {
		route := &cloudprovider.Route{
			Name:            e.String(),
			DestinationCIDR: e.Destination.String(),
			Blackhole:       e.NextHop == nil,
		}
		if e.NextHop != nil {
			route.TargetNode = r.inventory.nodeFor(e.NextHop)
		}
		list = append(list, route)
	}
	return list, nil
}

func (r *routes) CreateRoute(ctx context.Context, clusterName string, nameHint string, route *cloudprovider.Route) error {
	entry, err := r.entryToCreate(route)
	if err == nil {
		err = r.table.Add(ctx, entry)
	}
	recordAPIRequest("create_route", err)
	return err
}

func (r *routes) entryToCreate(route *cloudprovider.Route) (TableRoute, error) {
	_, dst, err := netutils.ParseCIDRSloppy(route.DestinationCIDR)
	if err != nil {
		return TableRoute{}, fmt.Errorf("route for node %q: invalid destination %q: %w", route.TargetNode, route.DestinationCIDR, err)
	}
	if !r.accepts(dst) {
		return TableRoute{}, fmt.Errorf("route for node %q: destination %s is outside routeTable.destinationCIDRs of the cloud-config", route.TargetNode, dst)
	}
	nextHop, err := r.inventory.nextHop(route.TargetNode, dst)
	if err != nil {
		return TableRoute{}, fmt.Errorf("route for node %q to %s: %w", route.TargetNode, dst, err)
	}
	return TableRoute{Destination: dst, NextHop: nextHop}, nil
}

func (r *routes) accepts(dst *net.IPNet) bool {
	if len(r.allowed) == 0 {
		return true
	}
	ones, _ := dst.Mask.Size()
	for _, allowed := range r.allowed {
		allowedOnes, _ := allowed.Mask.Size()
		if allowed.Contains(dst.IP) && ones >= allowedOnes {
			return true
		}
	}
	return false
}

func (r *routes) DeleteRoute(ctx context.Context, clusterName string, route *cloudprovider.Route) error {
	entry, err := r.entryToDelete(route)
	if err == nil {
		err = r.table.Delete(ctx, entry)
	}
	recordAPIRequest("delete_route", err)
	return err
}

// entryToDelete rebuilds the table entry of a route ListRoutes returned.
func (r *routes) entryToDelete(route *cloudprovider.Route) (TableRoute, error) {
	_, dst, err := netutils.ParseCIDRSloppy(route.DestinationCIDR)
	if err != nil {
		return TableRoute{}, fmt.Errorf("route %q: invalid destination %q: %w", route.Name, route.DestinationCIDR, err)
	}
	if route.Blackhole {
		return TableRoute{Destination: dst}, nil
	}
	if _, hop, ok := strings.Cut(route.Name, routeNameSeparator); ok {
		if ip := netutils.ParseIPSloppy(hop); ip != nil {
			return TableRoute{Destination: dst, NextHop: ip}, nil
		}
	}
	// Not a name of ours: the route's target names the next hop.
	nextHop, err := r.inventory.nextHop(route.TargetNode, dst)
	if err != nil {
		return TableRoute{}, fmt.Errorf("route %q to %s: %w", route.Name, dst, err)
	}
	return TableRoute{Destination: dst, NextHop: nextHop}, nil
}
