#!/usr/bin/env bash
# Copyright 2026 The kubecarry Authors.
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

# Test helpers: every test step runs "go test -json" through testsummary
# (test/cmd/testsummary), which shows it the way "go test" does and appends
# its events to ${KUBECARRY_TEST_EVENTS} when "make test" set it; checks
# that are not Go tests record the same events, so the summary counts
# everything.

# kubecarry::test::tool builds testsummary if its sources changed and prints
# its path.
kubecarry::test::tool() {
  kubecarry::golang::tool testsummary
}

# kubecarry::test::go_test <go test arguments...> runs go test -json in the
# current directory through testsummary, with the checkout at the stable path
# (kubecarry::golang::at_stable_path) so every step compiles the same
# packages once, whatever the clone's path. Its status is non-zero when a
# test or a package failed.
kubecarry::test::go_test() {
  local tool
  tool="$(kubecarry::test::tool)" || return 1
  kubecarry::golang::at_stable_path go test -json "$@" 2>&1 | "${tool}" render
}

# kubecarry::test::record <package> <check> <pass|fail|skip> [output
# [seconds]] records the result of a check that is not a Go test (package:
# the script that runs it), and how long it took if known, and prints it.
kubecarry::test::record() {
  local tool
  tool="$(kubecarry::test::tool)" || return 1
  "${tool}" event -package "$1" -test "$2" -action "$3" -output "${4:-}" -elapsed "${5:--1}"
}

# kubecarry::test::run_check <package> <check> <command...> runs a command
# as a check and records whether it passed. Its status is the command's.
kubecarry::test::run_check() {
  local pkg="$1" check="$2" rc=0 start="${SECONDS}"
  shift 2
  "$@" || rc=$?
  if [[ ${rc} -eq 0 ]]; then
    kubecarry::test::record "${pkg}" "${check}" pass "" "$((SECONDS - start))"
  else
    kubecarry::test::record "${pkg}" "${check}" fail "exit status ${rc}" "$((SECONDS - start))"
  fi
  return "${rc}"
}

# kubecarry::test::privileged_unavailable <package> <check> <needs root to...>
# records a check that needs root and runs as another user: a skip, or a
# failure (status 1) when KUBECARRY_REQUIRE_PRIVILEGED_TESTS is true. The
# decision is package privileged's, the same the Go tests make.
kubecarry::test::privileged_unavailable() {
  local tool
  tool="$(kubecarry::test::tool)" || return 1
  "${tool}" privileged -package "$1" -test "$2" -needs "$3"
}
