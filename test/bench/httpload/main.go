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

// httpload is a small closed-loop HTTP load generator in the manner of wrk:
// a fixed number of connections, each sending its next request as soon as
// the previous answer has been read, for a fixed time. It authenticates with
// a client certificate, as kube-apiserver benchmarks need, and prints one
// line: p50 and p99 latency, requests per second, the request count and,
// for the processes named with -cpu, their CPU time per request over the
// measured window. With -json it prints the same as one JSON object
// (test/bench/result.Run) carrying the -label pairs, which
// test/bench/benchreport reads. hack/bench-peerproxy.sh uses it.
package main

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/kubecarry/kubecarry/test/bench/result"
)

type options struct {
	url         string
	caFile      string
	certFile    string
	keyFile     string
	connections int
	duration    time.Duration
	warmup      time.Duration
	http2       bool
	cpu         []watchedProcess
	json        bool
	labels      labels
}

// labels is the repeatable -label name=value flag.
type labels map[string]string

func (l *labels) String() string {
	var pairs []string
	for k, v := range *l {
		pairs = append(pairs, k+"="+v)
	}
	sort.Strings(pairs)
	return strings.Join(pairs, ",")
}

func (l *labels) Set(pair string) error {
	name, value, ok := strings.Cut(pair, "=")
	if !ok || name == "" {
		return fmt.Errorf("%q is not name=value", pair)
	}
	if _, seen := (*l)[name]; seen {
		return fmt.Errorf("label %q given twice", name)
	}
	if *l == nil {
		*l = labels{}
	}
	(*l)[name] = value
	return nil
}

func main() {
	var o options
	flag.StringVar(&o.url, "url", "", "URL to GET (required)")
	flag.StringVar(&o.caFile, "cacert", "", "CA bundle that verifies the server (required)")
	flag.StringVar(&o.certFile, "cert", "", "client certificate (required)")
	flag.StringVar(&o.keyFile, "key", "", "client key (required)")
	flag.IntVar(&o.connections, "connections", 1, "concurrent connections, one request in flight on each")
	flag.DurationVar(&o.duration, "duration", 10*time.Second, "measured time")
	flag.DurationVar(&o.warmup, "warmup", 2*time.Second, "time spent on requests that are not measured, first")
	flag.BoolVar(&o.http2, "http2", false, "use HTTP/2 (default HTTP/1.1 keep-alive, like wrk)")
	cpu := flag.String("cpu", "", "name=pid,... of local processes whose CPU time per request to report, with the machine's steal_pct (Linux /proc)")
	flag.BoolVar(&o.json, "json", false, "print the result as one JSON object (test/bench/result.Run) instead of a line of name=value")
	flag.Var(&o.labels, "label", "name=value to carry in the -json result, e.g. -label target=direct (repeatable)")
	flag.Parse()
	var err error
	if o.cpu, err = parseWatchedProcesses(*cpu); err != nil {
		fmt.Fprintf(os.Stderr, "httpload: %v\n", err)
		os.Exit(2)
	}
	if err := run(o, os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "httpload: %v\n", err)
		os.Exit(1)
	}
}

