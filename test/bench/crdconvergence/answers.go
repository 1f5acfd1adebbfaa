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
	"errors"
	"strconv"
	"sync"
)

// errUnsent marks a request a series did not send because it was past its
// bound.
var errUnsent = errors.New("not sent: the series was past its bound")

// answers counts a series' answers by status: the HTTP code, "error" for
// a request that got no answer (within the client's 30 s, say, from a
// server waiting on a hung peer), "unsent" for one not sent. A failed
// request is a result to report, not a reason to stop the run: the fault
// cell is about exactly those.
type answers map[string]int

// record counts one request; mu, when set, guards the map.
func (a answers) record(mu *sync.Mutex, code int, err error) {
	key := strconv.Itoa(code)
	switch {
	case errors.Is(err, errUnsent):
		key = "unsent"
	case err != nil:
		key = "error"
	}
	if mu != nil {
		mu.Lock()
		defer mu.Unlock()
	}
	a[key]++
}
