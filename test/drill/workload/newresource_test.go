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

package workload

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	apidiscoveryv2 "k8s.io/api/apidiscovery/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/rest"
)

// resource is a discovered resource of a kind, cluster-scoped with the
// verbs the workload needs unless changed.
func resource(name, kind string, change ...func(*apidiscoveryv2.APIResourceDiscovery)) apidiscoveryv2.APIResourceDiscovery {
	r := apidiscoveryv2.APIResourceDiscovery{
		Resource: name, ResponseKind: &metav1.GroupVersionKind{Kind: kind}, Scope: apidiscoveryv2.ScopeCluster,
		Verbs: []string{"create", "delete", "get", "list", "watch"},
	}
	for _, c := range change {
		c(&r)
	}
	return r
}

func group(name string, versions map[string][]apidiscoveryv2.APIResourceDiscovery, order ...string) apidiscoveryv2.APIGroupDiscovery {
	g := apidiscoveryv2.APIGroupDiscovery{ObjectMeta: metav1.ObjectMeta{Name: name}}
	for _, v := range order {
		g.Versions = append(g.Versions, apidiscoveryv2.APIVersionDiscovery{Version: v, Resources: versions[v]})
	}
	return g
}

// v135 and v136 are the part of discovery that differs between the two
// releases: v1.36 serves MutatingAdmissionPolicy v1 by default.
var (
	vap  = resource("validatingadmissionpolicies", "ValidatingAdmissionPolicy")
	map1 = resource("mutatingadmissionpolicies", "MutatingAdmissionPolicy")
	v135 = []apidiscoveryv2.APIGroupDiscovery{
		group("admissionregistration.k8s.io", map[string][]apidiscoveryv2.APIResourceDiscovery{"v1": {vap}}, "v1"),
		group("storagemigration.k8s.io", map[string][]apidiscoveryv2.APIResourceDiscovery{
			"v1beta1": {resource("storageversionmigrations", "StorageVersionMigration")}}, "v1beta1"),
	}
	v136 = []apidiscoveryv2.APIGroupDiscovery{
		group("admissionregistration.k8s.io", map[string][]apidiscoveryv2.APIResourceDiscovery{"v1": {vap, map1}}, "v1"),
		group("storagemigration.k8s.io", map[string][]apidiscoveryv2.APIResourceDiscovery{
			"v1beta1": {resource("storageversionmigrations", "StorageVersionMigration")}}, "v1beta1"),
	}
	v137 = []apidiscoveryv2.APIGroupDiscovery{
		group("admissionregistration.k8s.io", map[string][]apidiscoveryv2.APIResourceDiscovery{"v1": {vap, map1}}, "v1"),
		group("storagemigration.k8s.io", map[string][]apidiscoveryv2.APIResourceDiscovery{
			"v1":      {resource("storageversionmigrations", "StorageVersionMigration")},
			"v1beta1": {resource("storageversionmigrations", "StorageVersionMigration")}}, "v1", "v1beta1"),
	}
)

