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

// Command crdconvergence measures peer-aggregated discovery and the peer
// proxy with many CRDs, against running kube-apiservers that share one
// etcd (hack/bench-crd-convergence.sh starts them): it creates C
// background CRDs through the first server, then measures each server's
// resident memory, what each fetched from its peers' discovery over an idle
// window, GET /apis latency merged and with profile=nopeer, how long a new
// CRD takes to be usable (and listed in merged /apis) through every other
// server and to be gone again after its delete, and the same for a burst
// of CRDs created at once, as an operator install does.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
)

type options struct {
	servers, pids              []namedValue
	ca, cert, key              string
	background, samples, burst int
	requests, jobs             int
	connections                []int
	idle, timeout              time.Duration
	populateTimeout            time.Duration
	older                      string
	freeze                     string
	label, jsonFile            string
	check                      bool
	// summarize: the JSON files of earlier runs to summarize instead of
	// running.
	summarize []string
}

// namedValue is one name=value pair of a list flag.
type namedValue struct{ name, value string }

func parsePairs(flagName, s string) ([]namedValue, error) {
	var out []namedValue
	if s == "" {
		return nil, nil
	}
	for _, pair := range strings.Split(s, ",") {
		name, value, ok := strings.Cut(pair, "=")
		if !ok || name == "" || value == "" {
			return nil, fmt.Errorf("-%s: %q is not name=value", flagName, pair)
		}
		out = append(out, namedValue{name, value})
	}
	return out, nil
}

func parseOptions(args []string) (options, error) {
	var o options
	fs := flag.NewFlagSet("crdconvergence", flag.ContinueOnError)
	servers := fs.String("servers", "", "name=URL,... of the kube-apiservers; CRDs are created through the first (at least two)")
	pids := fs.String("pids", "", "name=PID,... of the servers' processes, for their resident memory (optional)")
	fs.StringVar(&o.ca, "cacert", "", "CA of the servers' serving certificates")
	fs.StringVar(&o.cert, "cert", "", "client certificate of a cluster admin")
	fs.StringVar(&o.key, "key", "", "its key")
	fs.IntVar(&o.background, "background", 100, "CRDs created before measuring (C)")
	fs.IntVar(&o.samples, "samples", 50, "CRDs whose convergence is measured one at a time")
	fs.IntVar(&o.burst, "burst", 100, "CRDs created at once (0: none)")
	fs.IntVar(&o.requests, "requests", 200, "GET /apis requests per server, profile and concurrency")
	conns := fs.String("connections", "1,8", "concurrencies of the GET /apis load")
	fs.DurationVar(&o.idle, "idle", time.Minute, "idle window for the peer discovery traffic (0: skip)")
	fs.DurationVar(&o.timeout, "timeout", 2*time.Minute, "bound of every measured wait; a CRD that does not converge within it counts as timed out")
	fs.DurationVar(&o.populateTimeout, "populate-timeout", 10*time.Minute, "bound of creating the background CRDs until every one is usable through every server (not measured; the run stops past it)")
	fs.StringVar(&o.older, "older", "", "the server that runs without batch/v1: GET and LIST of Jobs through it (proxied) against the first server (direct)")
	fs.StringVar(&o.freeze, "freeze", "", "the fault cell: SIGSTOP this server (not the first, and its PID in -pids) after the idle window, measure everything else through the other servers while it hangs, SIGCONT it at the end")
	fs.IntVar(&o.jobs, "jobs", 50, "Jobs the proxied LIST returns")
	fs.BoolVar(&o.check, "check", false, "exit 1 unless every CRD converged within -timeout, the idle peer discovery traffic was only 304s and every GET /apis and proxied request answered 200")
	fs.StringVar(&o.label, "label", "", "what the run is of (e.g. the binary), carried into the JSON")
	fs.StringVar(&o.jsonFile, "json", "", "append the result as one JSON line to this file")
	summarizeRuns := fs.Bool("summarize", false, "run nothing: summarize the runs in the -json files named as arguments (the median and range of each figure over the runs of each binary and size)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if *summarizeRuns {
		if fs.NArg() == 0 {
			return o, fmt.Errorf("-summarize needs the JSON files of the runs as arguments")
		}
		o.summarize = fs.Args()
		return o, nil
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q (only -summarize takes files)", fs.Args())
	}
	var err error
	if o.servers, err = parsePairs("servers", *servers); err != nil {
		return o, err
	}
	if o.pids, err = parsePairs("pids", *pids); err != nil {
		return o, err
	}
	for _, c := range strings.Split(*conns, ",") {
		n, err := strconv.Atoi(c)
		if err != nil || n < 1 {
			return o, fmt.Errorf("-connections: %q is not a positive number", c)
		}
		o.connections = append(o.connections, n)
	}
	switch {
	case len(o.servers) < 2:
		return o, fmt.Errorf("-servers needs at least two name=URL pairs, got %d", len(o.servers))
	case o.ca == "" || o.cert == "" || o.key == "":
		return o, fmt.Errorf("-cacert, -cert and -key are required")
	case o.background < 0 || o.samples < 1 || o.burst < 0 || o.requests < 1 || o.jobs < 1:
		return o, fmt.Errorf("-background and -burst must be 0 or more, -samples, -requests and -jobs 1 or more")
	case o.timeout <= 0 || o.populateTimeout <= 0:
		return o, fmt.Errorf("-timeout and -populate-timeout must be positive")
	}
	if o.freeze != "" {
		if !isPeerOfTheFirst(o.servers, o.freeze) || o.freeze == o.older {
			return o, fmt.Errorf("-freeze %q is not one of -servers but the first and -older", o.freeze)
		}
		if _, ok := pairValue(o.pids, o.freeze); !ok {
			return o, fmt.Errorf("-freeze %q needs its PID in -pids", o.freeze)
		}
	}
	if o.older != "" {
		if !isPeerOfTheFirst(o.servers, o.older) {
			return o, fmt.Errorf("-older %q is not one of -servers but the first (where CRDs and Jobs are created)", o.older)
		}
	}
	return o, nil
}

