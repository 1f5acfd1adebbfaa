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

package main

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

const pollInterval = 20 * time.Millisecond

// bench holds the servers: the first is where CRDs are created and
// deleted, the others are where their convergence is observed.
type bench struct {
	servers []*server
	crds    apiextensionsclient.Interface
	timeout time.Duration
}

// createAll creates specs through the first server with workers in
// parallel and waits, each for at most bound, until every one is
// Established there.
func (b *bench) createAll(ctx context.Context, specs []crdSpec, workers int, bound time.Duration) error {
	if err := parallel(len(specs), workers, func(i int) error {
		_, err := b.crds.ApiextensionsV1().CustomResourceDefinitions().Create(ctx, specs[i].customResourceDefinition(), metav1.CreateOptions{})
		if err != nil && !apierrors.IsAlreadyExists(err) {
			return fmt.Errorf("creating CRD %s: %w", specs[i].name(), err)
		}
		return nil
	}); err != nil {
		return err
	}
	return parallel(len(specs), workers, func(i int) error {
		if _, ok := poll(ctx, time.Now(), 100*time.Millisecond, bound, func() bool { return b.established(ctx, specs[i]) }); !ok {
			return fmt.Errorf("CRD %s not Established within %s", specs[i].name(), bound)
		}
		return nil
	})
}

func (b *bench) established(ctx context.Context, s crdSpec) bool {
	crd, err := b.crds.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, s.name(), metav1.GetOptions{})
	if err != nil {
		return false
	}
	for _, c := range crd.Status.Conditions {
		if c.Type == apiextensionsv1.Established && c.Status == apiextensionsv1.ConditionTrue {
			return true
		}
	}
	return false
}

func (b *bench) deleteAll(ctx context.Context, specs []crdSpec, workers int) error {
	return parallel(len(specs), workers, func(i int) error {
		err := b.crds.ApiextensionsV1().CustomResourceDefinitions().Delete(ctx, specs[i].name(), metav1.DeleteOptions{})
		if err != nil && !apierrors.IsNotFound(err) {
			return fmt.Errorf("deleting CRD %s: %w", specs[i].name(), err)
		}
		return nil
	})
}

// convergence is one CRD's way through the other servers: from the create
// (or delete) call's answer to each event on the slowest other server. An
// event some server did not reach within the bench's bound counts as the
// bound and is named in TimedOut.
type convergence struct {
	Usable, Listed, Gone, Unlisted time.Duration
	TimedOut                       []string
}

// converge creates spec through the first server and measures how long
// until a list of its objects answers 200 through every other server and
// merged /apis there lists its group; then deletes it and measures until
// the list answers 404 and the group left merged /apis everywhere.
func (b *bench) converge(ctx context.Context, spec crdSpec) (convergence, error) {
	var c convergence
	if _, err := b.crds.ApiextensionsV1().CustomResourceDefinitions().Create(ctx, spec.customResourceDefinition(), metav1.CreateOptions{}); err != nil {
		return c, fmt.Errorf("creating CRD %s: %w", spec.name(), err)
	}
	created := b.observe(ctx, spec, http.StatusOK, true)
	if err := b.crds.ApiextensionsV1().CustomResourceDefinitions().Delete(ctx, spec.name(), metav1.DeleteOptions{}); err != nil {
		return c, fmt.Errorf("deleting CRD %s: %w", spec.name(), err)
	}
	deleted := b.observe(ctx, spec, http.StatusNotFound, false)
	c.Usable, c.Listed, c.Gone, c.Unlisted = created.list, created.group, deleted.list, deleted.group
	for _, e := range []struct {
		name     string
		timedOut bool
	}{{"usable", created.listTimedOut}, {"listed", created.groupTimedOut}, {"gone", deleted.listTimedOut}, {"unlisted", deleted.groupTimedOut}} {
		if e.timedOut {
			c.TimedOut = append(c.TimedOut, e.name)
		}
	}
	return c, ctx.Err()
}

// observation is when the slowest other server reached the list's code
// and merged /apis's listing, or the bound when one never did.
type observation struct {
	list, group                 time.Duration
	listTimedOut, groupTimedOut bool
}

