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
	"fmt"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"
)

var (
	jobGVR = schema.GroupVersionResource{Group: "batch", Version: "v1", Resource: "jobs"}
	cmGVR  = schema.GroupVersionResource{Version: "v1", Resource: "configmaps"}
)

// labelDrill marks everything the workload creates: "true", or for the
// dependents created while the drill runs "dependent" and "control".
const labelDrill = "kubecarry.io/drill"

func jobName(i int) string       { return fmt.Sprintf("drill-job-%d", i) }
func configMapName(i int) string { return fmt.Sprintf("drill-cm-%d", i) }
func jobDependentName(i int) string {
	return fmt.Sprintf("drill-job-%d-dependent", i)
}
func dependentName(i int) string          { return fmt.Sprintf("drill-dependent-%03d", i) }
func widgetName(i int) string             { return fmt.Sprintf("drill-widget-%d", i) }
func newObjectName(i int) string          { return fmt.Sprintf("drill-new-%d", i) }
func newObjectDependentName(i int) string { return fmt.Sprintf("drill-new-%d-dependent", i) }

func controlName(phase string) string { return "drill-control-" + phase }

func objectMeta(name, namespace string) metav1.ObjectMeta {
	return metav1.ObjectMeta{Name: name, Namespace: namespace, Labels: map[string]string{labelDrill: "true"}}
}

func namespace(name string) *corev1.Namespace {
	return &corev1.Namespace{ObjectMeta: objectMeta(name, "")}
}

// job is suspended: no controller in the drill creates its Pods, and none
// is needed for it to be an owner.
func job(name, namespace string) *batchv1.Job {
	return &batchv1.Job{
		ObjectMeta: objectMeta(name, namespace),
		Spec: batchv1.JobSpec{
			Suspend: ptr.To(true),
			Template: corev1.PodTemplateSpec{
				Spec: corev1.PodSpec{
					RestartPolicy: corev1.RestartPolicyNever,
					Containers:    []corev1.Container{{Name: "main", Image: "kubecarry.invalid/never-run"}},
				},
			},
		},
	}
}

func configMap(name, namespace string, owner *metav1.OwnerReference) *corev1.ConfigMap {
	cm := &corev1.ConfigMap{ObjectMeta: objectMeta(name, namespace), Data: map[string]string{"n": "0"}}
	if owner != nil {
		cm.Labels[labelDrill] = "dependent"
	}
	if owner != nil {
		cm.OwnerReferences = []metav1.OwnerReference{*owner}
	}
	return cm
}

func ownerRef(apiVersion, kind, name string, uid types.UID) *metav1.OwnerReference {
	return &metav1.OwnerReference{APIVersion: apiVersion, Kind: kind, Name: name, UID: uid}
}

// clusterRole is the cluster-scoped dependent of a policy: an object every
// version serves, whose owner only the new one does.
func clusterRole(name string, owner *metav1.OwnerReference) *rbacv1.ClusterRole {
	return &rbacv1.ClusterRole{ObjectMeta: metav1.ObjectMeta{
		Name: name, Labels: map[string]string{labelDrill: "true"}, OwnerReferences: []metav1.OwnerReference{*owner},
	}}
}

// policy is a valid MutatingAdmissionPolicy that changes nothing: it matches
// a resource no server has, and nothing binds it.
// The drill's custom resource. Every kube-apiserver serves a CRD itself,
// from the shared storage, so the peer proxy leaves it out of peer data;
// and a server learns of one created after it started only then, so it is
// not in that server's local discovery snapshot either. Reads of it must
// reach the local handler whatever the state of the peers.
var (
	widgetGVR = schema.GroupVersionResource{Group: "drill.kubecarry.io", Version: "v1", Resource: "widgets"}
	crdGVR    = schema.GroupVersionResource{Group: "apiextensions.k8s.io", Version: "v1", Resource: "customresourcedefinitions"}
)

// widgetCRD is the CustomResourceDefinition of the drill's widgets.
func widgetCRD() *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": crdGVR.GroupVersion().String(),
		"kind":       "CustomResourceDefinition",
		"metadata":   map[string]any{"name": widgetGVR.Resource + "." + widgetGVR.Group},
		"spec": map[string]any{
			"group": widgetGVR.Group,
			"scope": "Namespaced",
			"names": map[string]any{"plural": widgetGVR.Resource, "singular": "widget", "kind": "Widget", "listKind": "WidgetList"},
			"versions": []any{map[string]any{
				"name": widgetGVR.Version, "served": true, "storage": true,
				"schema": map[string]any{"openAPIV3Schema": map[string]any{
					"type": "object", "x-kubernetes-preserve-unknown-fields": true,
				}},
			}},
		},
	}}
}

func widget(name, namespace string) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": widgetGVR.GroupVersion().String(),
		"kind":       "Widget",
		"metadata":   map[string]any{"name": name, "namespace": namespace, "labels": map[string]any{labelDrill: "true"}},
	}}
}

// storageResource is how kube-apiserver names the storage of a kind the
// workload creates (etcd keys <prefix>/<resource>/...).
var storageResource = map[string]string{
	"ConfigMap":   "configmaps",
	"Job":         "jobs",
	"ClusterRole": "clusterroles",
}
