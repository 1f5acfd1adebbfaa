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
	"net/http"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// Setup creates the objects every phase reads, before the first phase:
// the namespace, Jobs (through Direct when set; with a dependent ConfigMap
// each when configured) and plain ConfigMaps, the widget CRD and widgets
// through REST, and in the doomed namespace one object of every namespaced
// class. It retries each create until ctx ends; its requests are not part
// of the history.
func (w *Workload) Setup(ctx context.Context) error {
	direct := w.cfg.REST
	if w.cfg.Direct != nil {
		direct = w.cfg.Direct
	}
	c, err := newClient(direct, nil)
	if err != nil {
		return err
	}
	batch, core := c.kube.BatchV1(), c.kube.CoreV1()
	for _, ns := range []string{w.cfg.Namespace, w.cfg.DoomedNamespace} {
		if ns == "" {
			continue
		}
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
		w.jobs = append(w.jobs, owner{name: jobName(i), uid: string(uid)})
		if !w.cfg.JobDependents {
			continue
		}
		if err := createConfigMap(jobDependentName(i), w.cfg.Namespace, ownerRef("batch/v1", "Job", jobName(i), uid)); err != nil {
			return err
		}
		w.rec.AddDependent(history.Dependent{
			Kind: "ConfigMap", Namespace: w.cfg.Namespace, Name: jobDependentName(i),
			OwnerKind: "Job", Owner: jobName(i), Phase: "setup", Created: w.rec.Now(), CreateCode: http.StatusCreated,
		})
	}
	for i := range w.cfg.ConfigMaps {
		if err := createConfigMap(configMapName(i), w.cfg.Namespace, nil); err != nil {
			return err
		}
	}
	if w.cfg.Widgets > 0 {
		if err := w.createWidgets(ctx); err != nil {
			return err
		}
	}
	if doomed := w.cfg.DoomedNamespace; doomed != "" {
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
	}
	return nil
}

// createWidgets creates the widget CRD through REST (already existing is
// fine), waits until that server serves it, and creates the widgets
// through it.
func (w *Workload) createWidgets(ctx context.Context) error {
	c, err := newClient(w.cfg.REST, nil)
	if err != nil {
		return err
	}
	crd := widgetCRD()
	if _, err := ensure(ctx, "the widget CRD", func(ctx context.Context) (metav1.Object, error) {
		return c.dynamic.Resource(crdGVR).Create(ctx, crd, metav1.CreateOptions{})
	}, func(ctx context.Context) (metav1.Object, error) {
		return c.dynamic.Resource(crdGVR).Get(ctx, crd.GetName(), metav1.GetOptions{})
	}); err != nil {
		return err
	}
	widgets := c.dynamic.Resource(widgetGVR).Namespace(w.cfg.Namespace)
	for {
		_, err := widgets.List(ctx, metav1.ListOptions{})
		if err == nil {
			break
		}
		if !sleep(ctx, 200*time.Millisecond) {
			return fmt.Errorf("%s does not serve %s after its CRD was created: %w", w.cfg.REST.Host, widgetGVR.GroupResource(), err)
		}
	}
	for i := range w.cfg.Widgets {
		name := widgetName(i)
		if _, err := ensure(ctx, "widget "+name, func(ctx context.Context) (metav1.Object, error) {
			return widgets.Create(ctx, widget(name, w.cfg.Namespace), metav1.CreateOptions{})
		}, func(ctx context.Context) (metav1.Object, error) {
			return widgets.Get(ctx, name, metav1.GetOptions{})
		}); err != nil {
			return err
		}
		w.widgets = append(w.widgets, name)
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
