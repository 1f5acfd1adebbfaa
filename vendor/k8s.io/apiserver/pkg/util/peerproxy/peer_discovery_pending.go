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
)

// defaultPeerDiscoveryPendingGrace bounds how long a peer process whose
// discovery was never fetched keeps requests for resources nobody is known
// to serve at 503. A peer that joins or restarts is usually fetched within
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
// While a new process has not been fetched, this server cannot know what
// the peer serves now: during a rolling upgrade it is exactly the new
// server, which serves resources none of the old ones knew. A request for
// a resource no known peer serves is then answered 503 with Retry-After,
// not passed on to be answered 404: clients retry the 503, while a
// garbage collector reads the 404 as "owner gone" and deletes the owner's
// dependents.
type peerHolders struct {
	grace time.Duration

	mu    sync.Mutex
	peers map[string]peerHolder
}

type peerHolder struct {
	holder  string
	seen    time.Time // when this server first saw this holder
	fetched bool      // whether a fetch from this holder succeeded
}

func newPeerHolders(grace time.Duration) *peerHolders {
	return &peerHolders{grace: grace, peers: map[string]peerHolder{}}
}

// observe records the holders of the live peers' identity leases (peer to
// holder) and which peers were fetched in this sync. Peers not live any
// more are forgotten.
func (p *peerHolders) observe(holders map[string]string, fetched map[string]bool, now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for peer := range p.peers {
		if _, ok := holders[peer]; !ok {
			delete(p.peers, peer)
		}
	}
	for peer, holder := range holders {
		state, ok := p.peers[peer]
		if !ok || state.holder != holder {
			state = peerHolder{holder: holder, seen: now}
		}
		if fetched[peer] {
			state.fetched = true
		}
		p.peers[peer] = state
	}
}

// pending lists, sorted, the peers whose current process has not been
// fetched yet and was first seen less than the grace period before now.
func (p *peerHolders) pending(now time.Time) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for peer, state := range p.peers {
		if !state.fetched && now.Sub(state.seen) < p.grace {
			out = append(out, peer)
		}
	}
	sort.Strings(out)
	return out
}
