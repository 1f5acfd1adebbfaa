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
	"strings"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// Finish waits for the classes Run started to end (its ctx must be done),
// compares each watcher with a LIST (within ctx), stops the watchers with
// stopWatchers, and reads storage for every dependent and its owner and for
// what is left of the deleted namespace, all into the history.
func (w *Workload) Finish(ctx context.Context, stopWatchers context.CancelFunc) {
	var watches []history.Watch
	for _, wt := range w.watchers {
		watches = append(watches, wt.verify(ctx))
	}
	stopWatchers()
	w.background.Wait()
	if len(watches) > 0 {
		w.rec.SetWatches(watches)
	}
	w.ReadDependents(ctx)
	w.mu.Lock()
	nd := w.namespace
	w.mu.Unlock()
	if nd != nil {
		if !nd.Requested.IsZero() {
			keys, err := w.cfg.Storage.Keys(ctx, nd.Name)
			if err != nil {
				nd.Error = strings.TrimPrefix(nd.Error+"; ", "; ") + "reading etcd: " + err.Error()
			}
			nd.Leftover = keys
		}
		w.rec.SetNamespace(nd)
	}
}

// storageResourceOf is how kube-apiserver names the storage of a kind the
// workload created: the new release's resource is stored under its
// resource name, as every built-in resource the drill uses is.
func (w *Workload) storageResourceOf(kind string) string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.newResource.Kind != "" && kind == w.newResource.Kind {
		return w.newResource.GVR.Resource
	}
	return storageResource[kind]
}

// ReadDependents records, for every dependent created, whether it and its
// owner are in storage now.
func (w *Workload) ReadDependents(ctx context.Context) {
	for i, d := range w.rec.Dependents() {
		if !d.WasCreated() {
			continue
		}
		exists, err := w.cfg.Storage.Exists(ctx, w.storageResourceOf(d.Kind), d.Namespace, d.Name)
		ownerExists := false
		if err == nil {
			ownerExists, err = w.cfg.Storage.Exists(ctx, w.storageResourceOf(d.OwnerKind), d.Namespace, d.Owner)
		}
		w.rec.UpdateDependent(i, func(d *history.Dependent) {
			d.Exists, d.OwnerExists = exists, ownerExists
			if err != nil {
				d.FinalError = "reading etcd: " + err.Error()
			}
		})
	}
}
