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

package peerproxy

import (
	"context"
	"encoding/json"
	"net/http"
	"path"
	"strings"
	"testing"
	"time"

	apidiscoveryv2 "k8s.io/api/apidiscovery/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/client-go/rest"
)

// TestEveryGroupVersionMergedDiscoveryListsHasItsDocuments is issue 38:
// through the older server, every group-version its merged /apis (and
// /api) lists has a group document and a group-version document that name
// it and its resources, batch/v1 (served only by the peer) included, as
// upstream's conformance test "Discovery should locate the groupVersion
// and a resource within each APIGroup" and client-go's legacy discovery
// expect. The peer-only documents come from the peer, marked as proxied.
// When that peer vanishes while its leases stay (a crash, a hang, a
// partition), they are 503 with Retry-After, never 404.
func TestEveryGroupVersionMergedDiscoveryListsHasItsDocuments(t *testing.T) {
	cp := newControlPlane(t)
	recorder := newPeerRecorder(t, cp.pki)
	newer := cp.start("newer", true, recorder.advertiseFlags()...)
	recorder.forwardTo(newer.hostPort(t))
	older := cp.start("older", true, olderServerRuntimeConfig)
	waitForDiscovery(t, older, "batch/v1 of the newer server is listed", time.Minute, func(d discoveryResponse) bool {
		return d.has("batch", "v1")
	})

	for _, root := range []string{"/api", "/apis"} {
		merged := getMergedDiscovery(t, older, root)
		if len(merged.Items) == 0 {
			t.Fatalf("merged %s of %s lists nothing", root, older.name)
		}
		for _, group := range merged.Items {
			if root == "/apis" {
				expectGroupDocument(t, older, group)
			}
			for _, version := range group.Versions {
				expectGroupVersionDocument(t, older, path.Join(root, group.Name, version.Version), version)
			}
		}
	}
	for _, p := range []string{"/apis/batch", "/apis/batch/v1"} {
		seen := recorder.requestsFor(p)
		if len(seen) == 0 {
			t.Errorf("%s through %s did not reach %s", p, older.name, newer.name)
		}
		for _, req := range seen {
			if got := req.Header.Get("X-Kubernetes-Peer-Proxied"); got != "true" {
				t.Errorf("%s reached %s with x-kubernetes-peer-proxied=%q, want \"true\"", p, newer.name, got)
			}
		}
	}

	// The only capable peer vanishes; its leases stay valid.
	recorder.kill()
	for _, p := range []string{"/apis/batch/v1", "/apis/batch", "/apis/batch/"} {
		resp := rawGet(t, older, p)
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
			t.Errorf("GET %s through %s with its only capable peer unreachable: %d (Retry-After %q), want 503 with Retry-After", p, older.name, resp.StatusCode, resp.Header.Get("Retry-After"))
		}
	}
	// What the older server serves itself is unaffected.
	if resp := rawGet(t, older, "/apis/apps/v1"); resp.StatusCode != http.StatusOK {
		t.Errorf("GET /apis/apps/v1 through %s with a peer unreachable: %d, want 200", older.name, resp.StatusCode)
	}
}

// getMergedDiscovery is the peer-aggregated discovery document of s at
// root (/api or /apis).
func getMergedDiscovery(t *testing.T, s *apiserver, root string) apidiscoveryv2.APIGroupDiscoveryList {
	t.Helper()
	var list apidiscoveryv2.APIGroupDiscoveryList
	getDocument(t, s, root, acceptMerged, &list)
	return list
}

// expectGroupDocument checks /apis/<group> of s against the group as
// merged discovery lists it: the same name and every version, and a
// preferred version among them.
func expectGroupDocument(t *testing.T, s *apiserver, merged apidiscoveryv2.APIGroupDiscovery) {
	t.Helper()
	var group metav1.APIGroup
	p := "/apis/" + merged.Name
	if !getDocument(t, s, p, "application/json", &group) {
		return
	}
	versions := sets.New[string]()
	for _, v := range group.Versions {
		versions.Insert(v.Version)
	}
	for _, v := range merged.Versions {
		if !versions.Has(v.Version) {
			t.Errorf("%s through %s lists versions %v, lacking %s that merged /apis lists", p, s.name, sets.List(versions), v.Version)
		}
	}
	if group.Name != merged.Name || !versions.Has(group.PreferredVersion.Version) {
		t.Errorf("%s through %s: group %q with preferred version %q of %v, want group %q and a preferred version it lists", p, s.name, group.Name, group.PreferredVersion.Version, sets.List(versions), merged.Name)
	}
}

// expectGroupVersionDocument checks the APIResourceList at p against the
// version as merged discovery lists it: the same group-version and every
// resource.
func expectGroupVersionDocument(t *testing.T, s *apiserver, p string, merged apidiscoveryv2.APIVersionDiscovery) {
	t.Helper()
	var list metav1.APIResourceList
	if !getDocument(t, s, p, "application/json", &list) {
		return
	}
	want := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(p, "/apis/"), "/api/"), "/")
	if list.GroupVersion != want {
		t.Errorf("%s through %s names group-version %q, want %q", p, s.name, list.GroupVersion, want)
	}
	resources := sets.New[string]()
	for _, r := range list.APIResources {
		resources.Insert(r.Name)
	}
	for _, r := range merged.Resources {
		if !resources.Has(r.Resource) {
			t.Errorf("%s through %s lacks resource %s that merged discovery lists", p, s.name, r.Resource)
		}
	}
}

// getDocument GETs p from s with accept into out. It fails t and returns
// false on any answer but 200.
func getDocument(t *testing.T, s *apiserver, p, accept string, out any) bool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client, err := rest.HTTPClientFor(s.admin)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.admin.Host+p, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", accept)
	resp, err := client.Do(req)
	if err != nil {
		t.Errorf("GET %s through %s: %v", p, s.name, err)
		return false
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET %s through %s answered %d, want 200", p, s.name, resp.StatusCode)
		return false
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Errorf("decoding %s of %s: %v", p, s.name, err)
		return false
	}
	return true
}
