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
	"sync"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestProxiedRequestsShareOneConnectionToAPeer pins what keeps the hop
// cheap: the older server keeps one HTTP/2 connection to a capable peer
// and multiplexes every proxied request onto it, sequential and concurrent
// alike, instead of dialling (a TCP connect and a mutual-TLS handshake on
// both servers) per request or per concurrent request.
func TestProxiedRequestsShareOneConnectionToAPeer(t *testing.T) {
	cp := newControlPlane(t)
	recorder := newPeerRecorder(t, cp.pki)
	capable := cp.start("capable", true, recorder.advertiseFlags()...)
	recorder.forwardTo(capable.hostPort(t))
	older := cp.start("older", true, olderServerRuntimeConfig)

	const ns = "reuse"
	createNamespace(t, capable, ns)
	job, err := capable.client.BatchV1().Jobs(ns).Create(context.Background(), newJob("shared"), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The first proxied requests (and peer discovery) open the connection.
	waitForJobsThrough(t, older, ns)
	opened := recorder.connections.Load()
	if opened == 0 {
		t.Fatalf("%s answered Jobs without connecting to %s's advertised address", older.name, capable.name)
	}
	jobPath := "/apis/batch/v1/namespaces/" + ns + "/jobs/" + job.Name
	before := len(recorder.requestsFor(jobPath))

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const sequential, workers, perWorker = 30, 8, 10
	for i := 0; i < sequential; i++ {
		if _, err := older.client.BatchV1().Jobs(ns).Get(ctx, job.Name, metav1.GetOptions{}); err != nil {
			t.Fatalf("sequential get %d through %s: %v", i+1, older.name, err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, workers*perWorker)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < perWorker; i++ {
				if _, err := older.client.BatchV1().Jobs(ns).Get(ctx, job.Name, metav1.GetOptions{}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("concurrent get through %s: %v", older.name, err)
	}

	seen := recorder.requestsFor(jobPath)
	if got, want := len(seen)-before, sequential+workers*perWorker; got != want {
		t.Fatalf("%s received %d proxied gets, want %d: the requests did not all take the hop", capable.name, got, want)
	}
	for _, req := range seen[before:] {
		if req.Proto != "HTTP/2.0" {
			t.Fatalf("a proxied get reached %s over %s, want HTTP/2.0 (one multiplexed connection)", capable.name, req.Proto)
		}
	}
	if got := recorder.connections.Load(); got != opened {
		t.Errorf("%d proxied gets opened %d new connections to %s, want none: the peer connection was not reused",
			sequential+workers*perWorker, got-opened, capable.name)
	}
}
