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
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/kubecarry/kubecarry/test/upgrade/history"
)

// Setup creates the objects every step reads: Jobs with a dependent
// ConfigMap each and plain ConfigMaps in the namespace, and in the doomed
// namespace one object of every namespaced class. It runs before the first
// step, so every server is of the old release; it retries until ctx ends.
func (w *Workload) Setup(ctx context.Context) error {
	c, err := newClient(w.cfg.REST, &w.rec)
	if err != nil {
		return err
	}
	batch, core := c.kube.BatchV1(), c.kube.CoreV1()
	for _, ns := range []string{w.cfg.Namespace, w.cfg.DoomedNamespace} {
		if _, err := ensure(ctx, "namespace "+ns, func(ctx context.Context) (metav1.Object, error) {
			return core.Namespaces().Create(ctx, namespace(ns), metav1.CreateOptions{})
		}, func(ctx context.Context) (metav1.Object, error) {
			return core.Namespaces().Get(ctx, ns, metav1.GetOptions{})
		}); err != nil {
			return err
		}
	}
	createJob := func(name, ns string) (types.UID, error) {
		obj, err := ensure(ctx, "job "+ns+"/"+name, func(ctx context.Context) (metav1.Object, error) {
			return batch.Jobs(ns).Create(ctx, job(name, ns), metav1.CreateOptions{})
		}, func(ctx context.Context) (metav1.Object, error) {
			return batch.Jobs(ns).Get(ctx, name, metav1.GetOptions{})
		})
		if err != nil {
			return "", err
		}
		return obj.GetUID(), nil
	}
	createConfigMap := func(name, ns string, owner *metav1.OwnerReference) error {
		_, err := ensure(ctx, "configmap "+ns+"/"+name, func(ctx context.Context) (metav1.Object, error) {
			return core.ConfigMaps(ns).Create(ctx, configMap(name, ns, owner), metav1.CreateOptions{})
		}, func(ctx context.Context) (metav1.Object, error) {
			return core.ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
		})
		return err
	}
	for i := range w.cfg.Jobs {
		uid, err := createJob(jobName(i), w.cfg.Namespace)
		if err != nil {
			return err
		}
		w.jobs = append(w.jobs, uid)
		if err := createConfigMap(jobDependentName(i), w.cfg.Namespace, ownerRef("batch/v1", "Job", jobName(i), uid)); err != nil {
			return err
		}
		w.dependents = append(w.dependents, history.Dependent{
			Kind: "ConfigMap", Name: w.cfg.Namespace + "/" + jobDependentName(i),
			OwnerKind: "Job", Owner: w.cfg.Namespace + "/" + jobName(i), Created: time.Now(),
		})
	}
	for i := range w.cfg.ConfigMaps {
		if err := createConfigMap(configMapName(i), w.cfg.Namespace, nil); err != nil {
			return err
		}
	}
	doomed := w.cfg.DoomedNamespace
	uid, err := createJob("doomed-job", doomed)
	if err != nil {
		return err
	}
	if err := createConfigMap("doomed-configmap", doomed, nil); err != nil {
		return err
	}
	if err := createConfigMap("doomed-job-dependent", doomed, ownerRef("batch/v1", "Job", "doomed-job", uid)); err != nil {
		return err
	}
	w.namespace = &history.NamespaceDeletion{
		Name:    doomed,
		Objects: []string{"jobs/doomed-job", "configmaps/doomed-configmap", "configmaps/doomed-job-dependent (owned by the Job)"},
	}
	return nil
}

// ensure creates an object, or reads it when an earlier attempt whose
// answer was lost created it already, retrying both until ctx ends.
func ensure(ctx context.Context, what string, create, get func(context.Context) (metav1.Object, error)) (metav1.Object, error) {
	for {
		obj, err := create(ctx)
		if apierrors.IsAlreadyExists(err) {
			obj, err = get(ctx)
		}
		if err == nil {
			return obj, nil
		}
		if !sleep(ctx, time.Second) {
			return nil, fmt.Errorf("creating %s: %w", what, err)
		}
	}
}
