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
	"sync"
	"time"
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
type peerEndpointCache struct {
	// lookup reads a peer's host:port from storage.
	lookup func(serverID string) (string, error)
	now    func() time.Time

	mu      sync.Mutex
	entries map[string]peerEndpoint // server ID -> endpoint
}

type peerEndpoint struct {
	hostport string
	read     time.Time
}

func newPeerEndpointCache(lookup func(serverID string) (string, error)) *peerEndpointCache {
	return &peerEndpointCache{lookup: lookup, now: time.Now, entries: map[string]peerEndpoint{}}
}

// get returns the peer's host:port, from the cache while it is fresh.
// Failed lookups are not cached, so a peer that has not published its
// address yet is found as soon as it does.
func (c *peerEndpointCache) get(serverID string) (string, error) {
	c.mu.Lock()
	e, ok := c.entries[serverID]
	c.mu.Unlock()
	if ok && c.now().Sub(e.read) < peerEndpointCacheTTL {
		return e.hostport, nil
	}
	hostport, err := c.lookup(serverID)
	if err != nil {
		c.forgetServer(serverID)
		return "", err
	}
	c.mu.Lock()
	c.entries[serverID] = peerEndpoint{hostport: hostport, read: c.now()}
	c.mu.Unlock()
	return hostport, nil
}

// forgetServer drops a peer's cached address, e.g. when its identity lease
// is gone.
func (c *peerEndpointCache) forgetServer(serverID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.entries, serverID)
}

// forgetAddress drops every cached entry with hostport, so that a peer that
// could not be connected to is looked up again (it may have moved).
func (c *peerEndpointCache) forgetAddress(hostport string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for id, e := range c.entries {
		if e.hostport == hostport {
			delete(c.entries, id)
		}
	}
}
