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

package metrics

import (
	"context"
	"sync"

	"k8s.io/component-base/metrics"
	"k8s.io/component-base/metrics/legacyregistry"
)

const (
	subsystem = "apiserver"

	labelCode      = "code"
	labelGroup     = "group"
	labelVersion   = "version"
	labelResource  = "resource"
	labelErrorType = "type"
)

// Values of the "type" label of apiserver_peer_proxy_errors_total. The
// first two are v1.36's.
const (
	// ProxyErrorEndpointResolution: no network address of any capable peer
	// could be resolved from the peer endpoint leases.
	ProxyErrorEndpointResolution = "endpoint_resolution"
	// ProxyErrorTransport: the proxy transport for the request could not be
	// built.
	ProxyErrorTransport = "proxy_transport"
	// ProxyErrorPeerUnreachable: a capable peer could not be connected to
	// (dial or TLS handshake failed, nothing was sent), so the request was
	// tried on another peer or answered 503.
	ProxyErrorPeerUnreachable = "peer_unreachable"
)

// Values of the "type" label of apiserver_peer_discovery_sync_errors_total,
// as in v1.36.
const (
	// DiscoveryErrorLeaseList: the identity leases could not be listed.
	DiscoveryErrorLeaseList = "lease_list"
	// DiscoveryErrorHostPortResolution: a peer's address could not be
	// resolved from its endpoint lease.
	DiscoveryErrorHostPortResolution = "hostport_resolution"
	// DiscoveryErrorFetch: a peer's discovery document could not be fetched.
	DiscoveryErrorFetch = "fetch_discovery"
)

var registerMetricsOnce sync.Once

var (
	// peerProxiedRequestsTotal counts requests proxied to a peer, by the
	// status the client got and the group-version-resource; all three empty
	// for the discovery requests a server sends to its peers.
	peerProxiedRequestsTotal = metrics.NewCounterVec(
		&metrics.CounterOpts{
			Subsystem:      subsystem,
			Name:           "rerouted_request_total",
			Help:           `Total number of requests that were proxied to a peer kube-apiserver because the local apiserver was not capable of serving it, broken down by 'group', 'version', and 'resource' indicating the GVR of the request. If all three are empty (""), the request is a discovery request.`,
			StabilityLevel: metrics.ALPHA,
		},
		[]string{labelCode, labelGroup, labelVersion, labelResource},
	)

	// peerProxyErrorsTotal counts failures on the way to a peer.
	peerProxyErrorsTotal = metrics.NewCounterVec(
		&metrics.CounterOpts{
			Subsystem:      subsystem,
			Name:           "peer_proxy_errors_total",
			Help:           "Total number of errors encountered while proxying requests to a peer kube apiserver",
			StabilityLevel: metrics.ALPHA,
		},
		[]string{labelErrorType, labelGroup, labelVersion, labelResource},
	)

	// peerDiscoverySyncErrorsTotal counts failures of the peer discovery sync.
	peerDiscoverySyncErrorsTotal = metrics.NewCounterVec(
		&metrics.CounterOpts{
			Subsystem:      subsystem,
			Name:           "peer_discovery_sync_errors_total",
			Help:           "Total number of errors encountered while syncing discovery information from a peer kube-apiserver",
			StabilityLevel: metrics.ALPHA,
		},
		[]string{labelErrorType},
	)
)

// Register registers the peer proxy metrics in the legacy registry, once.
func Register() {
	registerMetricsOnce.Do(func() {
		legacyregistry.MustRegister(peerProxiedRequestsTotal)
		legacyregistry.MustRegister(peerProxyErrorsTotal)
		legacyregistry.MustRegister(peerDiscoverySyncErrorsTotal)
	})
}

// Only used for tests.
func Reset() {
	legacyregistry.Reset()
}

// IncPeerProxiedRequest counts one request proxied to a peer.
func IncPeerProxiedRequest(ctx context.Context, status, group, version, resource string) {
	peerProxiedRequestsTotal.WithContext(ctx).WithLabelValues(status, group, version, resource).Inc()
}

// IncPeerProxyError counts one failure of type errorType while proxying.
func IncPeerProxyError(ctx context.Context, errorType, group, version, resource string) {
	peerProxyErrorsTotal.WithContext(ctx).WithLabelValues(errorType, group, version, resource).Inc()
}

// IncPeerDiscoverySyncError counts one failure of type errorType while
// syncing peer discovery.
func IncPeerDiscoverySyncError(ctx context.Context, errorType string) {
	peerDiscoverySyncErrorsTotal.WithContext(ctx).WithLabelValues(errorType).Inc()
}
