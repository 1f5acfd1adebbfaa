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
	"net/http"
	"testing"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestPeerAggregatedDiscovery: the older server's /apis is the merged view
// (its own groups plus its peer's), profile=nopeer is its own, both answer
// 304 to their ETag, and a CRD's group appears and, once deleted, leaves.
func TestPeerAggregatedDiscovery(t *testing.T) {
	cp := newControlPlane(t)
	newer := cp.start("newer", true)
	older := cp.start("older", true, olderServerRuntimeConfig)

	waitForDiscovery(t, older, "batch/v1 of its peer is listed", time.Minute, func(d discoveryResponse) bool {
		return d.has("batch", "v1")
	})
	merged := getAPIs(t, older, acceptMerged, "")
	local := getAPIs(t, older, acceptNoPeer, "")
	expectNotListed(t, older, local, "profile=nopeer", "batch", "v1")
	if !local.has("apps", "v1") || !merged.has("apps", "v1") {
		t.Errorf("apps/v1, served by %s itself, missing: merged %v, nopeer %v", older.name, merged.has("apps", "v1"), local.has("apps", "v1"))
	}
	for name, d := range map[string]discoveryResponse{"merged": merged, "nopeer": local} {
		accept := acceptMerged
		if name == "nopeer" {
			accept = acceptNoPeer
		}
		if d.etag == "" {
			t.Errorf("%s /apis of %s has no ETag", name, older.name)
			continue
		}
		if again := getAPIs(t, older, accept, d.etag); again.status != http.StatusNotModified {
			t.Errorf("%s /apis of %s with If-None-Match of its ETag answered %d, want 304", name, older.name, again.status)
		}
	}
	if merged.etag == local.etag {
		t.Errorf("merged and nopeer /apis of %s share the ETag %s although they differ", older.name, merged.etag)
	}

	crds := apiextensionsclient.NewForConfigOrDie(newer.admin).ApiextensionsV1().CustomResourceDefinitions()
	crd, err := crds.Create(context.Background(), widgetCRD(), metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("creating a CRD on %s: %v", newer.name, err)
	}
	for _, s := range []*apiserver{newer, older} {
		waitForDiscovery(t, s, "the CRD's group is listed", time.Minute, func(d discoveryResponse) bool {
			return d.has(crd.Spec.Group, "v1")
		})
	}
	if err := crds.Delete(context.Background(), crd.Name, metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*apiserver{newer, older} {
		waitForDiscovery(t, s, "the deleted CRD's group left", time.Minute, func(d discoveryResponse) bool {
			return !d.has(crd.Spec.Group, "v1") && d.has("batch", "v1")
		})
	}
}

func widgetCRD() *apiextensionsv1.CustomResourceDefinition {
	return &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: "widgets.kubecarry.test"},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: "kubecarry.test",
			Names: apiextensionsv1.CustomResourceDefinitionNames{Plural: "widgets", Singular: "widget", Kind: "Widget", ListKind: "WidgetList"},
			Scope: apiextensionsv1.NamespaceScoped,
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{
				Name: "v1", Served: true, Storage: true,
				Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{Type: "object"}},
			}},
		},
	}
}