// observe polls every server but the first, from now, until the list of
// spec's objects answers code and merged /apis lists (or no longer lists)
// its group, each for at most the bench's bound.
func (b *bench) observe(ctx context.Context, spec crdSpec, code int, listed bool) observation {
	start := time.Now()
	var mu sync.Mutex
	var o observation
	_ = parallel(len(b.servers)-1, len(b.servers)-1, func(i int) error {
		s := b.servers[i+1]
		d, listOK := poll(ctx, start, pollInterval, b.timeout, func() bool { return s.status(ctx, spec.listPath()) == code })
		w := &groupWatcher{s: s}
		g, groupOK := poll(ctx, start, pollInterval, b.timeout, func() bool { return w.lists(ctx, spec.group) == listed })
		if !listOK || !groupOK {
			progress("%s: %s: list answering %d: %v, merged /apis listing it %v: %v (bound %s)", s.name, spec.name(), code, listOK, listed, groupOK, b.timeout)
		}
		mu.Lock()
		o.list, o.group = max(o.list, d), max(o.group, g)
		o.listTimedOut, o.groupTimedOut = o.listTimedOut || !listOK, o.groupTimedOut || !groupOK
		mu.Unlock()
		return nil
	})
	return o
}

// burst creates specs at once (an operator install) and measures how long
// until every one is usable through every other server, then deletes them
// and measures until every one answers 404 there. A phase some CRD did not
// finish within the bench's bound counts as the bound and is named in
// timedOut.
func (b *bench) burst(ctx context.Context, specs []crdSpec, workers int) (usable, gone time.Duration, timedOut []string, err error) {
	start := time.Now()
	for _, s := range specs {
		if _, err := b.crds.ApiextensionsV1().CustomResourceDefinitions().Create(ctx, s.customResourceDefinition(), metav1.CreateOptions{}); err != nil {
			return 0, 0, nil, fmt.Errorf("creating CRD %s: %w", s.name(), err)
		}
	}
	if missed := b.everywhere(ctx, start, b.timeout, specs, http.StatusOK, workers); missed > 0 {
		timedOut = append(timedOut, "burstUsable")
	}
	usable = time.Since(start)
	start = time.Now()
	if err := b.deleteAll(ctx, specs, workers); err != nil {
		return 0, 0, nil, err
	}
	if missed := b.everywhere(ctx, start, b.timeout, specs, http.StatusNotFound, workers); missed > 0 {
		timedOut = append(timedOut, "burstGone")
	}
	return usable, time.Since(start), timedOut, ctx.Err()
}

// everywhere polls, from start, until the list of every spec answers code
// through every server but the first, until start + bound, and returns how
// many (spec, server) pairs never did.
func (b *bench) everywhere(ctx context.Context, start time.Time, bound time.Duration, specs []crdSpec, code int, workers int) int {
	others := b.servers[1:]
	var missed atomic.Int32
	_ = parallel(len(specs)*len(others), workers, func(i int) error {
		s, spec := others[i%len(others)], specs[i/len(others)]
		if _, ok := poll(ctx, start, pollInterval, bound, func() bool { return s.status(ctx, spec.listPath()) == code }); !ok {
			progress("%s: the list of %s did not answer %d within %s", s.name, spec.name(), code, bound)
			missed.Add(1)
		}
		return nil
	})
	return int(missed.Load())
}

// parallel runs fn(0..n-1) on workers goroutines and returns the first
// error.
func parallel(n, workers int, fn func(i int) error) error {
	if n == 0 {
		return nil
	}
	work := make(chan int)
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for w := 0; w < min(workers, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				if err := fn(i); err != nil {
					errs <- err
				}
			}
		}()
	}
	for i := 0; i < n; i++ {
		work <- i
	}
	close(work)
	wg.Wait()
	close(errs)
	return <-errs
}

// percentile is the nearest-rank p-th percentile of d (0 for none).
func percentile[T cmp.Ordered](d []T, p float64) T {
	if len(d) == 0 {
		var zero T
		return zero
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[percentileRank(len(s), p)-1]
}

// percentileRank is the 1-based nearest rank of the p-th percentile of n
// values.
func percentileRank(n int, p float64) int {
	return min(max(int(p/100*float64(n)+0.999999), 1), n)
}
