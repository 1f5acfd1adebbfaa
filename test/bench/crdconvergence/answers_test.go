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
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"k8s.io/client-go/rest"
)

func TestAnswersCountCodesErrorsAndUnsent(t *testing.T) {
	a := answers{}
	var mu sync.Mutex
	a.record(&mu, http.StatusOK, nil)
	a.record(nil, http.StatusOK, nil)
	a.record(&mu, http.StatusServiceUnavailable, nil)
	a.record(nil, 0, errors.New("context deadline exceeded"))
	a.record(nil, 0, errUnsent)
	if a["200"] != 2 || a["503"] != 1 || a["error"] != 1 || a["unsent"] != 1 || len(a) != 4 {
		t.Errorf("answers = %v", a)
	}
}

// slowServer answers GET /apis after delay, every third with 503.
func slowServer(t *testing.T, delay time.Duration) *server {
	var n atomic.Int32
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(delay)
		if n.Add(1)%3 == 0 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte(`{"items":[]}`))
	}))
	t.Cleanup(ts.Close)
	return &server{name: "s2", config: &rest.Config{Host: ts.URL}, client: ts.Client()}
}

func TestDiscoveryLatencyCountsFailuresAndStopsSendingAtItsBound(t *testing.T) {
	s := slowServer(t, 0)
	l, err := discoveryLatency(context.Background(), s, serverProcesses{}, "merged", acceptMerged, 2, 30, time.Minute)
	if err != nil {
		t.Fatalf("a 503 stopped the series: %v", err)
	}
	if l.Codes["200"] != 20 || l.Codes["503"] != 10 || l.Requests != 20 {
		t.Errorf("30 requests, every third 503: %+v", l)
	}
	// 40 requests of 50 ms on one connection take 2 s; the bound stops
	// the series after a few.
	l, err = discoveryLatency(context.Background(), slowServer(t, 50*time.Millisecond), serverProcesses{}, "merged", acceptMerged, 1, 40, 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if l.Codes["unsent"] == 0 || l.Codes["200"] == 0 || l.Codes["200"]+l.Codes["503"]+l.Codes["unsent"] != 40 {
		t.Errorf("a series past its bound: %v, want some sent and the rest unsent", l.Codes)
	}
}
