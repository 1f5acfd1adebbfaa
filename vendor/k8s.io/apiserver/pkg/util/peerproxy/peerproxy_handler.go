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
	"math/rand"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/util/httpstream"
	"k8s.io/apimachinery/pkg/util/proxy"
	"k8s.io/apiserver/pkg/endpoints/handlers/responsewriters"
	"k8s.io/apiserver/pkg/endpoints/responsewriter"
	"k8s.io/apiserver/pkg/reconcilers"
	"k8s.io/apiserver/pkg/util/peerproxy/metrics"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/transport"
	"k8s.io/client-go/util/workqueue"
	"k8s.io/klog/v2"

	apidiscoveryv2 "k8s.io/api/apidiscovery/v2"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	schema "k8s.io/apimachinery/pkg/runtime/schema"
	epmetrics "k8s.io/apiserver/pkg/endpoints/metrics"
	apirequest "k8s.io/apiserver/pkg/endpoints/request"
	apiserverproxyutil "k8s.io/apiserver/pkg/util/proxy"
	coordinationv1informers "k8s.io/client-go/informers/coordination/v1"
)

const (
	PeerProxiedHeader = "x-kubernetes-peer-proxied"
)

type peerProxyHandler struct {
	// failover is the KubecarryPeerProxyFailover gate: fail over between
	// capable peers, keep unreachable peers' last discovery, answer 503 with
	// Retry-After, short peer timeouts. Off: upstream v1.36 behaviour.
	failover bool
	// refreshDiscovery is the KubecarryPeerDiscoveryRefresh gate: periodic
	// conditional refreshes, expired identity leases ignored, tombstones.
	refreshDiscovery bool

	name string
	// Identity for this server.
	serverID     string
	finishedSync atomic.Bool

	// Label to check against in identity leases to make sure
	// we are working with apiserver identity leases only.
	identityLeaseLabelSelector labels.Selector
	apiserverIdentityInformer  coordinationv1informers.LeaseInformer
	leaseRegistration          cache.ResourceEventHandlerRegistration
	// Reconciler that is used to fetch host port of peer apiserver when proxying request to a peer.
	reconciler reconcilers.PeerEndpointLeaseReconciler
	// Client to make discovery calls locally.
	discoveryClient     *discovery.DiscoveryClient
	discoverySerializer serializer.CodecFactory
	// Cache that stores resources served by this apiserver. Refreshed periodically.
	// We always look up in the local discovery cache first, to check whether the
	// request can be served by this apiserver instead of proxying it to a peer.
	localDiscoveryInfoCache              atomic.Value
	localDiscoveryCacheTicker            *time.Ticker
	localDiscoveryInfoCachePopulated     chan struct{}
	localDiscoveryInfoCachePopulatedOnce sync.Once
	// Cache that stores resources and groups served by peer apiservers.
	// The map is from string to PeerDiscoveryCacheEntry where the string
	// is the serverID of the peer apiserver.
	// Refreshed if a new apiserver identity lease is added, deleted or
	// holderIndentity change is observed in the lease.
	// It is the filtered view of rawPeerDiscoveryCache (see exclusions).
	peerDiscoveryInfoCache atomic.Value // map[string]struct{GVRs map[schema.GroupVersionResource]bool; Groups []apidiscoveryv2.APIGroupDiscovery}
	// rawPeerDiscoveryCache is what the peers serve, as last fetched, before
	// exclusions; it is written only by the peer discovery sync.
	rawPeerDiscoveryCache atomic.Value // map[string]PeerDiscoveryCacheEntry
	// refilterMu serialises the derivation of peerDiscoveryInfoCache.
	refilterMu sync.Mutex
	// peerDocuments keeps the peers' discovery documents for conditional
	// refreshes.
	peerDocuments *peerDocumentCache
	// peerDiscoveryRefreshInterval is how often peer discovery is re-fetched
	// even when no identity lease changed.
	peerDiscoveryRefreshInterval time.Duration
	// backoff orders capable peers for failover, unreachable ones last.
	backoff *peerBackoff
	// holders tracks which peer processes have been fetched; while one has
	// not, resources nobody is known to serve get 503, not 404.
	holders *peerHolders
	// endpoints caches the peers' host:port from their peer endpoint leases;
	// nil when the KubecarryPeerEndpointCache gate is off.
	endpoints      *peerEndpointCache
	proxyTransport http.RoundTripper
	// Worker queue that keeps the peerDiscoveryInfoCache up-to-date.
	peerLeaseQueue            workqueue.TypedRateLimitingInterface[string]
	serializer                runtime.NegotiatedSerializer
	cacheInvalidationCallback atomic.Pointer[func()]
	// Exclusion set for groups that should not be included in peer proxying
	// or peer-aggregated discovery (e.g., CRDs/APIServices)
	//
	// This map has three states for a group:
	// - Not in map: Group is not excluded.
	// - In map, value is nil: Group is actively excluded.
	// - In map, value is non-nil: Group is pending deletion (grace period).
	excludedGVs map[schema.GroupVersion]*time.Time
	// tombstones are group-versions whose grace period ended. They stay
	// excluded until the next peer discovery sync has fetched every peer
	// again, so a peer's document from before it saw the deletion cannot
	// bring them back.
	tombstones          map[schema.GroupVersion]struct{}
	excludedGVsMu       sync.RWMutex
	crdInformer         cache.SharedIndexInformer
	crdExtractor        GVExtractor
	apiServiceInformer  cache.SharedIndexInformer
	apiServiceExtractor GVExtractor

	exclusionGracePeriod time.Duration
	reaperCheckInterval  time.Duration

	// Worker queue for processing GV deletions asynchronously
	gvDeletionQueue workqueue.TypedRateLimitingInterface[string]
}

