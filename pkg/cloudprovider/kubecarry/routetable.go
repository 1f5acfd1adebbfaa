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
	"net"
)

// RouteTable is the cloud's route table: one route per destination, as in
// a VPC route table or a Linux routing table. Implementations are safe for
// concurrent use; the route controller creates and deletes in parallel.
type RouteTable interface {
	// List returns the routes the table holds for this provider.
	List(ctx context.Context) ([]TableRoute, error)
	// Add creates a route. Adding a route that exists with the same next
	// hop succeeds; one whose destination already goes elsewhere fails
	// with an error wrapping ErrRouteConflict.
	Add(ctx context.Context, route TableRoute) error
	// Delete removes the route to route.Destination through route.NextHop.
	// A route that does not exist, or that now goes through another next
	// hop, is not this route: Delete then succeeds without a change.
	Delete(ctx context.Context, route TableRoute) error
}

// TableRoute is one entry of a RouteTable.
type TableRoute struct {
	Destination *net.IPNet
	// NextHop is nil for a blackhole route (which drops the traffic).
	NextHop net.IP
}

func (r TableRoute) String() string {
	if r.NextHop == nil {
		return "blackhole " + r.Destination.String()
	}
	return r.Destination.String() + " via " + r.NextHop.String()
}

// ErrRouteConflict says a destination is already routed through another
// next hop. The route controller retries on its next sync, after it has
// deleted the stale route.
var ErrRouteConflict = errors.New("destination already routed through another next hop")

func conflictError(want, have TableRoute) error {
	return fmt.Errorf("cannot add route %s: the table routes it as %s: %w", want, have, ErrRouteConflict)
}
