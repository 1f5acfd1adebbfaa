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

package peerproxy

import (
	"context"
	"net/http"
	"sort"
	"strconv"
	"testing"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/rest"
)

// BenchmarkPeerProxy measures the proxy hop on one machine: two
// kube-apiservers on one etcd, "older" lacking batch/v1. Each request is
// sent on one reused HTTP/2 connection and timed; besides ns/op it reports
// p50/p99 latency in ms and requests per second. Run it with
// hack/bench-peerproxy.sh.
//
//	direct:  the capable server answers itself
//	proxied: the older server proxies to it
//	apis:    /apis merged vs profile=nopeer, full answers vs 304 on the ETag
//	WATCH:   a watch on one Job, direct or through the older server; each
//	         operation labels the Job through the capable server and waits
//	         for the MODIFIED event (latency from before the update)
func BenchmarkPeerProxy(b *testing.B) {
	cp := newControlPlane(b)
	newer := cp.start("newer", true)
	older := cp.start("older", true, olderServerRuntimeConfig)
	const ns = "bench"
	createNamespace(b, newer, ns)
	for _, name := range []string{"job-a", "job-b", "job-c", "job-d", "job-e"} {
		if _, err := newer.client.BatchV1().Jobs(ns).Create(context.Background(), newJob(name), metav1.CreateOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	waitForJobsThrough(b, older, ns)
	waitForDiscovery(b, older, "batch/v1 of its peer is listed", time.Minute, func(d discoveryResponse) bool { return d.has("batch", "v1") })

	getJob := "/apis/batch/v1/namespaces/" + ns + "/jobs/job-a"
	listJobs := "/apis/batch/v1/namespaces/" + ns + "/jobs"
	for _, bc := range []struct {
		name   string
		server *apiserver
		path   string
		accept string
		etag   bool
	}{
		{"GET/direct", newer, getJob, "application/json", false},
		{"GET/proxied", older, getJob, "application/json", false},
		{"LIST/direct", newer, listJobs, "application/json", false},
		{"LIST/proxied", older, listJobs, "application/json", false},
		{"apis/merged", older, "/apis", acceptMerged, false},
		{"apis/merged-304", older, "/apis", acceptMerged, true},
		{"apis/nopeer", older, "/apis", acceptNoPeer, false},
		{"apis/nopeer-304", older, "/apis", acceptNoPeer, true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			client, err := rest.HTTPClientFor(bc.server.admin)
			if err != nil {
				b.Fatal(err)
			}
			etag := ""
			if bc.etag {
				etag = getAPIs(b, bc.server, bc.accept, "").etag
			}
			want := http.StatusOK
			if bc.etag {
				want = http.StatusNotModified
			}
			latencies := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				code := doGet(b, client, bc.server.admin.Host+bc.path, bc.accept, etag)
				latencies = append(latencies, time.Since(start))
				if code != want {
					b.Fatalf("GET %s from %s: %d, want %d", bc.path, bc.server.name, code, want)
				}
			}
			b.StopTimer()
			reportLatencies(b, latencies)
		})
	}
	for _, bc := range []struct {
		name   string
		server *apiserver
	}{{"WATCH/direct", newer}, {"WATCH/proxied", older}} {
		b.Run(bc.name, func(b *testing.B) { benchmarkWatchEvents(b, newer, bc.server, ns, "job-a") })
	}
}

// benchmarkWatchEvents times, per operation, labelling a Job through writer
// until the watch through watcher delivers the change.
func benchmarkWatchEvents(b *testing.B, writer, watcher *apiserver, ns, name string) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w, err := watcher.client.BatchV1().Jobs(ns).Watch(ctx, metav1.ListOptions{FieldSelector: "metadata.name=" + name})
	if err != nil {
		b.Fatal(err)
	}
	defer w.Stop()
	latencies := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// Unique across the benchmark's repeated runs: labelling with the
		// value the Job already has would change nothing and send no event.
		value := strconv.FormatInt(time.Now().UnixNano(), 10)
		patch := []byte(`{"metadata":{"labels":{"bench":"` + value + `"}}}`)
		start := time.Now()
		if _, err := writer.client.BatchV1().Jobs(ns).Patch(ctx, name, types.MergePatchType, patch, metav1.PatchOptions{}); err != nil {
			b.Fatal(err)
		}
		for delivered := false; !delivered; {
			ev, ok := <-w.ResultChan()
			if !ok {
				b.Fatalf("the watch through %s closed", watcher.name)
			}
			if ev.Type == watch.Error {
				b.Fatalf("the watch through %s failed: %v", watcher.name, ev.Object)
			}
			if job, isJob := ev.Object.(*batchv1.Job); isJob && ev.Type == watch.Modified && job.Labels["bench"] == value {
				delivered = true
			}
		}
		latencies = append(latencies, time.Since(start))
	}
	b.StopTimer()
	reportLatencies(b, latencies)
}

func doGet(b *testing.B, client *http.Client, url, accept, ifNoneMatch string) int {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		b.Fatal(err)
	}
	req.Header.Set("Accept", accept)
	if ifNoneMatch != "" {
		req.Header.Set("If-None-Match", ifNoneMatch)
	}
	resp, err := client.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	buf := make([]byte, 32*1024)
	for {
		if _, err := resp.Body.Read(buf); err != nil {
			break
		}
	}
	return resp.StatusCode
}

func reportLatencies(b *testing.B, latencies []time.Duration) {
	if len(latencies) == 0 {
		return
	}
	sorted := append([]time.Duration(nil), latencies...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	pct := func(p float64) float64 {
		return float64(sorted[int(p*float64(len(sorted)-1))]) / float64(time.Millisecond)
	}
	var total time.Duration
	for _, l := range latencies {
		total += l
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(float64(len(latencies))/total.Seconds(), "req/s")
}