func TestPickNewResource(t *testing.T) {
	namespaced := func(r *apidiscoveryv2.APIResourceDiscovery) { r.Scope = apidiscoveryv2.ScopeNamespace }
	noCreate := func(r *apidiscoveryv2.APIResourceDiscovery) { r.Verbs = []string{"get", "list"} }
	for _, tc := range []struct {
		name         string
		newer, older []apidiscoveryv2.APIGroupDiscovery
		want         string
		wantErr      string
	}{
		{name: "1.35 to 1.36", newer: v136, older: v135,
			want: "admissionregistration.k8s.io/v1 mutatingadmissionpolicies (MutatingAdmissionPolicy)"},
		{name: "1.36 to 1.37: a new version of a resource the old release serves in another", newer: v137, older: v136,
			want: "storagemigration.k8s.io/v1 storageversionmigrations (StorageVersionMigration)"},
		{name: "1.35 to 1.37: the first in the new release's order", newer: v137, older: v135,
			want: "admissionregistration.k8s.io/v1 mutatingadmissionpolicies (MutatingAdmissionPolicy)"},
		{name: "the same release", newer: v136, older: v136,
			wantErr: "the new release serves no resource the old release does not"},
		{name: "a downgrade", newer: v135, older: v136,
			wantErr: "the new release serves no resource the old release does not"},
		{name: "only resources the drill has no spec for, or cannot use",
			newer: append(append([]apidiscoveryv2.APIGroupDiscovery{}, v135...),
				group("example.io", map[string][]apidiscoveryv2.APIResourceDiscovery{"v1": {resource("gadgets", "Gadget")}}, "v1"),
				group("storagemigration.k8s.io", map[string][]apidiscoveryv2.APIResourceDiscovery{
					"v1": {resource("storageversionmigrations", "StorageVersionMigration", namespaced)}}, "v1"),
				group("admissionregistration.k8s.io", map[string][]apidiscoveryv2.APIResourceDiscovery{
					"v1alpha9": {resource("mutatingadmissionpolicies", "MutatingAdmissionPolicy", noCreate)}}, "v1alpha9")),
			older: v135,
			wantErr: "of the resources only the new release serves (example.io/v1 gadgets, storagemigration.k8s.io/v1 storageversionmigrations, " +
				"admissionregistration.k8s.io/v1alpha9 mutatingadmissionpolicies) none is cluster-scoped with get, list and create and a spec the drill knows"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := pickNewResource(tc.newer, tc.older)
			switch {
			case tc.wantErr != "":
				if err == nil || err.Error() != tc.wantErr {
					t.Errorf("got %v, %v; want the error %q", got, err, tc.wantErr)
				}
			case err != nil || got.String() != tc.want:
				t.Errorf("got %v, %v; want %s", got, err, tc.want)
			}
		})
	}
}

// TestNewResourceObject: the object has the discovered version and kind and
// a spec of its own (the workload's objects must not share maps).
func TestNewResourceObject(t *testing.T) {
	r := NewResource{GVR: schema.GroupVersionResource{Group: "storagemigration.k8s.io", Version: "v1", Resource: "storageversionmigrations"}, Kind: "StorageVersionMigration"}
	a, b := newResourceObject(r, "drill-new-0"), newResourceObject(r, "drill-new-1")
	if a["apiVersion"] != "storagemigration.k8s.io/v1" || a["kind"] != "StorageVersionMigration" {
		t.Errorf("object %v", a)
	}
	a["spec"].(map[string]any)["resource"].(map[string]any)["resource"] = "changed"
	if b["spec"].(map[string]any)["resource"].(map[string]any)["resource"] != widgetGVR.Resource {
		t.Errorf("objects share their spec: %v", b["spec"])
	}
	for gr := range newResourceSpecs {
		if _, err := json.Marshal(newResourceObject(NewResource{GVR: gr.WithVersion("v1"), Kind: "K"}, "x")); err != nil {
			t.Errorf("%s: %v", gr, err)
		}
	}
}

// TestLocalDiscovery: the local view is asked for (nopeer, with the plain
// aggregated document as the fallback of a server without the profile),
// /api and /apis are both read, and an answer in another format is an
// error rather than an empty list.
func TestLocalDiscovery(t *testing.T) {
	format := "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"
	var accepts []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		accepts = append(accepts, r.Header.Get("Accept"))
		w.Header().Set("Content-Type", format)
		list := apidiscoveryv2.APIGroupDiscoveryList{}
		switch r.URL.Path {
		case "/api":
			list.Items = []apidiscoveryv2.APIGroupDiscovery{group("", map[string][]apidiscoveryv2.APIResourceDiscovery{"v1": {resource("nodes", "Node")}}, "v1")}
		case "/apis":
			list.Items = v136
		}
		_ = json.NewEncoder(w).Encode(list)
	}))
	defer srv.Close()
	groups, err := localDiscovery(context.Background(), &rest.Config{Host: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	if len(groups) != 1+len(v136) || groups[0].Versions[0].Resources[0].Resource != "nodes" {
		t.Errorf("groups %v", groups)
	}
	want := discovery.AcceptV2NoPeer + "," + discovery.AcceptV2
	if len(accepts) != 2 || accepts[0] != want || accepts[1] != want {
		t.Errorf("Accept %q, want %q twice", accepts, want)
	}

	format = "application/json"
	if _, err := localDiscovery(context.Background(), &rest.Config{Host: srv.URL}); err == nil || !strings.Contains(err.Error(), "not aggregated discovery v2") {
		t.Errorf("an unaggregated answer: %v", err)
	}
}
