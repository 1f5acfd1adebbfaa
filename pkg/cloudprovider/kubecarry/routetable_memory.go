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
	"sort"
	"sync"
)

// memoryRouteTable keeps routes in the process. It is the default: the
// route controller then runs its full logic without touching the host.
type memoryRouteTable struct {
	mu     sync.Mutex
	routes map[string]TableRoute // by destination
}

var _ RouteTable = (*memoryRouteTable)(nil)

func newMemoryRouteTable() *memoryRouteTable {
	return &memoryRouteTable{routes: map[string]TableRoute{}}
}

func (t *memoryRouteTable) List(ctx context.Context) ([]TableRoute, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	routes := make([]TableRoute, 0, len(t.routes))
	for _, r := range t.routes {
		routes = append(routes, r)
	}
	sort.Slice(routes, func(i, j int) bool { return routes[i].Destination.String() < routes[j].Destination.String() })
	return routes, nil
}

func (t *memoryRouteTable) Add(ctx context.Context, route TableRoute) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	key := route.Destination.String()
	if have, ok := t.routes[key]; ok {
		if have.NextHop.Equal(route.NextHop) {
			return nil
		}
		return conflictError(route, have)
	}
	t.routes[key] = route
	return nil
}

func (t *memoryRouteTable) Delete(ctx context.Context, route TableRoute) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	key := route.Destination.String()
	if have, ok := t.routes[key]; ok && have.NextHop.Equal(route.NextHop) {
		delete(t.routes, key)
	}
	return nil
}
