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
	"net/http"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Peer-aggregated /apis lists the group-versions of every peer, but the
// per-group documents behind it, /apis/<group> (an APIGroup) and
// /apis/<group>/<version> (an APIResourceList), are non-resource requests
// that each server answers from what it serves itself. Clients follow one
// to the other: client-go's legacy discovery, RESTMappers built from it and
// kubectl fetch /apis/<group>/<version> for every group-version they were
// told about. A server that cannot serve a group-version its merged /apis
// lists must hand those documents to a peer that serves it, under the same
// rules as a resource request: failover between capable peers, 503 with
// Retry-After (never 404) while they are unreachable or a new peer process
// is not fetched yet.

// peerDocumentResponseHeaderTimeout is the response header deadline of a
// discovery document sent to a peer. It must end before the 5 s that
// NewRequestForProxy (k8s.io/apiserver/pkg/util/proxy) gives every
// /apis/<group>/<version> request it proxies: when that context expires
// first, the attempt ends as if the client had run out of time, and the
// client gets a bare 503 instead of the next capable peer's answer. A live
// peer serves the document from memory in milliseconds. A variable only so
// that tests need not wait for it.
var peerDocumentResponseHeaderTimeout = 3 * time.Second

// discoveryDocumentGroupVersion returns the group (and, for a group-version
// document, the version) of a GET or HEAD of /apis/<group>[/<version>].
// The core group's /api/v1 is not one: every kube-apiserver serves it.
func discoveryDocumentGroupVersion(r *http.Request) (schema.GroupVersion, bool) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return schema.GroupVersion{}, false
	}
	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	if parts[0] != "apis" || len(parts) < 2 || len(parts) > 3 || parts[1] == "" {
		return schema.GroupVersion{}, false
	}
	gv := schema.GroupVersion{Group: parts[1]}
	if len(parts) == 3 {
		if parts[2] == "" {
			return schema.GroupVersion{}, false
		}
		gv.Version = parts[2]
	}
	return gv, true
}

// serveDiscoveryDocument serves the discovery document of gv (a whole group
// when gv.Version is empty) locally if this server serves gv, and from a
// capable peer otherwise.
func (h *peerProxyHandler) serveDiscoveryDocument(w http.ResponseWriter, r *http.Request, local http.Handler, gv schema.GroupVersion) {
	if h.servesGroupVersionLocally(gv) {
		local.ServeHTTP(w, r)
		return
	}
	// The metrics label a discovery document with its group and version
	// and an empty resource.
	gvr := gv.WithResource("")
	peers := h.peersListingGroupVersion(gv)
	if len(peers) == 0 {
		h.serveWithoutCapablePeer(w, r, local, gvr, h.customAPIDefines(gv))
		return
	}
	h.proxyToCapablePeers(w, r, gvr, peers)
}

// matchesGroupVersion reports whether group and version are gv, or of gv's
// group when gv.Version is empty.
func matchesGroupVersion(gv schema.GroupVersion, group, version string) bool {
	return group == gv.Group && (gv.Version == "" || version == gv.Version)
}

// servesGroupVersionLocally reports whether the local discovery snapshot
// has a resource of gv (of any version of its group when gv.Version is
// empty). A group this server serves only partly is answered locally: its
// own /apis, in the unaggregated form, lists the same versions.
func (h *peerProxyHandler) servesGroupVersionLocally(gv schema.GroupVersion) bool {
	local, _ := h.localDiscoveryInfoCache.Load().(map[schema.GroupVersionResource]bool)
	for gvr, served := range local {
		if served && matchesGroupVersion(gv, gvr.Group, gvr.Version) {
			return true
		}
	}
	return false
}

// peersListingGroupVersion returns the IDs of the peers whose discovery, as
// merged into /apis, lists gv (any version of its group when gv.Version is
// empty). It reads the group list rather than the resources, so a listed
// group-version is found even when it has no resources.
func (h *peerProxyHandler) peersListingGroupVersion(gv schema.GroupVersion) []string {
	peers, _ := h.peerDiscoveryInfoCache.Load().(map[string]PeerDiscoveryCacheEntry)
	var ids []string
	for id, entry := range peers {
		if id == h.serverID {
			continue
		}
		if groupDiscoveryLists(entry, gv) {
			ids = append(ids, id)
		}
	}
	return ids
}

func groupDiscoveryLists(entry PeerDiscoveryCacheEntry, gv schema.GroupVersion) bool {
	for _, group := range entry.GroupDiscovery {
		for _, version := range group.Versions {
			if matchesGroupVersion(gv, group.Name, version.Version) {
				return true
			}
		}
	}
	return false
}

// customAPIDefines reports whether a CRD or an APIService defines gv (any
// version of its group when gv.Version is empty). For a whole group only
// the exclusion set is read, which follows the informers' events.
func (h *peerProxyHandler) customAPIDefines(gv schema.GroupVersion) bool {
	if gv.Version != "" {
		return h.servedByCustomAPI(gv)
	}
	h.excludedGVsMu.RLock()
	defer h.excludedGVsMu.RUnlock()
	for excluded, deletedAt := range h.excludedGVs {
		if excluded.Group == gv.Group && deletedAt == nil {
			return true
		}
	}
	return false
}
