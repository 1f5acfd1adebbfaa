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

# Runs upstream's unit tests on the patched upstream tree: a fresh
# kubernetes/kubernetes tree assembled from the Go module sources with the
# whole series applied, tests included (hack/lib/upstream.sh), then
# "go test" on every package a patch touches plus the packages given as
# arguments (Go package patterns relative to the k/k root, e.g.
# ./pkg/proxy/...). When the series touches nothing and no argument is given,
# it runs a canary package so the pipeline still proves it works.
#
# Run as root (make test), none of these tests skips: measured on the
# series of patches 0001-0017, 1403 tests and subtests passed and 0 skipped,
# so no test is excluded; a skip that appears later is counted and shown by
# the make test summary.
#
# Usage: hack/test-upstream.sh [package pattern...]
# Env:   KUBECARRY_UPSTREAM_CANARY (default ./pkg/proxy/apis/config/...)
#        GOTEST_FLAGS              extra flags for go test (e.g. -race)

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
# The tree is assembled under _output/ and go test compiles it without
# -trimpath, so at a new clone's path every package would compile again.
kubecarry::golang::reexec_at_stable_path "${BASH_SOURCE[0]}" "$@"

tree="${KUBECARRY_OUTPUT}/upstream/test-tree"
kubecarry::upstream::patched_tree "${tree}"

# touched_packages prints the Go package of every non-testdata .go file the
# series changes that still exists in the tree: an import path for staging
# modules (they are separate modules, resolved through upstream's replace
# directives) and a ./ path for k8s.io/kubernetes itself.
touched_packages() {
  (cd "${tree}" && git diff --name-only upstream HEAD) | while IFS= read -r f; do
    [[ "${f}" == *.go && "/${f}" != */testdata/* ]] || continue
    [[ -e "${tree}/${f}" ]] || continue
    case "${f}" in
      staging/src/*) dirname "${f#staging/src/}" ;;
      *) echo "./$(dirname "${f}")" ;;
    esac
  done | LC_ALL=C sort -u
}

packages=()
while IFS= read -r p; do
  packages+=("${p}")
done < <(touched_packages)
packages+=("$@")

if [[ ${#packages[@]} -eq 0 ]]; then
  canary="${KUBECARRY_UPSTREAM_CANARY:-./pkg/proxy/apis/config/...}"
  kubecarry::log::status "the series touches no Go package; running the canary ${canary}"
  packages=("${canary}")
fi

kubecarry::log::status "go test on the patched upstream tree: ${packages[*]}"
# Two sample modules that upstream's go.work lists are not served by the Go
# module proxy, so the tree is built in module mode without the workspace.
cd "${tree}"
# shellcheck disable=SC2086
GOWORK=off GOFLAGS=-mod=mod kubecarry::test::go_test ${GOTEST_FLAGS:-} "${packages[@]}"
