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
	"sort"
	"sync"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/dynamic"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// watcher follows one resource in one namespace the way a controller's
// reflector does: LIST, then WATCH from the list's resourceVersion, and
// after a stream ends WATCH again from the last resourceVersion it saw, so
// that no event is lost; only an expired resourceVersion (410) makes it
// LIST again. Its view of the objects (name to resourceVersion) must end
// equal to a LIST.
type watcher struct {
	w         *Workload
	client    *client
	gvr       schema.GroupVersionResource
	namespace string
	class     string

	mu      sync.Mutex
	objects map[string]string
	lastRV  string
	result  history.Watch
}

func newWatcher(w *Workload, c *client, gvr schema.GroupVersionResource, namespace string) *watcher {
	return &watcher{
		w: w, client: c, gvr: gvr, namespace: namespace, class: "watch " + gvr.Resource,
		result: history.Watch{Resource: gvr.Resource},
	}
}

func (wt *watcher) resource() dynamic.ResourceInterface {
	return wt.client.dynamic.Resource(wt.gvr).Namespace(wt.namespace)
}

// list returns every object's resourceVersion and the list's.
func (wt *watcher) list(ctx context.Context, class string) (map[string]string, string, error) {
	var list *unstructured.UnstructuredList
	err := wt.w.call(ctx, class, "", true, func(ctx context.Context) error {
		var err error
		list, err = wt.resource().List(ctx, metav1.ListOptions{})
		return err
	})
	if err != nil {
		return nil, "", err
	}
	objects := make(map[string]string, len(list.Items))
	for _, item := range list.Items {
		objects[item.GetName()] = item.GetResourceVersion()
	}
	return objects, list.GetResourceVersion(), nil
}

// relist replaces the view with a LIST, retrying until it succeeds.
func (wt *watcher) relist(ctx context.Context) bool {
	for ctx.Err() == nil {
		objects, rv, err := wt.list(ctx, wt.class)
		if err == nil {
			wt.mu.Lock()
			wt.objects, wt.lastRV = objects, rv
			wt.mu.Unlock()
			return true
		}
		sleep(ctx, time.Second)
	}
	return false
}

// run follows the resource until ctx ends.
func (wt *watcher) run(ctx context.Context) {
	if !wt.relist(ctx) {
		return
	}
	for ctx.Err() == nil {
		wt.mu.Lock()
		rv := wt.lastRV
		wt.mu.Unlock()
		var stream watch.Interface
		err := wt.w.openStream(ctx, wt.class, func(ctx context.Context) error {
			var err error
			// Like a reflector, ask the server to end the stream after a
			// while, so a healthy stream also gets re-established.
			timeout := int64(60 + rand.IntN(60))
			stream, err = wt.resource().Watch(ctx, metav1.ListOptions{
				ResourceVersion: rv, AllowWatchBookmarks: true, TimeoutSeconds: &timeout,
			})
			return err
		})
		wt.mu.Lock()
		wt.result.Starts++
		wt.mu.Unlock()
		if err != nil {
			if apierrors.IsResourceExpired(err) || apierrors.IsGone(err) {
				wt.countRelist()
				wt.relist(ctx)
				continue
			}
			sleep(ctx, time.Second)
			continue
		}
		if expired := wt.consume(ctx, stream); expired {
			wt.countRelist()
			wt.relist(ctx)
		}
	}
}

func (wt *watcher) countRelist() {
	wt.mu.Lock()
	wt.result.Relists++
	wt.mu.Unlock()
}

// consume applies a stream's events until it ends (or ctx does) and says
// whether it ended because the resourceVersion expired.
func (wt *watcher) consume(ctx context.Context, stream watch.Interface) bool {
	defer stream.Stop()
	for {
		select {
		case <-ctx.Done():
			return false
		case ev, ok := <-stream.ResultChan():
			if !ok {
				return false
			}
			if ev.Type == watch.Error {
				status := apierrors.FromObject(ev.Object)
				return apierrors.IsResourceExpired(status) || apierrors.IsGone(status)
			}
			obj, err := meta.Accessor(ev.Object)
			if err != nil {
				continue
			}
			wt.mu.Lock()
			switch ev.Type {
			case watch.Added, watch.Modified:
				wt.objects[obj.GetName()] = obj.GetResourceVersion()
				wt.result.Events++
			case watch.Deleted:
				delete(wt.objects, obj.GetName())
				wt.result.Events++
			}
			wt.lastRV = obj.GetResourceVersion()
			wt.mu.Unlock()
		}
	}
}

// verify compares the view with a LIST made after the writers stopped,
// giving the watcher until ctx ends to catch up with it.
func (wt *watcher) verify(ctx context.Context) history.Watch {
	var truth map[string]string
	for {
		objects, _, err := wt.list(ctx, "final list")
		if err == nil {
			truth = objects
			break
		}
		if !sleep(ctx, time.Second) {
			wt.mu.Lock()
			defer wt.mu.Unlock()
			wt.result.Error = fmt.Sprintf("no LIST to compare with: %v", err)
			return wt.result
		}
	}
	for {
		wt.mu.Lock()
		missed, extra := diff(wt.objects, truth)
		if (len(missed) == 0 && len(extra) == 0) || ctx.Err() != nil {
			wt.result.Missed, wt.result.Extra = missed, extra
			result := wt.result
			wt.mu.Unlock()
			return result
		}
		wt.mu.Unlock()
		sleep(ctx, 200*time.Millisecond)
	}
}

// diff names the objects of truth the view lacks or holds at another
// resourceVersion (missed), and those it holds that truth does not (extra).
func diff(view, truth map[string]string) (missed, extra []string) {
	for name, rv := range truth {
		if seen, ok := view[name]; !ok {
			missed = append(missed, name+" (never seen)")
		} else if seen != rv {
			missed = append(missed, fmt.Sprintf("%s (at resourceVersion %s, not %s)", name, seen, rv))
		}
	}
	for name := range view {
		if _, ok := truth[name]; !ok {
			extra = append(extra, name)
		}
	}
	sort.Strings(missed)
	sort.Strings(extra)
	return missed, extra
}
