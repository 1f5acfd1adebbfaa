/*
Copyright 2023 The Kubernetes Authors.

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
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/apiserver/pkg/authentication/user"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/tools/cache"
	"k8s.io/klog/v2"

	apidiscoveryv2 "k8s.io/api/apidiscovery/v2"
	v1 "k8s.io/api/coordination/v1"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	apirequest "k8s.io/apiserver/pkg/endpoints/request"
	peerproxymetrics "k8s.io/apiserver/pkg/util/peerproxy/metrics"
	responsewriterutil "k8s.io/apiserver/pkg/util/responsewriter"
)

const (
	peerDiscoveryControllerName = "peer-discovery-cache-sync"
	// maxRetries is the maximum number of retry attempts per lease, set to 20 to handle
	// the race condition during API server startup where identity leases are created before
	// endpoint leases. During initialization, peer discovery sync may attempt to fetch discovery
	// from a peer before that peer has created its endpoint lease, resulting in "missing port in
	// address" errors. With the default rate limiting (exponential backoff starting at 5ms),
	// 20 retries per lease provides approximately 60-90 seconds of retry window, which is
	// sufficient for both identity and endpoint leases to be established during normal startup.
	maxRetries = 20
)

func (h *peerProxyHandler) RunPeerDiscoveryCacheSync(ctx context.Context, workers int) {
	defer utilruntime.HandleCrash()
	defer h.peerLeaseQueue.ShutDown()
	defer func() {
		err := h.apiserverIdentityInformer.Informer().RemoveEventHandler(h.leaseRegistration)
		if err != nil {
			klog.Warning("error removing leaseInformer eventhandler")
		}
	}()

	klog.Infof("Workers: %d", workers)
	for i := 0; i < workers; i++ {
		klog.Infof("Starting worker")
		go wait.UntilWithContext(ctx, h.runWorker, time.Second)
	}
	if h.refreshDiscovery {
		go h.runPeerDiscoveryRefresh(ctx)
	}
	<-ctx.Done()
}

func (h *peerProxyHandler) enqueueLease(lease *v1.Lease) {
	h.peerLeaseQueue.Add(lease.Name)
}

// sawHolder records the holder of a peer's identity lease the moment the
// informer sees it, so the peer is pending (see peerHolders) until a sync
// has fetched that process. An expired lease is a departed peer, not a
// pending one.
func (h *peerProxyHandler) sawHolder(lease *v1.Lease) {
	if h.refreshDiscovery && identityLeaseExpired(lease, time.Now()) {
		return
	}
	h.holders.saw(lease.Name, *lease.Spec.HolderIdentity)
}

func (h *peerProxyHandler) runWorker(ctx context.Context) {
	for h.processNextElectionItem(ctx) {
	}
}

func (h *peerProxyHandler) processNextElectionItem(ctx context.Context) bool {
	key, shutdown := h.peerLeaseQueue.Get()
	if shutdown {
		return false
	}
	defer h.peerLeaseQueue.Done(key)

	err := h.syncPeerDiscoveryCache(ctx)
	h.handleSyncPeerDiscoveryCacheErr(err, key)
	return true
}

func (h *peerProxyHandler) syncPeerDiscoveryCache(ctx context.Context) error {
	// Rebuild the peer discovery cache from available leases.
	leases, err := h.apiserverIdentityInformer.Lister().List(h.identityLeaseLabelSelector)
	if err != nil {
		utilruntime.HandleError(err)
		peerproxymetrics.IncPeerDiscoverySyncError(ctx, peerproxymetrics.DiscoveryErrorLeaseList)
		return err
	}

	// Tombstones that exist now are lifted once every peer has been fetched
	// again below; ones added meanwhile wait for the next sync.
	tombstones := h.tombstonedGVs()
	now := time.Now()
	var peers []string
	livePeers := map[string]struct{}{}
	holders := map[string]string{}
	for _, l := range leases {
		_, ok := h.isValidPeerIdentityLease(l)
		if !ok {
			continue
		}
		if h.refreshDiscovery && identityLeaseExpired(l, now) {
			klog.V(2).InfoS("Ignoring peer with an expired identity lease", "peer", l.Name, "renewTime", l.Spec.RenewTime)
			continue
		}
		livePeers[l.Name] = struct{}{}
		peers = append(peers, l.Name)
		if l.Spec.HolderIdentity != nil {
			holders[l.Name] = *l.Spec.HolderIdentity
		}
	}

	previous, _ := h.rawPeerDiscoveryCache.Load().(map[string]PeerDiscoveryCacheEntry)
	fetched := h.fetchPeerDiscoveries(ctx, peers)
	newCache := map[string]PeerDiscoveryCacheEntry{}
	var fetchErrs []error
	for _, peer := range peers {
		result := fetched[peer]
		if result.err != nil {
			fetchErrs = append(fetchErrs, result.err)
		}
		if result.err != nil && h.failover {
			// A peer that holds a valid identity lease but cannot be
			// reached now (hung, partitioned, restarting) keeps what it
			// served at its last successful fetch. Dropping it would make
			// this server answer 404 for objects that exist, which a
			// garbage collector reads as "owner gone"; keeping it gives the
			// client 503 with Retry-After while no capable peer answers.
			if last, ok := previous[peer]; ok {
				klog.V(2).InfoS("Keeping the last discovery of a peer that could not be fetched", "peer", peer, "err", result.err)
				newCache[peer] = last
			}
			continue
		}
		// With the failover gate off, as upstream: whatever part of the
		// peer's view was fetched replaces its last one.
		// Only add if there is at least one GVR or group
		if len(result.entry.GVRs) > 0 || len(result.entry.GroupDiscovery) > 0 {
			newCache[peer] = result.entry
		}
	}

	h.peerDocuments.retain(livePeers)
	// Tombstones may go only when every peer's document was fetched after
	// they were set; data kept from an earlier fetch may still list them.
	var lift map[schema.GroupVersion]struct{}
	if len(fetchErrs) == 0 || !h.failover {
		lift = tombstones
	}
	// Peers whose identity lease is gone or expired are not in newCache, so
	// their groups leave the served view now.
	h.storeRawPeerDiscovery(newCache, lift)

	// Only now that what they serve is routable may fetched peers stop
	// being pending.
	fetchedPeers := make(map[string]bool, len(fetched))
	for peer, result := range fetched {
		fetchedPeers[peer] = result.err == nil
	}
	h.holders.observe(holders, fetchedPeers, now)
	if h.failover && len(h.holders.pending()) > 0 {
		// Until a new peer process is fetched, requests for resources no
		// known peer serves are answered 503: fetch it again soon, not
		// after the work queue's growing backoff.
		h.peerLeaseQueue.AddAfter(peerDiscoveryPendingKey, peerDiscoveryPendingRetry)
	}
	return errors.Join(fetchErrs...)
}

// peerDiscoveryFetchTimeout bounds the fetch of one peer's discovery
// documents, so that a peer that accepts connections but never answers
// holds up neither the refresh of the others (they are fetched in parallel)
// nor the next refresh. A live peer answers in milliseconds.
const peerDiscoveryFetchTimeout = 5 * time.Second

// peerDiscoveryResult is the outcome of fetching one peer's discovery.
type peerDiscoveryResult struct {
	entry PeerDiscoveryCacheEntry
	err   error
}

// fetchPeerDiscoveries fetches the discovery of every peer in parallel,
// each within peerDiscoveryFetchTimeout; with the failover gate off one
// after the other without a timeout of their own, as upstream does.
func (h *peerProxyHandler) fetchPeerDiscoveries(ctx context.Context, peers []string) map[string]peerDiscoveryResult {
	byPeer := make(map[string]peerDiscoveryResult, len(peers))
	if !h.failover {
		for _, peer := range peers {
			entry, err := h.fetchNewDiscoveryFor(ctx, peer)
			byPeer[peer] = peerDiscoveryResult{entry: entry, err: err}
		}
		return byPeer
	}
	results := make([]peerDiscoveryResult, len(peers))
	var wg sync.WaitGroup
	for i, peer := range peers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fetchCtx, cancel := context.WithTimeout(ctx, peerDiscoveryFetchTimeout)
			defer cancel()
			entry, err := h.fetchNewDiscoveryFor(fetchCtx, peer)
			results[i] = peerDiscoveryResult{entry: entry, err: err}
		}()
	}
	wg.Wait()
	for i, peer := range peers {
		byPeer[peer] = results[i]
	}
	return byPeer
}

// storePeerDiscoveryCacheAndInvalidate stores the new peer discovery cache and always calls the invalidation callback if set.
func (h *peerProxyHandler) storePeerDiscoveryCacheAndInvalidate(newCache map[string]PeerDiscoveryCacheEntry) {
	h.peerDiscoveryInfoCache.Store(newCache)
	if callback := h.cacheInvalidationCallback.Load(); callback != nil {
		(*callback)()
	}
}

func (h *peerProxyHandler) fetchNewDiscoveryFor(ctx context.Context, serverID string) (PeerDiscoveryCacheEntry, error) {
	hostport, err := h.hostportInfo(serverID)
	if err != nil {
		peerproxymetrics.IncPeerDiscoverySyncError(ctx, peerproxymetrics.DiscoveryErrorHostPortResolution)
		return PeerDiscoveryCacheEntry{}, fmt.Errorf("failed to get host port info from identity lease for server %s: %w", serverID, err)
	}

	klog.V(4).Infof("Proxying an agg-discovery call from %s to %s", h.serverID, serverID)
	gvrMap := make(map[schema.GroupVersionResource]bool)
	discoveryPaths := []string{"/api", "/apis"}

	// Use a slice to preserve order from the peer.
	// Use a map to track seen groups to avoid duplicates.
	groupList := make([]apidiscoveryv2.APIGroupDiscovery, 0)
	seenGroups := make(map[string]struct{})

	var fetchErr error
	for _, path := range discoveryPaths {
		discoveryResponse, err := h.aggregateDiscovery(ctx, serverID, path, hostport)
		if err != nil {
			klog.ErrorS(err, "error querying discovery endpoint for serverID", "path", path, "serverID", serverID)
			peerproxymetrics.IncPeerDiscoverySyncError(ctx, peerproxymetrics.DiscoveryErrorFetch)
			fetchErr = fmt.Errorf("fetching %s from peer %s: %w", path, serverID, err)
			if h.failover {
				// Half a peer's view is not its view: the caller keeps
				// the last complete one instead.
				return PeerDiscoveryCacheEntry{}, fetchErr
			}
			// Upstream goes on with the other path and returns what it got.
			continue
		}

		for _, groupDiscovery := range discoveryResponse.Items {
			for _, version := range groupDiscovery.Versions {
				for _, resource := range version.Resources {
					gvr := schema.GroupVersionResource{
						Group:    groupDiscovery.Name,
						Version:  version.Version,
						Resource: resource.Resource,
					}
					gvrMap[gvr] = true
				}
			}
			// Skip core/v1 group from peer-aggregated discovery since its not served from /apis.
			// We still want to re-route core/v1 requests to the peer, but we don't want it
			// to appear in the peer-aggregated discovery document.
			if groupDiscovery.Name == "" {
				continue
			}
			if _, ok := seenGroups[groupDiscovery.Name]; !ok {
				groupList = append(groupList, groupDiscovery)
				seenGroups[groupDiscovery.Name] = struct{}{}
			}
		}
	}

	klog.V(4).Infof("Agg discovery done successfully by %s for %s", h.serverID, serverID)
	return PeerDiscoveryCacheEntry{
		GVRs:           gvrMap,
		GroupDiscovery: groupList,
	}, fetchErr
}

// aggregateDiscovery fetches the discovery document at path from the peer
// serverID at hostport. The request is conditional on the ETag of the last
// document from there; on 304 that document is returned again.
func (h *peerProxyHandler) aggregateDiscovery(ctx context.Context, serverID, path string, hostport string) (*apidiscoveryv2.APIGroupDiscoveryList, error) {
	req, err := http.NewRequest(http.MethodGet, path, nil)
	if err != nil {
		return nil, err
	}

	apiServerUser := &user.DefaultInfo{
		Name:   user.APIServerUser,
		UID:    user.APIServerUser,
		Groups: []string{user.AllAuthenticated},
	}

	ctx = apirequest.WithUser(ctx, apiServerUser)
	req = req.WithContext(ctx)

	// Fallback to V2 and V1 in that order if V2Local is not recognized.
	req.Header.Add("Accept", discovery.AcceptV2NoPeer+","+discovery.AcceptV2+","+discovery.AcceptV1)
	// Conditional requests come with the periodic refresh.
	previous, havePrevious := h.peerDocuments.get(serverID, hostport, path)
	havePrevious = havePrevious && h.refreshDiscovery
	if havePrevious && previous.etag != "" {
		req.Header.Set("If-None-Match", previous.etag)
	}

	writer := responsewriterutil.NewInMemoryResponseWriter()
	h.proxyRequestToDestinationAPIServer(req, writer, hostport, schema.GroupVersionResource{})
	if writer.RespCode() == http.StatusNotModified && havePrevious {
		return previous.list, nil
	}
	if writer.RespCode() != http.StatusOK {
		return nil, fmt.Errorf("discovery request failed with status: %d", writer.RespCode())
	}

	parsed := &apidiscoveryv2.APIGroupDiscoveryList{}
	if err := runtime.DecodeInto(h.discoverySerializer.UniversalDecoder(), writer.Data(), parsed); err != nil {
		return nil, fmt.Errorf("error decoding discovery response: %w", err)
	}
	if h.refreshDiscovery {
		h.peerDocuments.put(serverID, hostport, path, peerDocument{etag: writer.Header().Get("ETag"), list: parsed})
	}

	return parsed, nil
}

// handleSyncPeerDiscoveryCacheErr checks if an error happened during peer discovery sync and makes sure we will retry later.
func (h *peerProxyHandler) handleSyncPeerDiscoveryCacheErr(err error, key string) {
	if err == nil {
		h.peerLeaseQueue.Forget(key)
		return
	}

	if h.peerLeaseQueue.NumRequeues(key) < maxRetries {
		klog.Infof("Error syncing discovery for peer lease %v: %v", key, err)
		h.peerLeaseQueue.AddRateLimited(key)
		return
	}

	h.peerLeaseQueue.Forget(key)
	utilruntime.HandleError(err)
	klog.Infof("Dropping lease %s out of the queue: %v", key, err)
}

func (h *peerProxyHandler) isValidPeerIdentityLease(obj interface{}) (*v1.Lease, bool) {
	lease, ok := obj.(*v1.Lease)
	if !ok {
		tombstone, ok := obj.(cache.DeletedFinalStateUnknown)
		if !ok {
			utilruntime.HandleError(fmt.Errorf("unexpected object type: %T", obj))
			return nil, false
		}
		if lease, ok = tombstone.Obj.(*v1.Lease); !ok {
			utilruntime.HandleError(fmt.Errorf("unexpected object type: %T", obj))
			return nil, false
		}
	}

	if lease == nil {
		klog.Error(fmt.Errorf("nil lease object provided"))
		return nil, false
	}

	if h.identityLeaseLabelSelector != nil && h.identityLeaseLabelSelector.String() != "" {
		identityLeaseLabel := strings.Split(h.identityLeaseLabelSelector.String(), "=")
		if len(identityLeaseLabel) != 2 {
			klog.Errorf("invalid identityLeaseLabelSelector format: %s", h.identityLeaseLabelSelector.String())
			return nil, false
		}

		if lease.Labels == nil || lease.Labels[identityLeaseLabel[0]] != identityLeaseLabel[1] {
			klog.V(4).Infof("lease %s/%s does not match label selector: %s=%s", lease.Namespace, lease.Name, identityLeaseLabel[0], identityLeaseLabel[1])
			return nil, false
		}

	}

	// Ignore self.
	if lease.Name == h.serverID {
		return nil, false
	}

	if lease.Spec.HolderIdentity == nil {
		klog.Error(fmt.Errorf("invalid lease object provided, missing holderIdentity in lease obj"))
		return nil, false
	}

	return lease, true
}

func (h *peerProxyHandler) findServiceableByPeerFromPeerDiscoveryCache(gvr schema.GroupVersionResource) []string {
	var serviceableByIDs []string
	cache := h.peerDiscoveryInfoCache.Load()
	if cache == nil {
		return serviceableByIDs
	}

	cacheMap, ok := cache.(map[string]PeerDiscoveryCacheEntry)
	if !ok {
		klog.Warning("Invalid cache type in peerDiscoveryInfoCache")
		return serviceableByIDs
	}

	for peerID, peerData := range cacheMap {
		// Ignore local apiserver.
		if peerID == h.serverID {
			continue
		}
		if _, exists := peerData.GVRs[gvr]; exists {
			serviceableByIDs = append(serviceableByIDs, peerID)
		}
	}
	return serviceableByIDs
}
