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
	"k8s.io/apimachinery/pkg/types"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// ClassGetPolicy is a GET of the new release's resource.
const ClassGetPolicy = "get policy"

// useNewRelease starts using the resource only the new release serves, once
// its first server is ready: it creates the policies and a dependent
// ClusterRole of each (through whichever server the load balancer picks,
// as any client would), then reads and lists them until ctx ends.
func (w *Workload) useNewRelease(ctx context.Context) {
	c, err := newClient(w.cfg.REST, w.rec)
	if err != nil {
		w.note("no client for the new resource: %v", err)
		return
	}
	policies := c.dynamic.Resource(policyGVR)
	for i := range w.cfg.Policies {
		name := policyName(i)
		var uid string
		for ctx.Err() == nil && uid == "" {
			err := w.call(ctx, "create policy", name, false, func(ctx context.Context) error {
				obj, err := policies.Create(ctx, policy(name), metav1.CreateOptions{})
				if apierrors.IsAlreadyExists(err) {
					// An earlier attempt created it and its answer was lost.
					obj, err = policies.Get(ctx, name, metav1.GetOptions{})
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
		owner := ownerRef(policyGVR.GroupVersion().String(), PolicyKind, name, types.UID(uid))
		for ctx.Err() == nil {
			err := w.call(ctx, "create dependent", policyDependentName(i), false, func(ctx context.Context) error {
				_, err := c.kube.RbacV1().ClusterRoles().Create(ctx, clusterRole(policyDependentName(i), owner), metav1.CreateOptions{})
				if apierrors.IsAlreadyExists(err) {
					return nil
				}
				return err
			})
			if err == nil {
				w.rec.AddDependent(history.Dependent{
					Kind: "ClusterRole", Name: policyDependentName(i), OwnerKind: PolicyKind, Owner: name,
					Created: w.rec.Now(), CreateCode: http.StatusCreated,
				})
				break
			}
			sleep(ctx, time.Second)
		}
	}
	w.cfg.Logf("created %d %s and their dependent ClusterRoles", w.cfg.Policies, policyGVR.Resource)
	list, err := newClient(w.cfg.REST, w.rec)
	if err != nil {
		w.note("no client for the new resource: %v", err)
		return
	}
	w.spawn(func() {
		w.every(ctx, func(ctx context.Context) {
			w.read(ctx, list, "list policies", func(ctx context.Context, c *client) error {
				_, err := c.dynamic.Resource(policyGVR).List(ctx, metav1.ListOptions{})
				return err
			})
		})
	})
	w.every(ctx, func(ctx context.Context) {
		w.read(ctx, c, ClassGetPolicy, func(ctx context.Context, c *client) error {
			_, err := c.dynamic.Resource(policyGVR).Get(ctx, policyName(rand.IntN(w.cfg.Policies)), metav1.GetOptions{})
			return err
		})
	})
}
