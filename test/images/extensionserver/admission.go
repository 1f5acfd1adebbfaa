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

	admissionv1 "k8s.io/api/admission/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// DeniedKey is the ConfigMap data key the admission webhook refuses: a
// check creates one ConfigMap with it (denied, with DeniedMessage) and one
// without (admitted).
const (
	DeniedKey     = "kubecarry-deny"
	DeniedMessage = "the kubecarry extension server denies ConfigMaps with the key " + DeniedKey
)

// validate answers an AdmissionReview (admission.k8s.io/v1): ConfigMaps
// with DeniedKey are denied, everything else is allowed.
func validate(w http.ResponseWriter, r *http.Request) {
	var review admissionv1.AdmissionReview
	if err := json.NewDecoder(r.Body).Decode(&review); err != nil || review.Request == nil {
		http.Error(w, fmt.Sprintf("want an AdmissionReview with a request: %v", err), http.StatusBadRequest)
		return
	}
	response := &admissionv1.AdmissionResponse{UID: review.Request.UID, Allowed: true}
	if review.Request.Kind.Kind == "ConfigMap" {
		var cm corev1.ConfigMap
		if err := json.Unmarshal(review.Request.Object.Raw, &cm); err != nil {
			http.Error(w, fmt.Sprintf("decoding the ConfigMap: %v", err), http.StatusBadRequest)
			return
		}
		if _, deny := cm.Data[DeniedKey]; deny {
			response.Allowed = false
			response.Result = &metav1.Status{Status: metav1.StatusFailure, Code: http.StatusForbidden, Reason: metav1.StatusReasonForbidden, Message: DeniedMessage}
		}
	}
	writeJSON(w, http.StatusOK, admissionv1.AdmissionReview{TypeMeta: review.TypeMeta, Response: response})
}
