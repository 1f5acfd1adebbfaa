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
	"context"
	"reflect"
	"sync"
	"time"

	apidiscoveryv2 "k8s.io/api/apidiscovery/v2"
	v1 "k8s.io/api/coordination/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
)

const (
	// defaultPeerDiscoveryRefreshInterval bounds how long the peer discovery
	// cache may lag behind what a peer serves. Lease events alone do not
	// cover a peer that adds or drops a group-version while it keeps its
	// identity (a CRD or APIService change it sees first, a restart with the
	// same holder), nor a peer that crashed and whose identity lease lingers
	// until it expires (an hour by default). 30s is three identity lease
	// renewals; with conditional requests an unchanged peer costs two 304
	// answers per interval, so the refresh is cheap enough to run this often.
	defaultPeerDiscoveryRefreshInterval = 30 * time.Second

	// peerDiscoveryRefreshKey is the work queue key of periodic refreshes.
	// Every key rebuilds the whole cache, so one key is enough.
	peerDiscoveryRefreshKey = "periodic-refresh"
)

// runPeerDiscoveryRefresh queues a full peer discovery sync every interval
// until ctx is done.
func (h *peerProxyHandler) runPeerDiscoveryRefresh(ctx context.Context) {
	wait.UntilWithContext(ctx, func(context.Context) {
		h.peerLeaseQueue.Add(peerDiscoveryRefreshKey)
	}, h.peerDiscoveryRefreshInterval)
}

// identityLeaseExpired reports whether the holder of lease stopped renewing
// it for longer than its duration. Such a peer is gone even though the
// lease object stays until the lease garbage collector removes it. A lease
// without renew time or duration is not judged.
func identityLeaseExpired(lease *v1.Lease, now time.Time) bool {
	if lease.Spec.RenewTime == nil || lease.Spec.LeaseDurationSeconds == nil {
		return false
	}
	return lease.Spec.RenewTime.Add(time.Duration(*lease.Spec.LeaseDurationSeconds) * time.Second).Before(now)
}

// peerDocument is a discovery document of one peer with the ETag it came with.
type peerDocument struct {
	etag string
	list *apidiscoveryv2.APIGroupDiscoveryList
}

// peerDocumentCache keeps the last discovery document of each peer and path
// so that refreshes can ask "If-None-Match" and reuse it on 304.
type peerDocumentCache struct {
	mu sync.Mutex
	// docs is keyed by server ID, then by host:port and path, so a peer
	// that moves to a new address is fetched in full again.
	docs map[string]map[string]peerDocument
}

func newPeerDocumentCache() *peerDocumentCache {
	return &peerDocumentCache{docs: map[string]map[string]peerDocument{}}
}

func (c *peerDocumentCache) get(serverID, hostport, path string) (peerDocument, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	doc, ok := c.docs[serverID][hostport+path]
	return doc, ok
}

func (c *peerDocumentCache) put(serverID, hostport, path string, doc peerDocument) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.docs[serverID] == nil {
		c.docs[serverID] = map[string]peerDocument{}
	}
	c.docs[serverID][hostport+path] = doc
}

// retain forgets the documents of every server not in serverIDs.
func (c *peerDocumentCache) retain(serverIDs map[string]struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for id := range c.docs {
		if _, ok := serverIDs[id]; !ok {
			delete(c.docs, id)
		}
	}
}

// storeRawPeerDiscovery records what the peers serve, as fetched, lifts the
// tombstones in lift, and publishes the filtered view. All three happen
// under refilterMu: a refilter running in between (a CRD added locally)
// would otherwise publish the previous peer data without the tombstones,
// bringing a deleted group-version back from documents fetched before its
// deletion.
func (h *peerProxyHandler) storeRawPeerDiscovery(raw map[string]PeerDiscoveryCacheEntry, lift map[schema.GroupVersion]struct{}) {
	h.refilterMu.Lock()
	defer h.refilterMu.Unlock()
	h.rawPeerDiscoveryCache.Store(raw)
	h.liftTombstones(lift)
	h.refilterLocked()
}

// refilterPeerDiscoveryCache derives the served peer discovery cache from
// the raw one and the current exclusions.
func (h *peerProxyHandler) refilterPeerDiscoveryCache() {
	h.refilterMu.Lock()
	defer h.refilterMu.Unlock()
	h.refilterLocked()
}

// refilterLocked publishes the filtered view of the raw peer data; the
// caller holds refilterMu. Consumers (the merged discovery document) are
// invalidated only when the result changed, so an unchanged periodic
// refresh costs them nothing.
func (h *peerProxyHandler) refilterLocked() {
	raw, _ := h.rawPeerDiscoveryCache.Load().(map[string]PeerDiscoveryCacheEntry)
	if raw == nil {
		raw = map[string]PeerDiscoveryCacheEntry{}
	}
	filtered, _ := h.filterPeerDiscoveryCache(raw)
	if old, ok := h.peerDiscoveryInfoCache.Load().(map[string]PeerDiscoveryCacheEntry); ok && reflect.DeepEqual(old, filtered) {
		return
	}
	h.storePeerDiscoveryCacheAndInvalidate(filtered)
}

// tombstonedGVs returns the group-versions whose exclusion grace period has
// ended but which are kept out of peer data until the peers' documents have
// been fetched again.
func (h *peerProxyHandler) tombstonedGVs() map[schema.GroupVersion]struct{} {
	h.excludedGVsMu.RLock()
	defer h.excludedGVsMu.RUnlock()
	out := make(map[schema.GroupVersion]struct{}, len(h.tombstones))
	for gv := range h.tombstones {
		out[gv] = struct{}{}
	}
	return out
}

// liftTombstones ends the exclusion of gvs: the peer data has been fetched
// after their grace period ended, so what it says about them is current.
func (h *peerProxyHandler) liftTombstones(gvs map[schema.GroupVersion]struct{}) {
	if len(gvs) == 0 {
		return
	}
	h.excludedGVsMu.Lock()
	defer h.excludedGVsMu.Unlock()
	for gv := range gvs {
		delete(h.tombstones, gv)
	}
}
