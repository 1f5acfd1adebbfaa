/*
Copyright 2026 The Kubernetes Authors.

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
	"sort"
	"sync"
	"time"

	"k8s.io/utils/clock"
)

// defaultPeerDiscoveryPendingGrace bounds how long a peer keeps requests for
// resources nobody is known to serve at 503 while its current process has
// not been fetched. A peer that joins or restarts is usually fetched within
// a second of answering; one that holds a valid identity lease yet cannot
// be fetched for two refresh intervals is treated as serving nothing more
// than was last fetched from it, as before.
const defaultPeerDiscoveryPendingGrace = 2 * defaultPeerDiscoveryRefreshInterval

const (
	// peerDiscoveryPendingKey is the work queue key of the quick re-syncs
	// while a peer process is pending; any key rebuilds the whole cache.
	peerDiscoveryPendingKey = "pending-peer"
	// peerDiscoveryPendingRetry is how soon a pending peer is fetched
	// again: the 503s it causes carry Retry-After: 1.
	peerDiscoveryPendingRetry = time.Second
)

// peerHolders remembers, for each peer, which of its processes holds its
// identity lease (a restart keeps the lease name and changes the holder)
// and whether that process's discovery has been fetched.
//
// While a peer's current process has not been fetched, this server cannot
// know what the peer serves now: during a rolling upgrade it is exactly the
// new server, which serves resources none of the old ones knew, and right
// after this server starts it is every peer. A request for a resource no
// known peer serves is then answered 503 with Retry-After, not passed on to
// be answered 404: clients retry the 503, while a garbage collector reads
// the 404 as "owner gone" and deletes the owner's dependents.
//
// The 503 window is bounded per peer, not per process: it opens when the
// peer's process changes after the peer had been fetched and stable for a
// grace period (or when the peer is first seen), and a new process within
// an open or recent window does not reopen it. A peer that crash-loops
// faster than it can be fetched therefore holds unknown resources at 503
// for one grace period, not for as long as it keeps restarting.
type peerHolders struct {
	clock clock.PassiveClock
	grace time.Duration

	mu    sync.Mutex
	peers map[string]*peerHolder
}

type peerHolder struct {
	holder string
	// seen is when this server first saw the current holder.
	seen time.Time
	// windowStart is when the peer's current or last 503 window opened.
	windowStart time.Time
	// fetchedAt is when the current holder's discovery was first fetched;
	// zero while it was not.
	fetchedAt time.Time
}

func newPeerHolders(c clock.PassiveClock, grace time.Duration) *peerHolders {
	return &peerHolders{clock: c, grace: grace, peers: map[string]*peerHolder{}}
}

// saw records that the identity lease of peer is held by holder: called by
// the lease informer's handlers, so a new process is pending from the
// moment its lease is seen, not from when a sync that fetched it finishes.
func (p *peerHolders) saw(peer, holder string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.sawLocked(peer, holder, p.clock.Now())
}

func (p *peerHolders) sawLocked(peer, holder string, now time.Time) {
	state, known := p.peers[peer]
	if known && state.holder == holder {
		return
	}
	if !known {
		p.peers[peer] = &peerHolder{holder: holder, seen: now, windowStart: now}
		return
	}
	// A restart after the peer was fetched and stable for a grace period
	// opens a new window; one within the window, or soon after a restart
	// that was fetched, continues it (a crash loop).
	if !state.fetchedAt.IsZero() && now.Sub(state.fetchedAt) >= p.grace {
		state.windowStart = now
	}
	state.holder, state.seen, state.fetchedAt = holder, now, time.Time{}
}

// forget drops a peer whose identity lease was deleted.
func (p *peerHolders) forget(peer string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.peers, peer)
}

// observe records the outcome of a peer discovery sync that began at
// syncStart with the live peers' identity lease holders in holders (peer to
// holder) and fetched from the peers in fetched (true where the fetch
// succeeded). Call it after the sync's data is published: a peer must not
// stop being pending before requests can be routed to what it serves.
//
// A fetch counts for the holder the sync saw, so a process that took over
// the lease while the sync ran stays pending. Peers that were not live at
// syncStart and were not seen since are forgotten.
func (p *peerHolders) observe(holders map[string]string, fetched map[string]bool, syncStart time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock.Now()
	for peer, state := range p.peers {
		if _, live := holders[peer]; !live && state.seen.Before(syncStart) {
			delete(p.peers, peer)
		}
	}
	for peer, holder := range holders {
		state, known := p.peers[peer]
		if !known {
			// The informer's event is still on its way.
			p.sawLocked(peer, holder, syncStart)
			state = p.peers[peer]
		}
		if state.holder == holder && fetched[peer] && state.fetchedAt.IsZero() {
			state.fetchedAt = now
		}
	}
}

// pending lists, sorted, the peers whose current process has not been
// fetched yet and whose 503 window is open.
func (p *peerHolders) pending() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock.Now()
	var out []string
	for peer, state := range p.peers {
		if state.fetchedAt.IsZero() && now.Sub(state.windowStart) < p.grace {
			out = append(out, peer)
		}
	}
	sort.Strings(out)
	return out
}
