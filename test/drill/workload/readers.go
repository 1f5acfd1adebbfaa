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
	"fmt"
	"math/rand/v2"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// readers GET and LIST Jobs and ConfigMaps at the configured rate, each
// class as a short-lived client, until ctx ends.
func (w *Workload) readers(ctx context.Context) error {
	readers := []struct {
		class string
		fn    func(context.Context, *client) error
	}{
		{"get job", func(ctx context.Context, c *client) error {
			_, err := c.kube.BatchV1().Jobs(w.cfg.Namespace).Get(ctx, jobName(rand.IntN(w.cfg.Jobs)), metav1.GetOptions{})
			return err
		}},
		{"list jobs", func(ctx context.Context, c *client) error {
			_, err := c.kube.BatchV1().Jobs(w.cfg.Namespace).List(ctx, metav1.ListOptions{})
			return err
		}},
		{"get configmap", func(ctx context.Context, c *client) error {
			_, err := c.kube.CoreV1().ConfigMaps(w.cfg.Namespace).Get(ctx, configMapName(rand.IntN(w.cfg.ConfigMaps)), metav1.GetOptions{})
			return err
		}},
		{"list configmaps", func(ctx context.Context, c *client) error {
			_, err := c.kube.CoreV1().ConfigMaps(w.cfg.Namespace).List(ctx, metav1.ListOptions{})
			return err
		}},
	}
	for _, r := range readers {
		c, err := newClient(w.cfg.REST, w.rec)
		if err != nil {
			return err
		}
		w.spawn(func() { w.every(ctx, func(ctx context.Context) { w.read(ctx, c, r.class, r.fn) }) })
	}
	return nil
}

// watch starts a watcher of the Jobs and one of the ConfigMaps; they run
// until ctx ends.
func (w *Workload) watch(ctx context.Context) error {
	for _, gvr := range []schema.GroupVersionResource{jobGVR, cmGVR} {
		c, err := newClient(w.cfg.REST, w.rec)
		if err != nil {
			return err
		}
		wt := newWatcher(w, c, gvr, w.cfg.Namespace)
		w.watchers = append(w.watchers, wt)
		w.spawn(func() { wt.run(ctx) })
	}
	return nil
}

// read makes one call as a short-lived client: a new connection through
// the load balancer each time, so every server gets its share.
func (w *Workload) read(ctx context.Context, c *client, class string, fn func(context.Context, *client) error) {
	_ = w.call(ctx, class, "", true, func(ctx context.Context) error { return fn(ctx, c) })
	c.reconnect()
}

// writers patch Jobs and ConfigMaps as a controller would, over one
// long-lived connection each; the watchers see their changes.
func (w *Workload) writers(ctx context.Context) error {
	jobs, err := newClient(w.cfg.REST, w.rec)
	if err != nil {
		return err
	}
	cms, err := newClient(w.cfg.REST, w.rec)
	if err != nil {
		return err
	}
	var n int
	w.spawn(func() {
		w.every(ctx, func(ctx context.Context) {
			n++
			patch := fmt.Appendf(nil, `{"metadata":{"annotations":{"kubecarry.io/n":"%d"}}}`, n)
			_ = w.call(ctx, "patch job", "", true, func(ctx context.Context) error {
				_, err := jobs.kube.BatchV1().Jobs(w.cfg.Namespace).Patch(ctx, jobName(n%w.cfg.Jobs), types.MergePatchType, patch, metav1.PatchOptions{})
				return err
			})
		})
	})
	var m int
	w.spawn(func() {
		w.every(ctx, func(ctx context.Context) {
			m++
			patch := fmt.Appendf(nil, `{"data":{"n":"%d"}}`, m)
			_ = w.call(ctx, "patch configmap", "", true, func(ctx context.Context) error {
				_, err := cms.kube.CoreV1().ConfigMaps(w.cfg.Namespace).Patch(ctx, configMapName(m%w.cfg.ConfigMaps), types.MergePatchType, patch, metav1.PatchOptions{})
				return err
			})
		})
	})
	return nil
}
