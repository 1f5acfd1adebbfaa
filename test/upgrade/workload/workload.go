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

// Package workload is the client side of the upgrade drill: the objects of
// every class it creates before the first step, then readers, writers and
// watchers at a fixed pace through the load balancer until it is told to
// stop, the resource only the new release serves from the moment its first
// server is ready, and the deletion of a namespace on request. Every call
// and every HTTP attempt goes into the history; nothing here decides
// whether an outcome is good (package report does).
package workload

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/rest"

	"github.com/kubecarry/kubecarry/test/upgrade/history"
)

// Config is what the workload runs against and how hard.
type Config struct {
	// REST reaches the API through the load balancer.
	REST *rest.Config
	// Storage reads etcd directly for the final checks.
	Storage *Storage
	// Namespace holds the long-lived objects; DoomedNamespace the objects
	// of every namespaced class that is deleted on request.
	Namespace, DoomedNamespace string
	// Jobs (each with a dependent ConfigMap), plain ConfigMaps, and
	// policies of the new resource (each with a dependent ClusterRole).
	Jobs, ConfigMaps, Policies int
	// Rate is the calls per second of each request class.
	Rate float64
	// CallTimeout bounds each call (not watch streams).
	CallTimeout time.Duration
	// NamespaceTimeout bounds the namespace deletion.
	NamespaceTimeout time.Duration
	// Logf reports progress.
	Logf func(format string, args ...any)
}

// Workload is one run.
type Workload struct {
	cfg Config
	rec history.Recorder

	mu         sync.Mutex
	jobs       []types.UID
	policies   []string
	dependents []history.Dependent
	notes      []string
	namespace  *history.NamespaceDeletion
	watchers   []*watcher
	background sync.WaitGroup
}

// New returns a workload that has done nothing yet.
func New(cfg Config) *Workload { return &Workload{cfg: cfg} }

// call runs fn as one recorded call of class, within the call timeout.
// exists says the object it reads is known to be in storage.
func (w *Workload) call(ctx context.Context, class string, exists bool, fn func(context.Context) error) error {
	callCtx, cancel := context.WithTimeout(ctx, w.cfg.CallTimeout)
	defer cancel()
	return w.record(callCtx, ctx, class, exists, fn)
}

// openStream is call for a request that opens a watch stream: the stream
// lives on after the call returns, so no call timeout may end it.
func (w *Workload) openStream(ctx context.Context, class string, fn func(context.Context) error) error {
	return w.record(ctx, ctx, class, true, fn)
}

// record runs fn with callCtx and records its outcome, unless it was cut
// short because the run (ctx) itself ended.
func (w *Workload) record(callCtx, ctx context.Context, class string, exists bool, fn func(context.Context) error) error {
	start := time.Now()
	err := fn(history.WithClass(callCtx, class))
	if err != nil && ctx.Err() != nil {
		return err
	}
	c := history.Call{Class: class, Start: start, Duration: time.Since(start), Exists: exists, Code: statusCode(err)}
	if err != nil {
		c.Error = err.Error()
		_, c.RetryAfter = apierrors.SuggestsClientDelay(err)
	}
	w.rec.Call(c)
	return err
}

func (w *Workload) note(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	w.cfg.Logf("%s", msg)
	w.mu.Lock()
	w.notes = append(w.notes, msg)
	w.mu.Unlock()
}

// every runs fn at the configured rate until ctx ends. A call slower than
// the interval delays the next one rather than piling calls up.
func (w *Workload) every(ctx context.Context, fn func(context.Context)) {
	ticker := time.NewTicker(time.Duration(float64(time.Second) / w.cfg.Rate))
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			fn(ctx)
		}
	}
}

func (w *Workload) spawn(fn func()) {
	w.background.Add(1)
	go func() {
		defer w.background.Done()
		fn()
	}()
}

// Run sends the steady traffic until ctx ends. newRelease is closed when
// the first server of the new release is ready (the policies are created
// and read from then on), deleteNamespace when the namespace is to be
// deleted. watchCtx outlives ctx: the watchers keep following until Finish
// has compared them with the final state.
func (w *Workload) Run(ctx, watchCtx context.Context, newRelease, deleteNamespace <-chan struct{}) error {
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
		c, err := newClient(w.cfg.REST, &w.rec)
		if err != nil {
			return err
		}
		w.spawn(func() { w.every(ctx, func(ctx context.Context) { w.read(ctx, c, r.class, r.fn) }) })
	}
	if err := w.writers(ctx); err != nil {
		return err
	}
	for _, gvr := range []schema.GroupVersionResource{jobGVR, cmGVR} {
		c, err := newClient(w.cfg.REST, &w.rec)
		if err != nil {
			return err
		}
		wt := newWatcher(w, c, gvr, w.cfg.Namespace)
		w.watchers = append(w.watchers, wt)
		w.spawn(func() { wt.run(watchCtx) })
	}
	w.spawn(func() {
		select {
		case <-ctx.Done():
		case <-newRelease:
			w.newRelease(ctx)
		}
	})
	w.spawn(func() {
		select {
		case <-ctx.Done():
		case <-deleteNamespace:
			w.deleteNamespace()
		}
	})
	return nil
}

// read makes one call as a short-lived client: a new connection through
// the load balancer each time, so every server gets its share.
func (w *Workload) read(ctx context.Context, c *client, class string, fn func(context.Context, *client) error) {
	_ = w.call(ctx, class, true, func(ctx context.Context) error { return fn(ctx, c) })
	c.reconnect()
}

// writers patch Jobs and ConfigMaps as a controller would, over one
// long-lived connection each; the watchers see their changes.
func (w *Workload) writers(ctx context.Context) error {
	jobs, err := newClient(w.cfg.REST, &w.rec)
	if err != nil {
		return err
	}
	cms, err := newClient(w.cfg.REST, &w.rec)
	if err != nil {
		return err
	}
	var n int
	w.spawn(func() {
		w.every(ctx, func(ctx context.Context) {
			n++
			patch := fmt.Appendf(nil, `{"metadata":{"annotations":{"kubecarry.io/n":"%d"}}}`, n)
			_ = w.call(ctx, "patch job", true, func(ctx context.Context) error {
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
			_ = w.call(ctx, "patch configmap", true, func(ctx context.Context) error {
				_, err := cms.kube.CoreV1().ConfigMaps(w.cfg.Namespace).Patch(ctx, configMapName(m%w.cfg.ConfigMaps), types.MergePatchType, patch, metav1.PatchOptions{})
				return err
			})
		})
	})
	return nil
}