// PeerDiscoveryCacheEntry holds the GVRs and group-level discovery info for a peer.
type PeerDiscoveryCacheEntry struct {
	GVRs           map[schema.GroupVersionResource]bool
	GroupDiscovery []apidiscoveryv2.APIGroupDiscovery
}

// responder implements rest.Responder for assisting a connector in writing objects or errors.
type responder struct {
	w   http.ResponseWriter
	ctx context.Context
	// holdConnectErrors makes Error record failures after which another
	// peer may be tried (connection failures; see isReplayableFailure) in
	// connectErr instead of answering them.
	holdConnectErrors bool
	connectErr        error
	recorder          *connectErrorRecorder
	// dialCtx bounds the dial and TLS handshake of an upgrade request
	// (see withUpgradeDialDeadline); nil for other requests.
	dialCtx context.Context
}

func (h *peerProxyHandler) RegisterCacheInvalidationCallback(cb func()) {
	h.cacheInvalidationCallback.Store(&cb)
}

func (h *peerProxyHandler) HasFinishedSync() bool {
	return h.finishedSync.Load()
}

func (h *peerProxyHandler) WaitForCacheSync(stopCh <-chan struct{}) error {
	ok := cache.WaitForNamedCacheSync("mixed-version-proxy", stopCh, h.apiserverIdentityInformer.Informer().HasSynced)
	if !ok {
		return fmt.Errorf("error while waiting for initial cache sync")
	}

	if !cache.WaitForNamedCacheSync(peerDiscoveryControllerName, stopCh, h.leaseRegistration.HasSynced) {
		return fmt.Errorf("error while waiting for peer-identity-lease event handler registration sync")
	}

	if h.crdInformer != nil && !cache.WaitForNamedCacheSync("peer-discovery-crd-informer", stopCh, h.crdInformer.HasSynced) {
		return fmt.Errorf("error while waiting for crd informer sync")
	}

	if h.apiServiceInformer != nil && !cache.WaitForNamedCacheSync("peer-discovery-api-service-informer", stopCh, h.apiServiceInformer.HasSynced) {
		return fmt.Errorf("error while waiting for apiservice informer sync")
	}

	// Wait for localDiscoveryInfoCache to be populated.
	select {
	case <-h.localDiscoveryInfoCachePopulated:
	case <-stopCh:
		return fmt.Errorf("stop signal received while waiting for local discovery cache population")
	}

	h.finishedSync.Store(true)
	return nil
}

