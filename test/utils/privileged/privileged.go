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

// Package privileged decides, in one place, what a test that needs root
// does when it does not have it: skip, or fail when the environment
// variable KUBECARRY_REQUIRE_PRIVILEGED_TESTS is true (CI sets it, and
// "make test" sets it when run as root), so a green run cannot hide
// privileged tests that never ran.
package privileged

import (
	"fmt"
	"os"
	"strconv"
	"testing"
)

// RequireEnv is the environment variable that turns skips of privileged
// tests into failures.
const RequireEnv = "KUBECARRY_REQUIRE_PRIVILEGED_TESTS"

// Outcome is what a privileged test does.
type Outcome int

const (
	// Run: the process is root.
	Run Outcome = iota
	// Skip: not root, and skipping is allowed.
	Skip
	// Fail: not root, and RequireEnv forbids skipping (or holds a value
	// that is not a boolean).
	Fail
)

// Decide returns what a test that needs root to do what does, for a process
// with effective user ID euid and RequireEnv set to require ("" when unset),
// and the message to skip or fail with.
func Decide(euid int, require string, what string) (Outcome, string) {
	required := false
	if require != "" {
		var err error
		required, err = strconv.ParseBool(require)
		if err != nil {
			return Fail, fmt.Sprintf("%s=%q is not a boolean (want 1 or 0)", RequireEnv, require)
		}
	}
	if euid == 0 {
		return Run, ""
	}
	if required {
		return Fail, fmt.Sprintf("needs root to %s, but runs as uid %d and %s=%s forbids skipping privileged tests", what, euid, RequireEnv, require)
	}
	return Skip, fmt.Sprintf("needs root to %s (runs as uid %d; %s=1 makes this a failure)", what, euid, RequireEnv)
}

// Require lets t go on only when the process is root; otherwise it skips or
// fails t, naming what needed root.
func Require(t testing.TB, what string) {
	t.Helper()
	require(t, os.Geteuid(), os.Getenv(RequireEnv), what)
}

func require(t testing.TB, euid int, env, what string) {
	t.Helper()
	switch outcome, msg := Decide(euid, env, what); outcome {
	case Skip:
		t.Skip(msg)
	case Fail:
		t.Fatal(msg)
	}
}
