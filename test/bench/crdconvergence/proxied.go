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
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"
)

// The proxied requests are for batch/v1 Jobs, the API the older server of
// hack/bench-crd-convergence.sh runs without: through it they are proxied
// to a peer, through the first server they are served directly.
const (
	jobsPath   = "/apis/batch/v1/namespaces/default/jobs"
	jobsPrefix = "crdbench-"
)

// proxiedLatency is the distribution of one kind of request through one
// server, sequentially on one connection.
type proxiedLatency struct {
	Server    string         `json:"server"`
	Route     string         `json:"route"`
	Verb      string         `json:"verb"`
	Requests  int            `json:"requests"`
	P50Millis float64        `json:"p50Milliseconds"`
	P99Millis float64        `json:"p99Milliseconds"`
	Codes     map[string]int `json:"codes"`
}

// createJobs creates n suspended Jobs through the first server (nothing
// runs them: no controller manager, and suspended besides), for the LIST
// to carry a realistic page and the GET to find.
func (b *bench) createJobs(ctx context.Context, n int) error {
	s := b.servers[0]
	return parallel(n, 4, func(i int) error {
		body := fmt.Sprintf(`{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"%s%d"},"spec":{"suspend":true,`+
			`"template":{"spec":{"restartPolicy":"Never","containers":[{"name":"c","image":"registry.k8s.io/pause:3.10.1"}]}}}}`, jobsPrefix, i)
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.config.Host+jobsPath, bytes.NewBufferString(body))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := s.client.Do(req)
		if err != nil {
			return fmt.Errorf("creating Job %s%d: %w", jobsPrefix, i, err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusConflict {
			return fmt.Errorf("creating Job %s%d through %s: %d", jobsPrefix, i, s.name, resp.StatusCode)
		}
		return nil
	})
}

// proxiedRequests GETs one Job and LISTs the Jobs n times each through
// the older server (proxied) and through the first (direct). A series
// stops sending at the bench's bound (a hung peer can hold every request
// for the client's 30 s), and what it did not send is counted as unsent.
func (b *bench) proxiedRequests(ctx context.Context, older *server, n int) ([]proxiedLatency, error) {
	var out []proxiedLatency
	for _, route := range []struct {
		name string
		s    *server
	}{{"proxied", older}, {"direct", b.servers[0]}} {
		client, err := newHTTPClient(route.s.config)
		if err != nil {
			return nil, err
		}
		for _, verb := range []struct{ name, path string }{{"get", jobsPath + "/" + jobsPrefix + "0"}, {"list", jobsPath}} {
			l := proxiedLatency{Server: route.s.name, Route: route.name, Verb: verb.name, Requests: n}
			var ok []time.Duration
			codes := answers{}
			start := time.Now()
			for i := 0; i < n; i++ {
				if time.Since(start) > b.timeout {
					codes.record(nil, 0, errUnsent)
					continue
				}
				sent := time.Now()
				code, _, _, err := get(ctx, client, route.s.config.Host, verb.path, "application/json", "")
				d := time.Since(sent)
				codes.record(nil, code, err)
				if err == nil && code == http.StatusOK {
					ok = append(ok, d)
				}
			}
			l.Codes = codes
			l.P50Millis, l.P99Millis = millis(percentile(ok, 50)), millis(percentile(ok, 99))
			out = append(out, l)
		}
	}
	return out, ctx.Err()
}

func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