// WrapHandler will fetch the apiservers that can serve the request and either serve it locally
// or route it to a peer
func (h *peerProxyHandler) WrapHandler(handler http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		requestInfo, ok := apirequest.RequestInfoFrom(ctx)
		if !ok {
			responsewriters.InternalError(w, r, errors.New("no RequestInfo found in the context"))
			return
		}

		// Allow non-resource requests
		if !requestInfo.IsResourceRequest {
			if gv, ok := discoveryDocumentGroupVersion(r); ok && h.failover && r.Header.Get(PeerProxiedHeader) != "true" && h.HasFinishedSync() {
				h.serveDiscoveryDocument(w, r, handler, gv)
				return
			}
			klog.V(3).Infof("Not a resource request skipping proxying")
			handler.ServeHTTP(w, r)
			return
		}

		// Request has already been proxied once, it must be served locally
		if r.Header.Get(PeerProxiedHeader) == "true" {
			klog.V(3).Infof("Already rerouted once, skipping proxying to peer")
			handler.ServeHTTP(w, r)
			return
		}

		// Apiserver Identity Informers is not synced yet, pass request to next handler
		// This will happen for self requests from the kube-apiserver because we have a poststarthook
		// to ensure that external requests are not served until the ApiserverIdentity Informer has synced
		if !h.HasFinishedSync() {
			handler.ServeHTTP(w, r)
			return
		}

		gvr := schema.GroupVersionResource{Group: requestInfo.APIGroup, Version: requestInfo.APIVersion, Resource: requestInfo.Resource}

		if h.shouldServeLocally(gvr) {
			handler.ServeHTTP(w, r)
			return
		}

		// find servers that are capable of serving this request
		peerServerIDs := h.findServiceableByPeerFromPeerDiscoveryCache(gvr)
		if len(peerServerIDs) == 0 {
			h.serveWithoutCapablePeer(w, r, handler, gvr, h.failover && h.servedByCustomAPI(gvr.GroupVersion()))
			return
		}
		h.proxyToCapablePeers(w, r, gvr, peerServerIDs)
	})
}

// serveWithoutCapablePeer serves a request for gvr that no known peer
// serves. customAPI says that a CRD or an APIService defines it: every
// server serves those from the shared storage or through the APIService,
// so they are excluded from peer data, and the local discovery snapshot may
// predate them. The local handler decides, unless a peer process is
// pending: it may serve gvr.
func (h *peerProxyHandler) serveWithoutCapablePeer(w http.ResponseWriter, r *http.Request, local http.Handler, gvr schema.GroupVersionResource, customAPI bool) {
	if customAPI {
		local.ServeHTTP(w, r)
		return
	}
	if pending := h.holders.pending(); h.failover && len(pending) > 0 {
		// A peer that joined or restarted may serve it: it is
		// not known yet what that process serves.
		klog.V(2).InfoS("Resource not served by any known peer while the discovery of a new peer process is pending", "gvr", gvr, "peers", pending)
		gv := schema.GroupVersion{Group: gvr.Group, Version: gvr.Version}
		responsewriters.ErrorNegotiated(peersUnavailable(fmt.Sprintf(
			"%v is not served by any known peer, and the discovery of peers %v, which joined or restarted, is not fetched yet",
			gvr, pending)), h.serializer, gv, w, r)
		return
	}
	// Per request, and for a client's typo as much as for a real
	// gap: not an error log line each time.
	klog.V(3).Infof("gvr %v is not served by anything in this cluster", gvr)
	local.ServeHTTP(w, r)
}

// proxyToCapablePeers proxies a request for gvr to one of the peers with
// the given server IDs, all of which serve it.
func (h *peerProxyHandler) proxyToCapablePeers(w http.ResponseWriter, r *http.Request, gvr schema.GroupVersionResource, peerServerIDs []string) {
	peerEndpoints, err := h.resolveServingLocation(peerServerIDs)
	if err != nil {
		gv := schema.GroupVersion{Group: gvr.Group, Version: gvr.Version}
		klog.ErrorS(err, "error finding serviceable-by apiservers for the requested resource", "gvr", gvr)
		metrics.IncPeerProxyError(r.Context(), metrics.ProxyErrorEndpointResolution, gvr.Group, gvr.Version, gvr.Resource)
		const msg = "Error getting ip and port info of the remote server while proxying"
		if !h.failover {
			responsewriters.ErrorNegotiated(apierrors.NewServiceUnavailable(msg), h.serializer, gv, w, r)
			return
		}
		responsewriters.ErrorNegotiated(peersUnavailable(msg), h.serializer, gv, w, r)
		return
	}

	if !h.failover {
		// Upstream: one capable peer at random, its failure answered.
		h.proxyRequestToDestinationAPIServer(r, w, peerEndpoints[rand.Intn(len(peerEndpoints))], gvr)
		return
	}
	h.proxyWithFailover(w, r, peerEndpoints, gvr)
}

