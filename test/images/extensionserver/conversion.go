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
	"encoding/json"
	"fmt"
	"net/http"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// The CRD the conversion webhook converts: Gadgets of group
// conversion.kubecarry.io name their label spec.name in v1 and
// spec.displayName in v2, so a Gadget read at the version it was not
// written at shows whether the webhook converted it.
const (
	ConversionGroup = "conversion.kubecarry.io"
	v1NameField     = "name"
	v2NameField     = "displayName"
)

// convert answers a ConversionReview (apiextensions.k8s.io/v1).
func convert(w http.ResponseWriter, r *http.Request) {
	var review apiextensionsv1.ConversionReview
	if err := json.NewDecoder(r.Body).Decode(&review); err != nil || review.Request == nil {
		http.Error(w, fmt.Sprintf("want a ConversionReview with a request: %v", err), http.StatusBadRequest)
		return
	}
	response := &apiextensionsv1.ConversionResponse{UID: review.Request.UID, Result: metav1.Status{Status: metav1.StatusSuccess}}
	for _, in := range review.Request.Objects {
		out, err := convertGadget(in.Raw, review.Request.DesiredAPIVersion)
		if err != nil {
			response.ConvertedObjects = nil
			response.Result = metav1.Status{Status: metav1.StatusFailure, Message: err.Error()}
			break
		}
		response.ConvertedObjects = append(response.ConvertedObjects, runtime.RawExtension{Raw: out})
	}
	writeJSON(w, http.StatusOK, apiextensionsv1.ConversionReview{TypeMeta: review.TypeMeta, Response: response})
}

// convertGadget converts one Gadget to apiVersion, moving the label between
// spec.name (v1) and spec.displayName (v2).
func convertGadget(raw []byte, apiVersion string) ([]byte, error) {
	var obj map[string]any
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, fmt.Errorf("decoding a Gadget: %w", err)
	}
	from, to := v2NameField, v1NameField
	switch apiVersion {
	case ConversionGroup + "/v1":
	case ConversionGroup + "/v2":
		from, to = v1NameField, v2NameField
	default:
		return nil, fmt.Errorf("cannot convert a Gadget to %q", apiVersion)
	}
	if spec, ok := obj["spec"].(map[string]any); ok {
		if v, found := spec[from]; found {
			spec[to] = v
			delete(spec, from)
		}
	}
	obj["apiVersion"] = apiVersion
	return json.Marshal(obj)
}
