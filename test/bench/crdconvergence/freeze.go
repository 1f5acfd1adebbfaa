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
	"fmt"

	"github.com/kubecarry/kubecarry/test/drill/nemesis"
)

// The fault cell (-freeze): one peer hangs, its process alive and its
// identity lease still valid, so every other server still counts it as a
// peer, but it answers nothing. That is what a peer in a long GC pause, a
// frozen VM or a half-dead node looks like to its peers, and the case where
// a 404 (or a hang) through a healthy server does harm.

// freeze stops the named server's process with the drills' Freeze fault
// (SIGSTOP) and leaves it out of every measurement that goes through a
// server from now on; thaw undoes the stop (SIGCONT). The first server
// (where CRDs are created) cannot be frozen.
func (b *bench) freeze(name string, procs serverProcesses) (thaw func() error, err error) {
	pid, ok := procs[name]
	if !ok {
		return nil, fmt.Errorf("-freeze %s: its PID is not in -pids", name)
	}
	var rest []*server
	for _, s := range b.servers {
		if s.name != name {
			rest = append(rest, s)
		}
	}
	if len(rest) == len(b.servers) || b.servers[0].name == name {
		return nil, fmt.Errorf("-freeze %s: not one of the servers but the first", name)
	}
	fault := &nemesis.Freeze{Names: []string{name}, PIDs: []int{pid}}
	if err := fault.Inject(); err != nil {
		return nil, fmt.Errorf("-freeze: %w", err)
	}
	progress("%s: it is still every other server's peer, and answers nothing", fault.Describe())
	b.servers = rest
	return fault.Undo, nil
}
