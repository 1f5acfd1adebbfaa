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

// Package workload is the client side of every drill, on client-go: the
// objects it creates before the first phase, then the request classes the
// scenario turns on, until it is told to stop:
//
//   - probes: GETs of Jobs (and of widgets, a CRD) through one server, one
//     at a time and each a single HTTP attempt, so that every 503, 404 and
//     hang that server gives is seen as it was (the peer-faults drill);
//   - readers, writers and watchers at a fixed pace, each class on a
//     connection of its own, as controllers and short-lived clients behind
//     a load balancer are (the upgrade drill);
//   - dependents for the garbage collector (ConfigMaps owned by Jobs, and
//     ClusterRoles owned by objects of the new release's resource), with
//     control dependents of an owner that never existed;
//   - the resource only a new release serves, from the moment it does;
//   - the deletion of a namespace holding an object of every class.
//
// Every call and every HTTP attempt goes into the history; at the end the
// workload compares its watchers with a LIST and reads storage (etcd) for
// the dependents, their owners and the deleted namespace. Nothing here
// decides whether an outcome is good (package checker does).
package workload

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/rest"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// Config is what the workload runs against and which classes it runs.
type Config struct {
	// REST reaches the API the way the scenario's clients do: the server
	// under test, or the load balancer.
	REST *rest.Config
	// Direct, if set, is where the Jobs are created (a server that serves
	// batch/v1 itself); REST otherwise.
	Direct *rest.Config
	// Storage reads etcd directly for the final checks.
	Storage *Storage
	// Namespace holds the long-lived objects.
	Namespace string
	// DoomedNamespace, if set, is created with an object of every
	// namespaced class and deleted on DeleteNamespace.
	DoomedNamespace string
	// Jobs and ConfigMaps to create; JobDependents gives each Job a
	// dependent ConfigMap at once.
	Jobs, ConfigMaps int
	JobDependents    bool
	// Widgets, if not zero, is how many objects of the drill's CRD to
	// create through REST (after creating the CRD there) and probe.
	Widgets int
	// ProbeInterval, if set, turns the probes on: one GET of a Job (and
	// one of a widget, and one of the batch/v1 discovery document)
	// started every interval.
	ProbeInterval time.Duration
	// DependentEvery, if set, creates a dependent of a Job through REST
	// that often.
	DependentEvery time.Duration
	// Rate, if set, turns readers, writers and watchers on: calls per
	// second of each class.
	Rate float64
	// NewObjects are the objects of the new release's resource created
	// (with a dependent ClusterRole each) on NewRelease.
	NewObjects int
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
	rec *history.Recorder

	mu         sync.Mutex
	jobs       []owner
	widgets    []string
	namespace  *history.NamespaceDeletion
	watchers   []*watcher
	background sync.WaitGroup
	newRelease sync.Once
	// newResource is the new release's resource, once NewRelease found it
	// (under mu).
	newResource NewResource
	deleteNS    sync.Once
	// runCtx is Run's: what the workload starts later (the new release's
	// resource) stops with the rest.
	runCtx context.Context

	// inFlight is the start (Unix nanoseconds) of the Job probe in
	// flight, 0 when none is.
	inFlight atomic.Int64
}

// owner is an object the workload created that others name as owner.
type owner struct {
	name string
	uid  string
}

// New returns a workload that has done nothing yet.
func New(cfg Config, rec *history.Recorder) *Workload {
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	return &Workload{cfg: cfg, rec: rec}
}

// call runs fn as one recorded call of class, within the call timeout.
// exists says the object it reads is known to be in storage; object names
// it for the report.
func (w *Workload) call(ctx context.Context, class, object string, exists bool, fn func(context.Context) error) error {
	callCtx, cancel := context.WithTimeout(ctx, w.cfg.CallTimeout)
	defer cancel()
	return w.record(callCtx, ctx, class, object, exists, fn)
}

// openStream is call for a request that opens a watch stream: the stream
// lives on after the call returns, so no call timeout may end it.
func (w *Workload) openStream(ctx context.Context, class string, fn func(context.Context) error) error {
	return w.record(ctx, ctx, class, "", true, fn)
}

// record runs fn with callCtx and records its outcome, unless it was cut
// short because the run (ctx) itself ended.
func (w *Workload) record(callCtx, ctx context.Context, class, object string, exists bool, fn func(context.Context) error) error {
	last := &lastAnswer{}
	start := w.rec.Now()
	err := fn(withLastAnswer(history.WithClass(callCtx, class), last))
	if err != nil && ctx.Err() != nil {
		return err
	}
	c := history.Call{Class: class, Object: object, Start: start, Duration: w.rec.Now().Sub(start), Exists: exists, Code: statusCode(err)}
	if err != nil {
		c.Error = err.Error()
		if code, retryAfter := last.get(); code == c.Code {
			c.RetryAfter = retryAfter
		}
		if seconds, ok := apierrors.SuggestsClientDelay(err); ok && c.RetryAfter == "" {
			c.RetryAfter = fmt.Sprint(seconds)
		}
	}
	w.rec.Call(c)
	return err
}

func (w *Workload) note(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	w.cfg.Logf("%s", msg)
	w.rec.Note(msg)
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

// Run starts the classes the configuration turns on; they run until ctx
// ends. watchCtx outlives ctx: the watchers keep following until Finish
// has compared them with the final state.
func (w *Workload) Run(ctx, watchCtx context.Context) error {
	w.runCtx = ctx
	if w.cfg.ProbeInterval > 0 {
		if err := w.probes(ctx); err != nil {
			return err
		}
	}
	if w.cfg.DependentEvery > 0 {
		if err := w.dependents(ctx); err != nil {
			return err
		}
	}
	if w.cfg.Rate > 0 {
		if err := w.readers(ctx); err != nil {
			return err
		}
		if err := w.writers(ctx); err != nil {
			return err
		}
		if err := w.watch(watchCtx); err != nil {
			return err
		}
	}
	return nil
}

// NewRelease says the first server of the new release is ready: the
// workload finds the resource that release serves and the old one does not
// in the discovery of newServer (of the new release) and oldServer (of the
// old one), creates objects of it (with their dependents) and reads them
// until Run's ctx ends. Only the first call counts; it must come after Run.
func (w *Workload) NewRelease(newServer, oldServer *rest.Config) {
	w.newRelease.Do(func() { w.spawn(func() { w.useNewRelease(w.runCtx, newServer, oldServer) }) })
}

// DeleteNamespace deletes the doomed namespace in the background; Finish
// records how that went. Only the first call counts.
func (w *Workload) DeleteNamespace() {
	w.deleteNS.Do(func() { w.spawn(w.deleteNamespace) })
}

// sleep waits d or until ctx ends, and says whether ctx is still live.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// statusCode is the HTTP status a client-go error carries: 200 for no
// error, NoAnswer for an error that is not an answer from a server.
func statusCode(err error) int {
	if err == nil {
		return http.StatusOK
	}
	var status apierrors.APIStatus
	if errors.As(err, &status) {
		return int(status.Status().Code)
	}
	return history.NoAnswer
}

// Note records something the scenario wants the report's reader to know.
func (w *Workload) Note(msg string) { w.note("%s", msg) }