// resolveServingLocation resolves the host:port addresses for the given peer IDs.
func (h *peerProxyHandler) resolveServingLocation(peerIDs []string) ([]string, error) {
	var peerServerEndpoints []string
	var errs []error

	for _, id := range peerIDs {
		hostPort, err := h.hostportInfo(id)
		if err != nil {
			errs = append(errs, err)
			continue
		}

		peerServerEndpoints = append(peerServerEndpoints, hostPort)
	}

	// reset err if there was atleast one valid peer server found.
	if len(peerServerEndpoints) > 0 {
		errs = nil
	}

	return peerServerEndpoints, errors.Join(errs...)
}

func (h *peerProxyHandler) hostportInfo(apiserverKey string) (string, error) {
	var hostPort string
	var err error
	if h.endpoints != nil {
		hostPort, err = h.endpoints.get(apiserverKey)
	} else {
		hostPort, err = h.reconciler.GetEndpoint(apiserverKey)
	}
	if err != nil {
		return "", err
	}

	_, _, err = net.SplitHostPort(hostPort)
	if err != nil {
		return "", err
	}

	return hostPort, nil
}

// proxyRequestToDestinationAPIServer proxies req to the peer at host; gvr
// labels the metrics and is empty for peer discovery requests.
func (h *peerProxyHandler) proxyRequestToDestinationAPIServer(req *http.Request, rw http.ResponseWriter, host string, gvr schema.GroupVersionResource) {
	_ = h.proxyToPeer(req, rw, host, gvr, false)
}

// proxyToPeer proxies req to the peer at host. With holdConnectErrors, a
// failure after which another peer may be tried (the peer received nothing,
// or a safe request got no answer; see isReplayableFailure) is returned
// instead of being answered, and nothing is written to rw, so that the
// caller can try another peer.
func (h *peerProxyHandler) proxyToPeer(req *http.Request, rw http.ResponseWriter, host string, gvr schema.GroupVersionResource, holdConnectErrors bool) error {
	// write a new location based on the existing request pointed at the target service
	location := &url.URL{}
	location.Scheme = "https"
	location.Host = host
	location.Path = req.URL.Path
	location.RawQuery = req.URL.Query().Encode()

	newReq, cancelFn := apiserverproxyutil.NewRequestForProxy(location, req)
	newReq.Header.Add(PeerProxiedHeader, "true")
	defer cancelFn()

	upgrade := httpstream.IsUpgradeRequest(req)
	proxyRoundTripper, err := h.buildProxyRoundtripper(req)
	if err != nil {
		klog.Errorf("failed to build proxy round tripper: %v", err)
		metrics.IncPeerProxyError(req.Context(), metrics.ProxyErrorTransport, gvr.Group, gvr.Version, gvr.Resource)
		// Upstream returns here without an answer, which the client sees
		// as an empty 200.
		responsewriters.ErrorNegotiated(err, h.serializer, schema.GroupVersion{Group: gvr.Group, Version: gvr.Version}, rw, req)
		return nil
	}

	delegate := &epmetrics.ResponseWriterDelegator{ResponseWriter: rw}
	w := responsewriter.WrapForHTTP1Or2(delegate)
	resp := &responder{w: w, ctx: req.Context(), holdConnectErrors: holdConnectErrors}
	// The proxy's own transport wrapper turns errors into strings; record
	// connection failures before that happens.
	recorder := &connectErrorRecorder{RoundTripper: proxyRoundTripper}
	resp.recorder = recorder
	if d := responseHeaderTimeout(req); holdConnectErrors && d > 0 {
		// Failover: a peer that hangs a request it may lose is left for
		// the next capable one.
		var release func()
		newReq, release = withResponseHeaderDeadline(newReq, recorder, d)
		defer release()
	}
	if upgrade {
		// An upgrade request is dialled by the proxy itself, not sent
		// through the round tripper that adds the caller's identity: set
		// it here, or the peer serves the WebSocket as nobody (or not at
		// all).
		if err := setPeerIdentityHeaders(newReq); err != nil {
			responsewriters.ErrorNegotiated(err, h.serializer, schema.GroupVersion{Group: gvr.Group, Version: gvr.Version}, rw, req)
			return nil
		}
		if h.failover {
			// The proxy dials with the request's context, and the TLS
			// handshake has no timeout of its own there: a peer that
			// accepts TCP but never speaks TLS would hold the client.
			var release func()
			newReq, release = withUpgradeDialDeadline(newReq, resp)
			defer release()
		}
	}
	handler := proxy.NewUpgradeAwareHandler(location, recorder, true, upgrade, resp)
	// Per request, so not at the default level: at -v=0 this line was one
	// log write for every proxied request.
	klog.V(4).InfoS("Proxying request to peer", "path", req.URL.Path, "peer", location.Host)
	handler.ServeHTTP(w, newReq)
	if resp.connectErr != nil {
		return resp.connectErr
	}
	// Peer discovery fetches count too, with an empty group, version and
	// resource, as upstream's help text says.
	metrics.IncPeerProxiedRequest(req.Context(), strconv.Itoa(delegate.Status()), gvr.Group, gvr.Version, gvr.Resource)
	return nil
}

