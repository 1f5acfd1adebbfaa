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
	"crypto/rand"
	"fmt"
	"net/http"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// ClassCreateDependent is the create of a dependent while the drill runs.
const ClassCreateDependent = "create dependent"

// dependents creates a ConfigMap owned by a Job through REST every
// DependentEvery, and LISTs them every second to see when one goes, until
// ctx ends.
func (w *Workload) dependents(ctx context.Context) error {
	c, err := newClient(w.cfg.REST, w.rec)
	if err != nil {
		return err
	}
	lister, err := newClient(w.cfg.REST, nil)
	if err != nil {
		return err
	}
	w.spawn(func() {
		tick := time.NewTicker(w.cfg.DependentEvery)
		defer tick.Stop()
		for i := 1; ; i++ {
			j := w.jobs[(i-1)%len(w.jobs)]
			w.createDependent(ctx, c, dependentName(i), j, false)
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	})
	w.spawn(func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			w.seeDeletedDependents(ctx, lister)
		}
	})
	return nil
}

// createDependent creates, as a single HTTP attempt through REST, a
// ConfigMap owned by owner, and records it.
func (w *Workload) createDependent(ctx context.Context, c *client, name string, o owner, control bool) int {
	cm := configMap(name, w.cfg.Namespace, ownerRef("batch/v1", "Job", o.name, types.UID(o.uid)))
	if control {
		cm.Labels[labelDrill] = "control"
	}
	err := w.call(ctx, ClassCreateDependent, name, false, func(ctx context.Context) error {
		return c.kube.CoreV1().RESTClient().Post().Namespace(w.cfg.Namespace).Resource("configmaps").
			Body(cm).MaxRetries(0).Do(ctx).Into(&corev1.ConfigMap{})
	})
	d := history.Dependent{
		Kind: "ConfigMap", Namespace: w.cfg.Namespace, Name: name, OwnerKind: "Job", Owner: o.name,
		Control: control, CreateCode: http.StatusCreated,
		// Created is when the answer came: only then can a LIST be sure
		// to include it.
		Created: w.rec.Now(),
	}
	if err != nil {
		d.CreateCode, d.CreateError = statusCode(err), err.Error()
		w.cfg.Logf("creating dependent %s through %s: %v", name, w.cfg.REST.Host, err)
	}
	return w.rec.AddDependent(d)
}

// Control creates a dependent of a Job that never existed, named after
// phase, and waits until the garbage collector has deleted it from
// storage, at most timeout: proof that the collector was running and
// could look its owner up, so that "no dependent lost" means something.
func (w *Workload) Control(ctx context.Context, phase string, timeout time.Duration) error {
	c, err := newClient(w.cfg.REST, w.rec)
	if err != nil {
		return err
	}
	name := controlName(phase)
	i := w.createDependent(ctx, c, name, owner{name: "drill-job-that-never-existed", uid: randomUID()}, true)
	w.rec.UpdateDependent(i, func(d *history.Dependent) { d.Phase, d.Waited = phase, timeout })
	if d := w.rec.Dependents()[i]; !d.WasCreated() {
		return fmt.Errorf("creating the control dependent %s: %s", name, d.CreateError)
	}
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		exists, err := w.cfg.Storage.Exists(ctx, "configmaps", w.cfg.Namespace, name)
		if err == nil && !exists {
			now := w.rec.Now()
			w.rec.UpdateDependent(i, func(d *history.Dependent) { d.Deleted = now })
			return nil
		}
		if !sleep(ctx, 500*time.Millisecond) {
			return ctx.Err()
		}
	}
	return nil
}

// seeDeletedDependents LISTs the dependents once and marks those missing
// as deleted now.
func (w *Workload) seeDeletedDependents(ctx context.Context, c *client) {
	start := w.rec.Now()
	list, err := c.kube.CoreV1().ConfigMaps(w.cfg.Namespace).List(ctx, metav1.ListOptions{LabelSelector: labelDrill + "=dependent"})
	if err != nil {
		return
	}
	present := map[string]bool{}
	for _, item := range list.Items {
		present[item.Name] = true
	}
	seen := w.rec.Now()
	for i, d := range w.rec.Dependents() {
		// Only what existed before the LIST began can be missing from it.
		if d.Control || !d.WasCreated() || !d.Deleted.IsZero() || !d.Created.Before(start) || d.Namespace != w.cfg.Namespace || present[d.Name] {
			continue
		}
		w.rec.UpdateDependent(i, func(d *history.Dependent) { d.Deleted = seen })
	}
}

func randomUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