// isPeerOfTheFirst reports whether name is one of the servers but the
// first (CRDs and Jobs are created through the first).
func isPeerOfTheFirst(servers []namedValue, name string) bool {
	_, ok := pairValue(servers[1:], name)
	return ok
}

func pairValue(pairs []namedValue, name string) (string, bool) {
	for _, p := range pairs {
		if p.name == name {
			return p.value, true
		}
	}
	return "", false
}

// report is one run's result.
type report struct {
	Label   string `json:"label"`
	Servers int    `json:"servers"`
	// Frozen is the server that hung (SIGSTOP) from after the idle window
	// to the end, and that no later measurement went through (-freeze).
	Frozen          string  `json:"frozen,omitempty"`
	Background      int     `json:"background"`
	PopulateSeconds float64 `json:"populateSeconds"`
	// RefreshRoundSeconds is how long after populating a whole peer
	// discovery refresh round came (the idle window starts then); -1: none
	// within refreshRoundBound; 0: the binary does not count its fetches.
	RefreshRoundSeconds float64            `json:"refreshRoundSeconds"`
	RSSMiB              map[string]float64 `json:"rssMiB,omitempty"`
	RSSMiBAfter         map[string]float64 `json:"rssMiBAfter,omitempty"`
	Idle                []idleTraffic      `json:"idle,omitempty"`
	Discovery           []latency          `json:"discovery"`
	Samples             int                `json:"samples"`
	Convergence         map[string]float64 `json:"convergenceSeconds"`
	// ConvergenceSamples is every sample of each event, in seconds, so
	// that repeated runs can be pooled (-summarize).
	ConvergenceSamples map[string][]float64 `json:"convergenceSamples,omitempty"`
	Burst              int                  `json:"burst"`
	BurstUsableSeconds float64              `json:"burstUsableSeconds"`
	BurstGoneSeconds   float64              `json:"burstGoneSeconds"`
	// TimedOut counts, per event (usable, listed, gone, unlisted,
	// burstUsable, burstGone), the samples that did not reach it within
	// TimeoutSeconds; they count as that bound in the percentiles.
	TimedOut       map[string]int   `json:"timedOut,omitempty"`
	TimeoutSeconds float64          `json:"timeoutSeconds"`
	Proxied        []proxiedLatency `json:"proxied,omitempty"`
}

func main() {
	o, err := parseOptions(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "crdconvergence:", err)
		os.Exit(2)
	}
	if len(o.summarize) > 0 {
		if err := summarize(o.summarize); err != nil {
			fmt.Fprintln(os.Stderr, "crdconvergence:", err)
			os.Exit(1)
		}
		return
	}
	r, err := run(context.Background(), o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "crdconvergence:", err)
		os.Exit(1)
	}
	fmt.Print(r.markdown())
	if o.jsonFile != "" {
		line, _ := json.Marshal(r)
		f, err := os.OpenFile(o.jsonFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			_, err = f.Write(append(line, '\n'))
			_ = f.Close()
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "crdconvergence: writing", o.jsonFile+":", err)
			os.Exit(1)
		}
	}
	if o.check {
		if failures := r.checkFailures(); len(failures) > 0 {
			fmt.Fprintf(os.Stderr, "crdconvergence: %s: check failed:\n  %s\n", r.Label, strings.Join(failures, "\n  "))
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "crdconvergence: %s: check passed\n", r.Label)
	}
}

