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
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// latency is the distribution of GET /apis with one Accept at one
// concurrency.
type latency struct {
	Server      string  `json:"server"`
	Profile     string  `json:"profile"`
	Connections int     `json:"connections"`
	Requests    int     `json:"requests"`
	P50Millis   float64 `json:"p50Milliseconds"`
	P99Millis   float64 `json:"p99Milliseconds"`
	Bytes       int     `json:"bytes"`
	// Codes counts the answers by status (see answers.record); the
	// percentiles are of the 200s.
	Codes map[string]int `json:"codes,omitempty"`
	// CPUMillisPerRequest is the server's CPU time over the load per
	// request (0: its process is not known).
	CPUMillisPerRequest float64 `json:"cpuMillisecondsPerRequest,omitempty"`
}

// discoveryLatency GETs /apis of s with accept n times over conns
// connections of their own, unconditionally, as a client without a cache
// does, and charges the server's CPU time over the load to the requests.
// Requests not sent within bound of the first are counted as unsent.
func discoveryLatency(ctx context.Context, s *server, procs serverProcesses, profile, accept string, conns, n int, bound time.Duration) (latency, error) {
	clients := make([]*http.Client, conns)
	for i := range clients {
		c, err := newHTTPClient(s.config)
		if err != nil {
			return latency{}, err
		}
		clients[i] = c
	}
	var mu sync.Mutex
	var times []time.Duration
	size := 0
	cpu := serverProcesses{}
	if pid, ok := procs[s.name]; ok {
		cpu[s.name] = pid
	}
	before, err := cpu.cpuSnapshot()
	if err != nil {
		return latency{}, err
	}
	codes := answers{}
	start := time.Now()
	err = parallel(n, conns, func(i int) error {
		if time.Since(start) > bound {
			codes.record(&mu, 0, errUnsent)
			return nil
		}
		sent := time.Now()
		code, body, _, err := get(ctx, clients[i%conns], s.config.Host, "/apis", accept, "")
		d := time.Since(sent)
		codes.record(&mu, code, err)
		if err == nil && code == http.StatusOK {
			mu.Lock()
			times, size = append(times, d), len(body)
			mu.Unlock()
		}
		return nil
	})
	if err != nil {
		return latency{}, err
	}
	after, err := cpu.cpuSnapshot()
	l := latency{Server: s.name, Profile: profile, Connections: conns, Requests: len(times),
		P50Millis: millis(percentile(times, 50)), P99Millis: millis(percentile(times, 99)), Bytes: size, Codes: codes}
	if used, ok := after[s.name]; ok && len(times) > 0 {
		l.CPUMillisPerRequest = (used - before[s.name]) * 1000 / float64(len(times))
	}
	return l, err
}

// peerFetches sums, from a /metrics text, apiserver_rerouted_request_total
// of the peer discovery fetches (empty group, version and resource) by
// code.
func peerFetches(metrics []byte) map[string]float64 {
	out := map[string]float64{}
	sc := bufio.NewScanner(bytes.NewReader(metrics))
	sc.Buffer(make([]byte, 1024*1024), 16*1024*1024)
	for sc.Scan() {
		line := sc.Text()
		rest, ok := strings.CutPrefix(line, "apiserver_rerouted_request_total{")
		if !ok {
			continue
		}
		labels, value, ok := strings.Cut(rest, "} ")
		if !ok || !strings.Contains(labels, `group=""`) || !strings.Contains(labels, `resource=""`) {
			continue
		}
		code := labelValue(labels, "code")
		v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil {
			continue
		}
		out[code] += v
	}
	return out
}

func labelValue(labels, name string) string {
	for _, pair := range strings.Split(labels, ",") {
		if v, ok := strings.CutPrefix(pair, name+`="`); ok {
			return strings.TrimSuffix(v, `"`)
		}
	}
	return ""
}

// idleTraffic is what one server fetched from its peers' discovery over an
// idle window, per peer per minute, by status code.
type idleTraffic struct {
	Server              string             `json:"server"`
	PerPeerPerMinute    map[string]float64 `json:"perPeerPerMinute"`
	WindowSeconds       float64            `json:"windowSeconds"`
	CountsPeerDiscovery bool               `json:"countsPeerDiscovery"`
	// CPUCores is the server's CPU time over the window per second of it
	// (-1: its process is not known).
	CPUCores float64 `json:"cpuCores"`
}

func (s *server) metrics(ctx context.Context) ([]byte, error) {
	code, body, _, err := get(ctx, s.client, s.config.Host, "/metrics", "text/plain", "")
	if err != nil || code != http.StatusOK {
		return nil, fmt.Errorf("%s: GET /metrics: %d %v", s.name, code, err)
	}
	return body, nil
}

// rssMiB is the resident set of process pid, from /proc.
func rssMiB(pid int) (float64, error) {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 64)
			return kb / 1024, err
		}
	}
	return 0, fmt.Errorf("no VmRSS in /proc/%d/status", pid)
}
