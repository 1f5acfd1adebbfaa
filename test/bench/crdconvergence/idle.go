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
	"time"
)

// peerFetchTotals is every server's count of peer discovery fetches (all
// codes), for the servers whose binary counts them.
func (b *bench) peerFetchTotals(ctx context.Context) (map[string]float64, error) {
	out := map[string]float64{}
	for _, s := range b.servers {
		m, err := s.metrics(ctx)
		if err != nil {
			return nil, err
		}
		byCode := peerFetches(m)
		if len(byCode) == 0 {
			continue
		}
		for _, n := range byCode {
			out[s.name] += n
		}
	}
	return out, nil
}

// refreshRoundBound is how long awaitRefreshRound waits: three of
// kubecarry's 30 s peer discovery refresh periods.
const refreshRoundBound = 90 * time.Second

// awaitRefreshRound returns once every server that counts its peer
// discovery fetches made two per peer since it was called: at least one
// whole refresh round (one fetch of every peer) began after it, so the
// documents the populating changed were fetched, and the idle window that
// follows sees only what a cluster with nothing changing sees. It returns
// how long that took, 0 for a binary that does not count, and -1 when no
// whole round came within refreshRoundBound: a binary that fetches only
// on identity lease events (upstream) has no rounds, and its idle window
// starts then.
func (b *bench) awaitRefreshRound(ctx context.Context) (float64, error) {
	before, err := b.peerFetchTotals(ctx)
	if err != nil || len(before) == 0 {
		return 0, err
	}
	want := float64(2 * (len(b.servers) - 1))
	took, ok := poll(ctx, time.Now(), time.Second, refreshRoundBound, func() bool {
		now, err := b.peerFetchTotals(ctx)
		return err == nil && refreshedEverywhere(before, now, want)
	})
	if !ok {
		progress("no whole peer discovery refresh round on every server within %s; the idle window starts now", refreshRoundBound)
		return -1, ctx.Err()
	}
	return took.Seconds(), nil
}

// refreshedEverywhere reports whether every server of before fetched at
// least want more times by now.
func refreshedEverywhere(before, now map[string]float64, want float64) bool {
	for name, n := range before {
		if now[name]-n < want {
			return false
		}
	}
	return true
}

// idleTraffic samples every server's peer discovery fetches and CPU time
// over window, with nothing changing: fetches per peer per minute by code,
// and CPU cores.
func (b *bench) idleTraffic(ctx context.Context, procs serverProcesses, window time.Duration) ([]idleTraffic, error) {
	before := map[string]map[string]float64{}
	for _, s := range b.servers {
		m, err := s.metrics(ctx)
		if err != nil {
			return nil, err
		}
		before[s.name] = peerFetches(m)
	}
	cpuBefore, err := procs.cpuSnapshot()
	if err != nil {
		return nil, err
	}
	start := time.Now()
	// A measurement window, not a wait for a condition.
	time.Sleep(window)
	cpuAfter, err := procs.cpuSnapshot()
	if err != nil {
		return nil, err
	}
	elapsed := time.Since(start)
	var out []idleTraffic
	for _, s := range b.servers {
		m, err := s.metrics(ctx)
		if err != nil {
			return nil, err
		}
		after := peerFetches(m)
		t := idleTraffic{Server: s.name, PerPeerPerMinute: map[string]float64{}, WindowSeconds: window.Seconds(), CountsPeerDiscovery: len(after) > 0, CPUCores: -1}
		for code, n := range after {
			t.PerPeerPerMinute[code] = (n - before[s.name][code]) / float64(len(b.servers)-1) / window.Minutes()
		}
		if used, ok := cpuAfter[s.name]; ok {
			t.CPUCores = (used - cpuBefore[s.name]) / elapsed.Seconds()
		}
		out = append(out, t)
	}
	return out, nil
}