func run(ctx context.Context, o options) (*report, error) {
	b := &bench{timeout: o.timeout}
	var older *server
	for _, s := range o.servers {
		srv, err := newServer(s.name, s.value, o.ca, o.cert, o.key)
		if err != nil {
			return nil, err
		}
		b.servers = append(b.servers, srv)
		if s.name == o.older {
			older = srv
		}
	}
	procs := serverProcesses{}
	for _, p := range o.pids {
		pid, err := strconv.Atoi(p.value)
		if err != nil {
			return nil, fmt.Errorf("-pids: %q is not a PID", p.value)
		}
		procs[p.name] = pid
	}
	crds, err := apiextensionsclient.NewForConfig(b.servers[0].config)
	if err != nil {
		return nil, err
	}
	b.crds = crds
	r := &report{Label: o.label, Servers: len(b.servers), Background: o.background, Samples: o.samples, Burst: o.burst,
		TimeoutSeconds: o.timeout.Seconds(), TimedOut: map[string]int{}}

	progress("creating %d background CRDs through %s", o.background, b.servers[0].name)
	start := time.Now()
	background := backgroundCRDs(o.background)
	// The populating is not measured (a thousand CRDs at once take far
	// longer than one sample's bound to be served everywhere), so it has a
	// bound of its own, counted from the first create.
	if err := b.createAll(ctx, background, 4, o.populateTimeout); err != nil {
		return nil, err
	}
	if missed := b.everywhere(ctx, start, o.populateTimeout, background, 200, 8); missed > 0 {
		return nil, fmt.Errorf("%d background CRD lists did not answer 200 through every other server within -populate-timeout %s", missed, o.populateTimeout)
	}
	r.PopulateSeconds = time.Since(start).Seconds()
	if r.RSSMiB, err = rss(procs); err != nil {
		return nil, err
	}
	if o.idle > 0 {
		progress("waiting for a peer discovery refresh round after populating")
		if r.RefreshRoundSeconds, err = b.awaitRefreshRound(ctx); err != nil {
			return nil, err
		}
		progress("idle peer discovery traffic over %s", o.idle)
		if r.Idle, err = b.idleTraffic(ctx, procs, o.idle); err != nil {
			return nil, err
		}
	}
	if o.freeze != "" {
		thaw, err := b.freeze(o.freeze, procs)
		if err != nil {
			return nil, err
		}
		r.Frozen = o.freeze
		defer func() {
			if err := thaw(); err != nil {
				progress("%v", err)
			}
		}()
	}
	for _, s := range b.servers {
		for _, conns := range o.connections {
			for _, p := range []struct{ name, accept string }{{"merged", acceptMerged}, {"nopeer", acceptNoPeer}} {
				l, err := discoveryLatency(ctx, s, procs, p.name, p.accept, conns, o.requests, o.timeout)
				if err != nil {
					return nil, err
				}
				r.Discovery = append(r.Discovery, l)
			}
		}
	}
	if older != nil {
		progress("GET and LIST of %d Jobs through %s (proxied) and %s (direct)", o.jobs, older.name, b.servers[0].name)
		if err := b.createJobs(ctx, o.jobs); err != nil {
			return nil, err
		}
		if r.Proxied, err = b.proxiedRequests(ctx, older, o.requests); err != nil {
			return nil, err
		}
	}
	progress("convergence of %d CRDs, one at a time", o.samples)
	samples := map[string][]time.Duration{}
	for i := 0; i < o.samples; i++ {
		c, err := b.converge(ctx, probeCRD("conv", i))
		if err != nil {
			return nil, err
		}
		for name, d := range map[string]time.Duration{"usable": c.Usable, "listed": c.Listed, "gone": c.Gone, "unlisted": c.Unlisted} {
			samples[name] = append(samples[name], d)
		}
		for _, name := range c.TimedOut {
			r.TimedOut[name]++
		}
	}
	r.Convergence, r.ConvergenceSamples = map[string]float64{}, map[string][]float64{}
	for name, d := range samples {
		r.Convergence[name+"P50"] = percentile(d, 50).Seconds()
		r.Convergence[name+"P99"] = percentile(d, 99).Seconds()
		for _, sample := range d {
			r.ConvergenceSamples[name] = append(r.ConvergenceSamples[name], sample.Seconds())
		}
	}
	if o.burst > 0 {
		progress("a burst of %d CRDs", o.burst)
		specs := make([]crdSpec, o.burst)
		for i := range specs {
			specs[i] = probeCRD("burst", i)
		}
		u, g, timedOut, err := b.burst(ctx, specs, 8)
		if err != nil {
			return nil, err
		}
		r.BurstUsableSeconds, r.BurstGoneSeconds = u.Seconds(), g.Seconds()
		for _, name := range timedOut {
			r.TimedOut[name]++
		}
	}
	if r.RSSMiBAfter, err = rss(procs); err != nil {
		return nil, err
	}
	return r, nil
}

func rss(procs serverProcesses) (map[string]float64, error) {
	if len(procs) == 0 {
		return nil, nil
	}
	out := map[string]float64{}
	for name, pid := range procs {
		var err error
		if out[name], err = rssMiB(pid); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func progress(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "crdconvergence: "+format+"\n", args...)
}
