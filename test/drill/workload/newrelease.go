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
	"math/rand/v2"
	"net/http"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/rest"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// The classes of the calls to the new release's resource.
const (
	ClassCreateNew = "create new resource"
	ClassListNew   = "list new resource"
	ClassGetNew    = "get new resource"
)

// useNewRelease starts using the resource only the new release serves, once
// its first server is ready: it finds that resource in the discovery of
// newServer and oldServer (FindNewResource), creates objects of it and a
// dependent ClusterRole of each (through whichever server the load balancer
// picks, as any client would), then reads and lists them until ctx ends.
func (w *Workload) useNewRelease(ctx context.Context, newServer, oldServer *rest.Config) {
	res, ok := w.findNewResource(ctx, newServer, oldServer)
	if !ok {
		return
	}
	c, err := newClient(w.cfg.REST, w.rec)
	if err != nil {
		w.note("no client for the new resource: %v", err)
		return
	}
	objects := c.dynamic.Resource(res.GVR)
	for i := range w.cfg.NewObjects {
		name := newObjectName(i)
		var uid string
		for ctx.Err() == nil && uid == "" {
			err := w.call(ctx, ClassCreateNew, name, false, func(ctx context.Context) error {
				obj, err := objects.Create(ctx, &unstructured.Unstructured{Object: newResourceObject(res, name)}, metav1.CreateOptions{})
				if apierrors.IsAlreadyExists(err) {
					// An earlier attempt created it and its answer was lost.
					obj, err = objects.Get(ctx, name, metav1.GetOptions{})
				}
				if err == nil {
					uid = string(obj.GetUID())
				}
				return err
			})
			c.reconnect()
			if err != nil {
				sleep(ctx, time.Second)
			}
		}
		if uid == "" {
			return
		}
		owner := ownerRef(res.GVR.GroupVersion().String(), res.Kind, name, types.UID(uid))
		for ctx.Err() == nil {
			err := w.call(ctx, "create dependent", newObjectDependentName(i), false, func(ctx context.Context) error {
				_, err := c.kube.RbacV1().ClusterRoles().Create(ctx, clusterRole(newObjectDependentName(i), owner), metav1.CreateOptions{})
				if apierrors.IsAlreadyExists(err) {
					return nil
				}
				return err
			})
			if err == nil {
				w.rec.AddDependent(history.Dependent{
					Kind: "ClusterRole", Name: newObjectDependentName(i), OwnerKind: res.Kind, Owner: name,
					Created: w.rec.Now(), CreateCode: http.StatusCreated,
				})
				break
			}
			sleep(ctx, time.Second)
		}
	}
	w.cfg.Logf("created %d %s and their dependent ClusterRoles", w.cfg.NewObjects, res.GVR.Resource)
	list, err := newClient(w.cfg.REST, w.rec)
	if err != nil {
		w.note("no client for the new resource: %v", err)
		return
	}
	w.spawn(func() {
		w.every(ctx, func(ctx context.Context) {
			w.read(ctx, list, ClassListNew, func(ctx context.Context, c *client) error {
				_, err := c.dynamic.Resource(res.GVR).List(ctx, metav1.ListOptions{})
				return err
			})
		})
	})
	w.every(ctx, func(ctx context.Context) {
		w.read(ctx, c, ClassGetNew, func(ctx context.Context, c *client) error {
			_, err := c.dynamic.Resource(res.GVR).Get(ctx, newObjectName(rand.IntN(w.cfg.NewObjects)), metav1.GetOptions{})
			return err
		})
	})
}

// findNewResource finds the new release's resource and records it. A
// server that has just become ready may not yet list every group it
// serves, so discovery is read again for up to a minute; what stops it is
// noted (the report shows it and the ResourceUsed check fails).
func (w *Workload) findNewResource(ctx context.Context, newServer, oldServer *rest.Config) (NewResource, bool) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var res NewResource
	var err error
	for {
		if res, err = FindNewResource(ctx, newServer, oldServer); err == nil {
			break
		}
		if !sleep(ctx, 2*time.Second) {
			w.note("no resource of the new release to use: %v", err)
			return NewResource{}, false
		}
	}
	w.mu.Lock()
	w.newResource = res
	w.mu.Unlock()
	w.rec.SetNewResource(res.historyOf())
	w.cfg.Logf("the new release's resource, from discovery: %s", res)
	return res, true
}
