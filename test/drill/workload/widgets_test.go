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
	"sync"
	"testing"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

func TestWidgetCRDIsACRDOfTheWidgetGroup(t *testing.T) {
	var crd struct {
		Kind     string `json:"kind"`
		Metadata struct {
			Name string `json:"name"`
		} `json:"metadata"`
		Spec struct {
			Group string `json:"group"`
			Names struct {
				Plural string `json:"plural"`
			} `json:"names"`
		} `json:"spec"`
	}
	if err := json.Unmarshal(WidgetCRD(), &crd); err != nil {
		t.Fatal(err)
	}
	if crd.Kind != "CustomResourceDefinition" || crd.Metadata.Name != WidgetResource+"."+WidgetGroup ||
		crd.Spec.Group != WidgetGroup || crd.Spec.Names.Plural != WidgetResource {
		t.Errorf("WidgetCRD() = %+v", crd)
	}
}

// TestCreateWidgetsWaitsUntilServed: the CRD is created, the widgets only
// once their resource is served, and reads are recorded as widget/<name>.
func TestCreateWidgetsWaitsUntilServed(t *testing.T) {
	const widgets = "/apis/drill.kubecarry.io/v1/namespaces/ns/widgets"
	var mu sync.Mutex
	var calls []string
	listsBeforeServed := 2
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		calls = append(calls, r.Method+" "+r.URL.Path)
		switch {
		case r.Method == http.MethodPost && r.URL.Path == "/apis/apiextensions.k8s.io/v1/customresourcedefinitions":
			w.WriteHeader(http.StatusCreated)
		case r.Method == http.MethodGet && r.URL.Path == widgets:
			if listsBeforeServed > 0 {
				listsBeforeServed--
				w.WriteHeader(http.StatusNotFound)
				return
			}
			writeBody(t, w, `{"kind":"WidgetList"}`)
		case r.Method == http.MethodPost && r.URL.Path == widgets:
			if listsBeforeServed > 0 {
				t.Errorf("widget created before the resource was served")
			}
			w.WriteHeader(http.StatusCreated)
		case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, widgets+"/"):
			writeBody(t, w, `{"kind":"Widget"}`)
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	defer srv.Close()

	rec := history.NewRecorder("", nil)
	rec.BeginPhase(history.Phase{Name: "e"})
	w := &Workload{Client: srv.Client(), Through: srv.URL, Namespace: "ns", Rec: rec}
	if err := w.CreateWidgets(context.Background(), 2, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if len(w.Widgets) != 2 || w.Widgets[1].Name != "drill-widget-2" {
		t.Fatalf("widgets = %+v", w.Widgets)
	}
	got := w.GetWidget(context.Background(), w.Widgets[0])
	if got.Code != http.StatusOK || got.Job != "widget/drill-widget-1" || got.Phase != "e" {
		t.Errorf("GetWidget recorded %+v", got)
	}
}

func TestCreateWidgetsNamesWhatIsNotServed(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			w.WriteHeader(http.StatusCreated)
			return
		}
		w.WriteHeader(http.StatusNotFound)
	}))
	defer srv.Close()
	w := &Workload{Client: srv.Client(), Through: srv.URL, Namespace: "ns", Rec: history.NewRecorder("", nil)}
	err := w.CreateWidgets(context.Background(), 1, 300*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "does not serve drill.kubecarry.io/v1 widgets") {
		t.Errorf("CreateWidgets against a server that never serves widgets: %v", err)
	}
}
