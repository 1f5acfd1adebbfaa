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

// Package testsummary reads the event streams of "go test -json" (the
// test2json format) of every step of "make test", shows them the way
// "go test" would, and counts passed, failed and skipped tests. Checks that
// are not Go tests (the verify scripts, the patch machinery cases, the
// local cluster's checks) write events of the same format, so one parser
// counts everything.
package testsummary

import (
	"bytes"
	"encoding/json"
	"time"
)

// Event is one test2json event (see "go doc test2json"). Checks that are
// not Go tests write the same fields.
type Event struct {
	Time        time.Time `json:",omitempty"`
	Action      string
	Package     string   `json:",omitempty"`
	Test        string   `json:",omitempty"`
	Elapsed     *float64 `json:",omitempty"`
	Output      string   `json:",omitempty"`
	FailedBuild string   `json:",omitempty"`
	ImportPath  string   `json:",omitempty"`
}

// The actions that end a test or a package.
const (
	ActionPass = "pass"
	ActionFail = "fail"
	ActionSkip = "skip"
)

// ParseEvent parses one line of a stream. It reports false for lines that
// are not events (go test's own messages on stderr, a script's output).
func ParseEvent(line []byte) (Event, bool) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] != '{' {
		return Event{}, false
	}
	var e Event
	if err := json.Unmarshal(line, &e); err != nil || e.Action == "" {
		return Event{}, false
	}
	return e, true
}

// Marshal returns the event as one line of a stream.
func (e Event) Marshal() []byte {
	b, err := json.Marshal(e)
	if err != nil {
		// Event holds only strings, a time and a float: this cannot fail.
		panic(err)
	}
	return append(b, '\n')
}
