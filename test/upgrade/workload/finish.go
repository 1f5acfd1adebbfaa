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
	"time"

	"github.com/kubecarry/kubecarry/test/upgrade/history"
)

// Finish waits for the traffic Run started to end (its ctx must be done),
// compares each watcher with a LIST (within ctx), stops the watchers with
// stopWatchers, and checks storage for the dependents and the deleted
// namespace. start is when the run began.
func (w *Workload) Finish(ctx context.Context, start time.Time, stopWatchers context.CancelFunc) *history.History {
	h := &history.History{Start: start}
	for _, wt := range w.watchers {
		h.Watches = append(h.Watches, wt.verify(ctx))
	}
	stopWatchers()
	w.background.Wait()
	h.End = time.Now()
	h.Calls, h.Attempts = w.rec.Take()

	w.mu.Lock()
	defer w.mu.Unlock()
	for _, d := range w.dependents {
		var err error
		switch d.Kind {
		case "ConfigMap":
			ns, name, _ := strings.Cut(d.Name, "/")
			_, owner, _ := strings.Cut(d.Owner, "/")
			if d.Exists, err = w.cfg.Storage.Exists(ctx, "configmaps", ns, name); err == nil {
				d.OwnerExists, err = w.cfg.Storage.Exists(ctx, "jobs", ns, owner)
			}
		case "ClusterRole":
			if d.Exists, err = w.cfg.Storage.Exists(ctx, "clusterroles", "", d.Name); err == nil {
				d.OwnerExists, err = w.cfg.Storage.Exists(ctx, policyGVR.Resource, "", d.Owner)
			}
		}
		if err != nil {
			w.notes = append(w.notes, "reading "+d.Kind+" "+d.Name+" from etcd: "+err.Error())
		}
		h.Dependents = append(h.Dependents, d)
	}
	if nd := w.namespace; nd != nil {
		if !nd.Requested.IsZero() {
			keys, err := w.cfg.Storage.Keys(ctx, nd.Name)
			if err != nil {
				nd.Error = strings.TrimPrefix(nd.Error+"; ", "; ") + "reading etcd: " + err.Error()
			}
			nd.Leftover = keys
		}
		h.Namespace = nd
	}
	h.Notes = append(h.Notes, w.notes...)
	return h
}
