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
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

func post(t *testing.T, path string, body any, out any) int {
	t.Helper()
	raw, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	newHandler("pod-a").ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, bytes.NewReader(raw)))
	if out != nil && rec.Code == http.StatusOK {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			t.Fatalf("decoding %s: %v", rec.Body.String(), err)
		}
	}
	return rec.Code
}

func admissionReview(kind string, object string) admissionv1.AdmissionReview {
	return admissionv1.AdmissionReview{
		TypeMeta: metav1.TypeMeta{Kind: "AdmissionReview", APIVersion: "admission.k8s.io/v1"},
		Request: &admissionv1.AdmissionRequest{
			UID:    "uid-1",
			Kind:   metav1.GroupVersionKind{Version: "v1", Kind: kind},
			Object: runtime.RawExtension{Raw: []byte(object)},
		},
	}
}

func TestValidateDeniesOnlyConfigMapsWithTheDeniedKey(t *testing.T) {
	cases := []struct {
		name, kind, object string
		allowed            bool
	}{
		{"denied key", "ConfigMap", `{"data":{"` + DeniedKey + `":"x"}}`, false},
		{"other keys", "ConfigMap", `{"data":{"a":"b"}}`, true},
		{"no data", "ConfigMap", `{}`, true},
		{"another kind with the key", "Secret", `{"data":{"` + DeniedKey + `":"eA=="}}`, true},
	}
	for _, c := range cases {
		var out admissionv1.AdmissionReview
		if code := post(t, "/validate", admissionReview(c.kind, c.object), &out); code != http.StatusOK {
			t.Fatalf("%s: %d", c.name, code)
		}
		if out.Response == nil || out.Response.UID != "uid-1" || out.Response.Allowed != c.allowed {
			t.Errorf("%s: response %+v, want uid-1 allowed=%v", c.name, out.Response, c.allowed)
			continue
		}
		if !c.allowed && (out.Response.Result == nil || out.Response.Result.Message != DeniedMessage) {
			t.Errorf("%s: denial %+v, want message %q", c.name, out.Response.Result, DeniedMessage)
		}
		if out.Kind != "AdmissionReview" || out.APIVersion != "admission.k8s.io/v1" {
			t.Errorf("%s: answered a %s %s, want admission.k8s.io/v1 AdmissionReview", c.name, out.APIVersion, out.Kind)
		}
	}
	if code := post(t, "/validate", map[string]any{"kind": "AdmissionReview"}, nil); code != http.StatusBadRequest {
		t.Errorf("a review without a request: %d, want 400", code)
	}
}

func conversionReview(desired string, objects ...string) apiextensionsv1.ConversionReview {
	review := apiextensionsv1.ConversionReview{
		TypeMeta: metav1.TypeMeta{Kind: "ConversionReview", APIVersion: "apiextensions.k8s.io/v1"},
		Request:  &apiextensionsv1.ConversionRequest{UID: "uid-2", DesiredAPIVersion: desired},
	}
	for _, o := range objects {
		review.Request.Objects = append(review.Request.Objects, runtime.RawExtension{Raw: []byte(o)})
	}
	return review
}

func TestConvertMovesTheNameBetweenVersions(t *testing.T) {
	cases := []struct {
		desired, in, want string
	}{
		{ConversionGroup + "/v2", `{"apiVersion":"conversion.kubecarry.io/v1","kind":"Gadget","spec":{"name":"x"}}`,
			`{"apiVersion":"conversion.kubecarry.io/v2","kind":"Gadget","spec":{"displayName":"x"}}`},
		{ConversionGroup + "/v1", `{"apiVersion":"conversion.kubecarry.io/v2","kind":"Gadget","spec":{"displayName":"y"}}`,
			`{"apiVersion":"conversion.kubecarry.io/v1","kind":"Gadget","spec":{"name":"y"}}`},
		{ConversionGroup + "/v2", `{"apiVersion":"conversion.kubecarry.io/v1","kind":"Gadget"}`,
			`{"apiVersion":"conversion.kubecarry.io/v2","kind":"Gadget"}`},
	}
	for _, c := range cases {
		var out apiextensionsv1.ConversionReview
		if code := post(t, "/convert", conversionReview(c.desired, c.in), &out); code != http.StatusOK {
			t.Fatalf("to %s: %d", c.desired, code)
		}
		if out.Response == nil || out.Response.UID != "uid-2" || out.Response.Result.Status != metav1.StatusSuccess || len(out.Response.ConvertedObjects) != 1 {
			t.Fatalf("to %s: response %+v, want one object converted for uid-2", c.desired, out.Response)
		}
		if got := string(out.Response.ConvertedObjects[0].Raw); got != c.want {
			t.Errorf("%s to %s: %s, want %s", c.in, c.desired, got, c.want)
		}
	}

	var out apiextensionsv1.ConversionReview
	post(t, "/convert", conversionReview("conversion.kubecarry.io/v3", `{"spec":{}}`), &out)
	if out.Response == nil || out.Response.Result.Status != metav1.StatusFailure || len(out.Response.ConvertedObjects) != 0 {
		t.Errorf("conversion to an unknown version: %+v, want a failure and no objects", out.Response)
	}
}

func get(t *testing.T, path string) (int, map[string]any) {
	t.Helper()
	rec := httptest.NewRecorder()
	newHandler("pod-a").ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("GET %s: %d %q is not JSON: %v", path, rec.Code, rec.Body.String(), err)
	}
	return rec.Code, out
}

func TestTallyAPIServesDiscoveryAndItsPodsTally(t *testing.T) {
	cases := []struct {
		path string
		code int
		kind string
	}{
		{"/apis", http.StatusOK, "APIGroupList"},
		{"/apis/tally.kubecarry.io", http.StatusOK, "APIGroup"},
		{"/apis/tally.kubecarry.io/v1", http.StatusOK, "APIResourceList"},
		{"/apis/tally.kubecarry.io/v1/", http.StatusOK, "APIResourceList"},
		{"/apis/tally.kubecarry.io/v1/tallies", http.StatusOK, "TallyList"},
		{"/apis/tally.kubecarry.io/v1/tallies/pod-a", http.StatusOK, "Tally"},
		{"/apis/tally.kubecarry.io/v1/tallies/pod-b", http.StatusNotFound, "Status"},
		{"/apis/other.example.com/v1", http.StatusNotFound, "Status"},
	}
	for _, c := range cases {
		code, out := get(t, c.path)
		if code != c.code || out["kind"] != c.kind {
			t.Errorf("GET %s: %d %v, want %d and a %s", c.path, code, out["kind"], c.code, c.kind)
		}
	}
	_, list := get(t, "/apis/tally.kubecarry.io/v1/tallies")
	items, _ := list["items"].([]any)
	if len(items) != 1 || items[0].(map[string]any)["metadata"].(map[string]any)["name"] != "pod-a" {
		t.Errorf("tallies = %v, want one named after the serving Pod", items)
	}
	_, resources := get(t, "/apis/tally.kubecarry.io/v1")
	if resources["groupVersion"] != "tally.kubecarry.io/v1" {
		t.Errorf("APIResourceList names %v, want tally.kubecarry.io/v1", resources["groupVersion"])
	}
}
