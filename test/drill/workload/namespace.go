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
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// deleteNamespace deletes the doomed namespace and waits, up to the
// configured bound, until the API says it is gone: the namespace
// controller has deleted every object in it, each through the server its
// connection reaches. What storage still holds of it is checked in Finish.
func (w *Workload) deleteNamespace() {
	ctx, cancel := context.WithTimeout(context.Background(), w.cfg.NamespaceTimeout)
	defer cancel()
	c, err := newClient(w.cfg.REST, w.rec)
	if err != nil {
		w.note("no client for the namespace deletion: %v", err)
		return
	}
	nd := w.namespace
	if nd == nil {
		w.note("asked to delete a namespace, but the workload was given none")
		return
	}
	nd.Requested = time.Now()
	w.cfg.Logf("deleting namespace %s", nd.Name)
	for {
		err := w.call(ctx, "delete namespace", nd.Name, true, func(ctx context.Context) error {
			return c.kube.CoreV1().Namespaces().Delete(ctx, nd.Name, metav1.DeleteOptions{})
		})
		if err == nil || apierrors.IsNotFound(err) {
			break
		}
		if !sleep(ctx, time.Second) {
			nd.Error = "the DELETE of the namespace never succeeded: " + err.Error()
			return
		}
	}
	for {
		_, err := c.kube.CoreV1().Namespaces().Get(ctx, nd.Name, metav1.GetOptions{})
		if apierrors.IsNotFound(err) {
			nd.Duration, nd.Finished = time.Since(nd.Requested), true
			w.cfg.Logf("namespace %s gone after %s", nd.Name, nd.Duration.Round(10*time.Millisecond))
			return
		}
		if !sleep(ctx, 250*time.Millisecond) {
			nd.Duration = time.Since(nd.Requested)
			nd.Error = "the namespace still existed when the bound passed"
			return
		}
	}
}
