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
	"net/http"
	"time"
)

// The drill's custom resource. Every kube-apiserver serves a CRD itself,
// from the shared storage, so the peer proxy leaves it out of peer data;
// and the server under test learns of it only after it started, so it is
// not in that server's local discovery snapshot either (refreshed every 30
// minutes). Reads of it must reach the local handler whatever the state of
// the peers.
const (
	WidgetGroup    = "drill.kubecarry.io"
	WidgetResource = "widgets"
	// WidgetPrefix names widget requests in the history: "widget/<name>".
	WidgetPrefix = "widget/"
)

func (w *Workload) widgetsPath() string {
	return "/apis/" + WidgetGroup + "/v1/namespaces/" + w.Namespace + "/" + WidgetResource
}

// WidgetCRD is the CustomResourceDefinition of the drill's widgets.
func WidgetCRD() []byte {
	crd := map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1",
		"kind":       "CustomResourceDefinition",
		"metadata":   map[string]any{"name": WidgetResource + "." + WidgetGroup},
		"spec": map[string]any{
			"group": WidgetGroup,
			"scope": "Namespaced",
			"names": map[string]any{"plural": WidgetResource, "singular": "widget", "kind": "Widget", "listKind": "WidgetList"},
			"versions": []map[string]any{{
				"name": "v1", "served": true, "storage": true,
				"schema": map[string]any{"openAPIV3Schema": map[string]any{
					"type": "object", "x-kubernetes-preserve-unknown-fields": true,
				}},
			}},
		},
	}
	data, _ := json.Marshal(crd)
	return data
}

// CreateWidgets creates the widget CRD through the server under test
// (already existing is fine), waits at most timeout until that server
// serves it, and creates n widgets through it.
func (w *Workload) CreateWidgets(ctx context.Context, n int, timeout time.Duration) error {
	a := w.do(ctx, http.MethodPost, w.Through+"/apis/apiextensions.k8s.io/v1/customresourcedefinitions", WidgetCRD())
	if a.code != http.StatusCreated && a.code != http.StatusConflict {
		return fmt.Errorf("creating the widget CRD through %s: %s", w.Through, describe(a))
	}
	deadline := time.Now().Add(timeout)
	for {
		a = w.do(ctx, http.MethodGet, w.Through+w.widgetsPath(), nil)
		if a.code == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s does not serve %s/v1 %s %s after the CRD was created; last: %s", w.Through, WidgetGroup, WidgetResource, timeout, describe(a))
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("drill-widget-%d", i)
		body := fmt.Sprintf(`{"apiVersion":%q,"kind":"Widget","metadata":{"name":%q}}`, WidgetGroup+"/v1", name)
		a := w.do(ctx, http.MethodPost, w.Through+w.widgetsPath(), []byte(body))
		if a.code != http.StatusCreated && a.code != http.StatusConflict {
			return fmt.Errorf("creating widget %s through %s: %s", name, w.Through, describe(a))
		}
		w.Widgets = append(w.Widgets, Job{Name: name})
	}
	return nil
}
