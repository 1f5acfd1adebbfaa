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
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"

	apidiscoveryv2 "k8s.io/api/apidiscovery/v2"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/rest"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// The new release's resource is not written into the drill: it is what one
// server of the release upgraded to serves and a server of the release
// upgraded from does not, read from their own discovery (profile=nopeer: the
// merged view would list the peers' resources too). A client that learns
// the resource from the new release's discovery uses it through whichever
// server its connection reaches, and an old server must then not answer 404
// for its objects. Which resources those are depends on the two releases:
// MutatingAdmissionPolicy v1 from v1.35 to v1.36, StorageVersionMigration
// v1 from v1.36 to v1.37.

// newResourceSpecs are the specs the workload gives an object of a resource
// a release adds, by group and resource: discovery says which version and
// kind, but not what a valid object holds. The objects do nothing: the
// policies match only the drill's CRD, which no one creates during an
// upgrade, and the migration names a resource for a migrator the drill's
// controller manager does not run.
var newResourceSpecs = map[schema.GroupResource]map[string]any{
	{Group: "admissionregistration.k8s.io", Resource: "mutatingadmissionpolicies"}: {
		"failurePolicy":      "Ignore",
		"reinvocationPolicy": "Never",
		"matchConstraints": map[string]any{
			"resourceRules": []any{map[string]any{
				"apiGroups": []any{widgetGVR.Group}, "apiVersions": []any{widgetGVR.Version},
				"operations": []any{"CREATE"}, "resources": []any{widgetGVR.Resource},
			}},
		},
		"mutations": []any{map[string]any{
			"patchType":          "ApplyConfiguration",
			"applyConfiguration": map[string]any{"expression": "Object{}"},
		}},
	},
	{Group: "storagemigration.k8s.io", Resource: "storageversionmigrations"}: {
		"resource": map[string]any{"group": widgetGVR.Group, "resource": widgetGVR.Resource},
	},
}

// NewResource is a resource the new release serves and the old one does
// not.
type NewResource struct {
	GVR  schema.GroupVersionResource
	Kind string
}

func (r NewResource) String() string {
	return fmt.Sprintf("%s %s (%s)", r.GVR.GroupVersion(), r.GVR.Resource, r.Kind)
}

// FindNewResource reads the local discovery of a server of each release and
// picks the resource the workload uses (see pickNewResource).
func FindNewResource(ctx context.Context, newServer, oldServer *rest.Config) (NewResource, error) {
	newer, err := localDiscovery(ctx, newServer)
	if err != nil {
		return NewResource{}, fmt.Errorf("discovery of the new release at %s: %w", newServer.Host, err)
	}
	older, err := localDiscovery(ctx, oldServer)
	if err != nil {
		return NewResource{}, fmt.Errorf("discovery of the old release at %s: %w", oldServer.Host, err)
	}
	return pickNewResource(newer, older)
}

// pickNewResource returns the first resource, in the order of the new
// release's discovery, that it serves in a group-version the old release
// does not serve it in, cluster-scoped (its dependents are ClusterRoles),
// with get, list and create, and with a spec in newResourceSpecs. The error
// lists every new resource when none qualifies, so that the next release's
// can be added.
func pickNewResource(newer, older []apidiscoveryv2.APIGroupDiscovery) (NewResource, error) {
	old := map[schema.GroupVersionResource]bool{}
	forEachResource(older, func(gvr schema.GroupVersionResource, _ apidiscoveryv2.APIResourceDiscovery) {
		old[gvr] = true
	})
	var found NewResource
	var added []string
	forEachResource(newer, func(gvr schema.GroupVersionResource, r apidiscoveryv2.APIResourceDiscovery) {
		if old[gvr] {
			return
		}
		added = append(added, gvr.GroupVersion().String()+" "+gvr.Resource)
		_, known := newResourceSpecs[gvr.GroupResource()]
		usable := known && r.Scope == apidiscoveryv2.ScopeCluster && r.ResponseKind != nil && r.ResponseKind.Kind != "" &&
			slices.Contains(r.Verbs, "get") && slices.Contains(r.Verbs, "list") && slices.Contains(r.Verbs, "create")
		if usable && found.Kind == "" {
			found = NewResource{GVR: gvr, Kind: r.ResponseKind.Kind}
		}
	})
	switch {
	case found.Kind != "":
		return found, nil
	case len(added) == 0:
		return NewResource{}, fmt.Errorf("the new release serves no resource the old release does not")
	default:
		return NewResource{}, fmt.Errorf("of the resources only the new release serves (%s) none is cluster-scoped with get, list and create and a spec the drill knows", strings.Join(added, ", "))
	}
}

// forEachResource calls fn for every resource (not subresource) of every
// served version of every group.
func forEachResource(groups []apidiscoveryv2.APIGroupDiscovery, fn func(schema.GroupVersionResource, apidiscoveryv2.APIResourceDiscovery)) {
	for _, g := range groups {
		for _, v := range g.Versions {
			for _, r := range v.Resources {
				fn(schema.GroupVersionResource{Group: g.Name, Version: v.Version, Resource: r.Resource}, r)
			}
		}
	}
}

// localDiscovery is a server's aggregated discovery of /api and /apis
// without its peers' resources. A server that does not know the nopeer
// profile (one without peer-aggregated discovery) answers with the plain
// aggregated document, which is then its own view too.
func localDiscovery(ctx context.Context, cfg *rest.Config) ([]apidiscoveryv2.APIGroupDiscovery, error) {
	c, err := rest.HTTPClientFor(cfg)
	if err != nil {
		return nil, err
	}
	var groups []apidiscoveryv2.APIGroupDiscovery
	for _, path := range []string{"/api", "/apis"} {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(cfg.Host, "/")+path, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Accept", discovery.AcceptV2NoPeer+","+discovery.AcceptV2)
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		body, err := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("%s: %s", path, resp.Status)
		}
		// Without this, a server that answered the unaggregated format would
		// decode into an empty list and look as if it served nothing.
		if ct := resp.Header.Get("Content-Type"); !strings.Contains(ct, "as=APIGroupDiscoveryList") {
			return nil, fmt.Errorf("%s: the server answered %q, not aggregated discovery v2", path, ct)
		}
		var list apidiscoveryv2.APIGroupDiscoveryList
		if err := json.Unmarshal(body, &list); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		groups = append(groups, list.Items...)
	}
	return groups, nil
}

// newResourceObject is an object of the new resource with the drill's
// label.
func newResourceObject(r NewResource, name string) map[string]any {
	return map[string]any{
		"apiVersion": r.GVR.GroupVersion().String(),
		"kind":       r.Kind,
		"metadata":   map[string]any{"name": name, "labels": map[string]any{labelDrill: "true"}},
		"spec":       runtime.DeepCopyJSONValue(newResourceSpecs[r.GVR.GroupResource()]),
	}
}

// historyOf is how the history records the resource.
func (r NewResource) historyOf() *history.NewResource {
	return &history.NewResource{APIVersion: r.GVR.GroupVersion().String(), Resource: r.GVR.Resource, Kind: r.Kind}
}
