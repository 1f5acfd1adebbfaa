/*
Copyright 2026 The Kubernetes Authors.

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

package peerproxy

import (
	"fmt"
	"net"
	"sync"
	"time"

	"k8s.io/klog/v2"
)

// peerEndpointCacheTTL is how long a peer's host:port, read from its peer
// endpoint lease in storage, is used before it is read again. It matches the
// interval at which kube-apiservers reconcile those leases, so a changed
// address is picked up about as fast as it is published.
const peerEndpointCacheTTL = 10 * time.Second

// peerEndpointCache keeps the host:port of each peer kube-apiserver. Without
// it every proxied request read the peer endpoint lease from etcd before it
// could be forwarded: a storage round trip per request, which was the
// largest single cost of the proxy hop.
//
// The peer endpoint lease lives in storage with a 15 s TTL that its holder
// renews. A peer that stops answering for a while (a frozen VM, a long
// pause) loses it while its identity lease, and so its place in routing,
// stays. The cache then keeps answering with the last address it read: the
// request goes there and fails over or gets 503, and the moment the peer
// answers again requests reach it, instead of failing until the peer has
// published its lease again. An address is forgotten for good only with
// the peer's identity (forgetServer).
type peerEndpointCache struct {
	// lookup reads a peer's host:port from storage.
	lookup func(serverID string) (string, error)
	// keepLastKnown answers the last address read when storage has none
	// (KubecarryPeerProxyFailover); without it a missing lease is an error.
	keepLastKnown bool
	now           func() time.Time

	mu      sync.Mutex
	entries map[string]peerEndpoint // server ID -> endpoint
	// generation counts forgetServer calls per server ID, so that a lookup
	// that was in flight when its server was forgotten does not store the
	// address it read.
	generation map[string]uint64
	// inflight holds the storage lookup in progress per server ID; callers
	// that need the same address meanwhile wait for it instead of reading
	// storage again.
	inflight map[string]*endpointLookup
}

type peerEndpoint struct {
	hostport string
	read     time.Time
	// lastKnown marks an address kept because storage had none when it
	// was last read: reading storage again before the TTL would only find
	// nothing again.
	lastKnown bool
}

// endpointLookup is one storage read of a peer's address, shared by every
// caller that asked for it while it ran.
type endpointLookup struct {
	done     chan struct{}
	hostport string
	err      error
	// waiters counts the callers waiting for it besides the one reading.
	waiters int
}

func newPeerEndpointCache(lookup func(serverID string) (string, error), keepLastKnown bool) *peerEndpointCache {
	return &peerEndpointCache{
		lookup:        lookup,
		keepLastKnown: keepLastKnown,
		now:           time.Now,
		entries:       map[string]peerEndpoint{},
		generation:    map[string]uint64{},
		inflight:      map[string]*endpointLookup{},
	}
}

// get returns the peer's host:port, from the cache while it is fresh, else
// from storage. When storage has no address (the peer's endpoint lease
// expired) the last known one is returned. Failed lookups are not cached,
// so a peer that has not published its address yet is found as soon as it
// does.
func (c *peerEndpointCache) get(serverID string) (string, error) {
	c.mu.Lock()
	e, ok := c.entries[serverID]
	if ok && c.now().Sub(e.read) < peerEndpointCacheTTL {
		c.mu.Unlock()
		return e.hostport, nil
	}
	if l, running := c.inflight[serverID]; running {
		l.waiters++
		c.mu.Unlock()
		<-l.done
		return l.hostport, l.err
	}
	l := &endpointLookup{done: make(chan struct{})}
	c.inflight[serverID] = l
	generation := c.generation[serverID]
	c.mu.Unlock()

	hostport, err := c.lookup(serverID)
	if err == nil {
		// The reconciler answers "" without an error when the peer has
		// no endpoint lease (it expired): that is no address either.
		if _, _, splitErr := net.SplitHostPort(hostport); splitErr != nil {
			err = fmt.Errorf("peer %s has no usable address in storage (%q): %w", serverID, hostport, splitErr)
		}
	}

	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.inflight, serverID)
	current := c.generation[serverID] == generation
	switch {
	case err == nil && current:
		c.entries[serverID] = peerEndpoint{hostport: hostport, read: c.now()}
	case err != nil && c.keepLastKnown:
		if last, known := c.entries[serverID]; known && current {
			klog.V(2).InfoS("Using the last known address of a peer whose endpoint lease cannot be read", "peer", serverID, "address", last.hostport, "err", err)
			hostport, err = last.hostport, nil
			// For the TTL, as a read address: a peer that is down for
			// long (its endpoint lease gone, its identity lease valid
			// for up to an hour) must not cost a storage read for every
			// request routed to it.
			c.entries[serverID] = peerEndpoint{hostport: hostport, read: c.now(), lastKnown: true}
		}
	}
	l.hostport, l.err = hostport, err
	close(l.done)
	return hostport, err
}

// waiting returns how many callers wait for the lookup of serverID's
// address that is in flight.
func (c *peerEndpointCache) waiting(serverID string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if l, running := c.inflight[serverID]; running {
		return l.waiters
	}
	return 0
}

// forgetServer drops a peer's cached address, e.g. when its identity lease
// is gone or has a new holder. A nil cache (the gate is off) has nothing to
// forget.
func (c *peerEndpointCache) forgetServer(serverID string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.entries, serverID)
	c.generation[serverID]++
}

// forgetAddress makes every entry with hostport stale, so that a peer that
// could not be connected to is looked up again on its next use (it may
// have moved). The address stays the fallback while storage has none.
func (c *peerEndpointCache) forgetAddress(hostport string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for id, e := range c.entries {
		// A last known address was just found missing from storage: it
		// has not moved there since, and the peer is down anyway.
		if e.hostport == hostport && !e.lastKnown {
			c.entries[id] = peerEndpoint{hostport: e.hostport}
		}
	}
}
