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

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Probe classes: a GET of a Job, of a widget, or of the Jobs'
// group-version discovery document, through the server under test.
const (
	ClassProbeJob      = "get job"
	ClassProbeWidget   = "get widget"
	ClassProbeDocument = "get batch/v1 document"
)

// probes GETs the Jobs round-robin through REST, one at a time, and as many
// widgets and batch/v1 discovery documents alongside, until ctx ends. The
// document is what client-go's legacy discovery and RESTMappers fetch for
// every group-version /apis lists: a 404 for it drops Jobs from a client's
// view of the cluster as surely as a 404 for a Job.
func (w *Workload) probes(ctx context.Context) error {
	jobs, err := newClient(w.cfg.REST, w.rec)
	if err != nil {
		return err
	}
	w.spawn(func() {
		w.paced(ctx, func(i int) {
			j := w.jobs[i%len(w.jobs)]
			start := w.rec.Now()
			w.inFlight.Store(start.UnixNano())
			defer w.inFlight.Store(0)
			w.probe(ctx, jobs, ClassProbeJob, j.name, fmt.Sprintf("/apis/batch/v1/namespaces/%s/jobs/%s", w.cfg.Namespace, j.name))
		})
	})
	documents, err := newClient(w.cfg.REST, w.rec)
	if err != nil {
		return err
	}
	w.spawn(func() {
		w.paced(ctx, func(int) {
			w.probe(ctx, documents, ClassProbeDocument, "batch/v1", "/apis/"+jobGVR.Group+"/"+jobGVR.Version)
		})
	})
	if len(w.widgets) == 0 {
		return nil
	}
	widgets, err := newClient(w.cfg.REST, w.rec)
	if err != nil {
		return err
	}
	w.spawn(func() {
		w.paced(ctx, func(i int) {
			name := w.widgets[i%len(w.widgets)]
			w.probe(ctx, widgets, ClassProbeWidget, name, fmt.Sprintf("/apis/%s/%s/namespaces/%s/%s/%s",
				widgetGVR.Group, widgetGVR.Version, w.cfg.Namespace, widgetGVR.Resource, name))
		})
	})
	return nil
}

// probe is one GET of path as a single HTTP attempt: client-go's own
// retries (of answers with Retry-After, of reset connections) would hide
// what the server answered.
func (w *Workload) probe(ctx context.Context, c *client, class, object, path string) {
	_ = w.call(ctx, class, object, true, func(ctx context.Context) error {
		return c.kube.CoreV1().RESTClient().Get().AbsPath(path).MaxRetries(0).Do(ctx).Error()
	})
}

// paced calls request(0), request(1), ... one at a time, starting one
// every ProbeInterval (at once after one that took longer), until ctx
// ends.
func (w *Workload) paced(ctx context.Context, request func(i int)) {
	for i := 0; ctx.Err() == nil; i++ {
		start := time.Now()
		request(i)
		if wait := w.cfg.ProbeInterval - time.Since(start); wait > 0 && !sleep(ctx, wait) {
			return
		}
	}
}

// WaitInFlight returns once a Job probe that started after the call is in
// flight, or after max: a fault injected then hits a request on its way.
func (w *Workload) WaitInFlight(ctx context.Context, max time.Duration) bool {
	since := w.rec.Now().UnixNano()
	deadline := time.Now().Add(max)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		if v := w.inFlight.Load(); v != 0 && v >= since {
			return true
		}
		time.Sleep(200 * time.Microsecond)
	}
	return false
}

// WaitThrough polls a GET of the first Job through REST until it answers
// (the server under test's peer discovery knows who serves batch/v1) or
// timeout passes. Its requests are not part of the history.
func (w *Workload) WaitThrough(ctx context.Context, timeout time.Duration) error {
	c, err := newClient(w.cfg.REST, nil)
	if err != nil {
		return err
	}
	deadline := time.Now().Add(timeout)
	for {
		_, err := c.kube.BatchV1().Jobs(w.cfg.Namespace).Get(ctx, w.jobs[0].name, metav1.GetOptions{})
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) || !sleep(ctx, 500*time.Millisecond) {
			return fmt.Errorf("%s did not answer a GET of Job %s within %s; last: %w", w.cfg.REST.Host, w.jobs[0].name, timeout, err)
		}
	}
}