func (h *peerProxyHandler) buildProxyRoundtripper(req *http.Request) (http.RoundTripper, error) {
	user, ok := apirequest.UserFrom(req.Context())
	if !ok {
		return nil, apierrors.NewBadRequest("no user details present in request")
	}

	return transport.NewAuthProxyRoundTripper(user.GetName(), user.GetUID(), user.GetGroups(), user.GetExtra(), h.proxyTransport), nil
}

// setPeerIdentityHeaders puts the identity of the request's user on req as
// the front-proxy headers peers authenticate it by.
func setPeerIdentityHeaders(req *http.Request) error {
	user, ok := apirequest.UserFrom(req.Context())
	if !ok {
		return apierrors.NewBadRequest("no user details present in request")
	}
	transport.SetAuthProxyHeaders(req, user.GetName(), user.GetUID(), user.GetGroups(), user.GetExtra())
	return nil
}

func (r *responder) Error(w http.ResponseWriter, req *http.Request, err error) {
	if r.upgradeDialTimedOut(err) {
		err = fmt.Errorf("dialing the peer for an upgrade request: %w", errPeerUpgradeDialTimeout)
	}
	if r.holdConnectErrors && (isConnectError(err) || r.recorder.err != nil) {
		// Nothing was written yet: the proxy calls the responder before
		// copying any response when the round trip got no response. The
		// recorder's error is the transport's own; err may be its text.
		r.connectErr = err
		if r.recorder.err != nil {
			r.connectErr = r.recorder.err
		}
		return
	}
	klog.ErrorS(err, "Error while proxying request to destination apiserver")
	http.Error(w, err.Error(), http.StatusServiceUnavailable)
}

// GetPeerResources implements PeerDiscoveryProvider interface
// Returns a map of serverID -> []apidiscoveryv2.APIGroupDiscovery served by peer servers
func (h *peerProxyHandler) GetPeerResources() map[string][]apidiscoveryv2.APIGroupDiscovery {
	result := make(map[string][]apidiscoveryv2.APIGroupDiscovery)

	peerCache := h.peerDiscoveryInfoCache.Load()
	if peerCache == nil {
		klog.V(4).Infof("GetPeerResources: peer cache is nil")
		return result
	}

	cacheMap, ok := peerCache.(map[string]PeerDiscoveryCacheEntry)
	if !ok {
		klog.Warning("Invalid cache type in peerDiscoveryGVRCache")
		return result
	}

	for serverID, peerData := range cacheMap {
		if serverID == h.serverID {
			klog.V(4).Infof("GetPeerResources: skipping local server %s", serverID)
			continue // Skip local server
		}
		result[serverID] = peerData.GroupDiscovery
	}

	return result
}