func run(o options, out io.Writer) error {
	if o.url == "" || o.caFile == "" || o.certFile == "" || o.keyFile == "" {
		return fmt.Errorf("-url, -cacert, -cert and -key are required")
	}
	if o.connections < 1 || o.duration <= 0 || o.warmup < 0 {
		return fmt.Errorf("-connections must be at least 1, -duration positive and -warmup not negative")
	}
	tlsConfig, err := clientTLS(o)
	if err != nil {
		return err
	}
	// One transport per connection, capped at one connection each, so
	// "connections" means what it says for HTTP/1.1 and HTTP/2 alike.
	clients := make([]*http.Client, o.connections)
	for i := range clients {
		t := &http.Transport{
			TLSClientConfig:   tlsConfig.Clone(),
			MaxConnsPerHost:   1,
			ForceAttemptHTTP2: o.http2,
		}
		if !o.http2 {
			t.TLSNextProto = map[string]func(string, *tls.Conn) http.RoundTripper{}
		}
		clients[i] = &http.Client{Transport: t, Timeout: 30 * time.Second}
	}
	// A failing first request ends the run before any numbers are made, and
	// so does a watched process that cannot be read.
	if _, err := get(clients[0], o.url); err != nil {
		return err
	}
	if _, err := takeCPUSnapshot(o.cpu); err != nil {
		return err
	}

	start := time.Now()
	measureFrom := start.Add(o.warmup)
	end := measureFrom.Add(o.duration)
	var (
		wg        sync.WaitGroup
		mu        sync.Mutex
		latencies []time.Duration
		firstErr  error
	)
	// The CPU window opens when the measured requests start.
	type snapshotResult struct {
		snapshot cpuSnapshot
		err      error
	}
	cpuBefore := make(chan snapshotResult, 1)
	go func() {
		time.Sleep(time.Until(measureFrom))
		snapshot, err := takeCPUSnapshot(o.cpu)
		cpuBefore <- snapshotResult{snapshot, err}
	}()
	for _, c := range clients {
		wg.Add(1)
		go func(c *http.Client) {
			defer wg.Done()
			var own []time.Duration
			for {
				t0 := time.Now()
				if !t0.Before(end) {
					break
				}
				d, err := get(c, o.url)
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					return
				}
				if !t0.Before(measureFrom) {
					own = append(own, d)
				}
			}
			mu.Lock()
			latencies = append(latencies, own...)
			mu.Unlock()
		}(c)
	}
	wg.Wait()
	cpuAfter, err := takeCPUSnapshot(o.cpu)
	before := <-cpuBefore
	if firstErr != nil {
		return firstErr
	}
	if before.err != nil {
		return before.err
	}
	if err != nil {
		return err
	}
	if len(latencies) == 0 {
		return fmt.Errorf("no request completed in %s", o.duration)
	}
	r := summarize(o, measureFrom, latencies)
	addCPUPerRequest(&r, o.cpu, before.snapshot, cpuAfter)
	return printResult(out, o, r)
}

// summarize makes the result of a run from its measured latencies.
func summarize(o options, start time.Time, latencies []time.Duration) result.Run {
	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	return result.Run{
		Labels:            o.labels,
		URL:               o.url,
		Connections:       o.connections,
		Start:             start.UTC(),
		DurationSeconds:   o.duration.Seconds(),
		WarmupSeconds:     o.warmup.Seconds(),
		Requests:          len(latencies),
		P50Milliseconds:   ms(percentile(latencies, 50)),
		P99Milliseconds:   ms(percentile(latencies, 99)),
		RequestsPerSecond: float64(len(latencies)) / o.duration.Seconds(),
	}
}

// printResult writes the result as JSON or as the line of name=value pairs.
func printResult(out io.Writer, o options, r result.Run) error {
	if o.json {
		b, err := json.Marshal(r)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(out, "%s\n", b)
		return err
	}
	_, err := fmt.Fprintf(out, "p50_ms=%.2f p99_ms=%.2f req_per_s=%.0f requests=%d%s\n",
		r.P50Milliseconds, r.P99Milliseconds, r.RequestsPerSecond, r.Requests, formatCPUPerRequest(o.cpu, r))
	return err
}

func clientTLS(o options) (*tls.Config, error) {
	pem, err := os.ReadFile(o.caFile)
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("%s holds no PEM certificate", o.caFile)
	}
	cert, err := tls.LoadX509KeyPair(o.certFile, o.keyFile)
	if err != nil {
		return nil, err
	}
	return &tls.Config{RootCAs: pool, Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}, nil
}

// get sends one GET and reads the whole answer; anything but 200 is an error.
func get(c *http.Client, url string) (time.Duration, error) {
	t0 := time.Now()
	resp, err := c.Get(url)
	if err != nil {
		return 0, err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	d := time.Since(t0)
	if err != nil {
		return 0, fmt.Errorf("reading the answer of %s: %w", url, err)
	}
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return d, nil
}

// percentile is the nearest-rank percentile of sorted latencies.
func percentile(sorted []time.Duration, p int) time.Duration {
	rank := (len(sorted)*p + 99) / 100
	if rank < 1 {
		rank = 1
	}
	return sorted[rank-1]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
