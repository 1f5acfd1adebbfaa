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

package main

import (
	"net/http"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The aggregated API: tally.kubecarry.io/v1 serves one cluster-scoped,
// read-only resource, tallies, whose only object is named after the Pod
// that serves it, so a client sees that the answer came through the
// APIService.
const (
	TallyGroup   = "tally.kubecarry.io"
	TallyVersion = "v1"
	tallyPrefix  = "/apis/" + TallyGroup + "/" + TallyVersion
)

type tallyAPI struct{ servedBy string }

func (a *tallyAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	gv := TallyGroup + "/" + TallyVersion
	switch path := strings.TrimSuffix(r.URL.Path, "/"); path {
	case "/apis":
		writeJSON(w, http.StatusOK, metav1.APIGroupList{TypeMeta: metav1.TypeMeta{Kind: "APIGroupList", APIVersion: "v1"}, Groups: []metav1.APIGroup{a.group()}})
	case "/apis/" + TallyGroup:
		group := a.group()
		group.TypeMeta = metav1.TypeMeta{Kind: "APIGroup", APIVersion: "v1"}
		writeJSON(w, http.StatusOK, group)
	case tallyPrefix:
		writeJSON(w, http.StatusOK, metav1.APIResourceList{
			TypeMeta:     metav1.TypeMeta{Kind: "APIResourceList", APIVersion: "v1"},
			GroupVersion: gv,
			APIResources: []metav1.APIResource{{Name: "tallies", SingularName: "tally", Kind: "Tally", Verbs: metav1.Verbs{"get", "list"}}},
		})
	case tallyPrefix + "/tallies":
		writeJSON(w, http.StatusOK, map[string]any{"kind": "TallyList", "apiVersion": gv, "metadata": map[string]any{}, "items": []any{a.tally()}})
	case tallyPrefix + "/tallies/" + a.servedBy:
		writeJSON(w, http.StatusOK, a.tally())
	default:
		writeJSON(w, http.StatusNotFound, metav1.Status{TypeMeta: metav1.TypeMeta{Kind: "Status", APIVersion: "v1"}, Status: metav1.StatusFailure,
			Reason: metav1.StatusReasonNotFound, Code: http.StatusNotFound, Message: path + " not found"})
	}
}

func (a *tallyAPI) group() metav1.APIGroup {
	version := metav1.GroupVersionForDiscovery{GroupVersion: TallyGroup + "/" + TallyVersion, Version: TallyVersion}
	return metav1.APIGroup{Name: TallyGroup, Versions: []metav1.GroupVersionForDiscovery{version}, PreferredVersion: version}
}

func (a *tallyAPI) tally() map[string]any {
	return map[string]any{"kind": "Tally", "apiVersion": TallyGroup + "/" + TallyVersion, "metadata": map[string]any{"name": a.servedBy}}
}
