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

# Runs the integration tests (test/integration/...) over a real etcd, which
# it installs first if needed (hack/install-etcd.sh).
# Usage: hack/test-integration.sh [package pattern...]   (default ./test/integration/...)
# Env:   GOTEST_FLAGS extra flags for go test; KUBE_INTEGRATION_ETCD_URL to reuse an etcd;
#        UPSTREAM_COMPARE_VERSION the upstream kube-apiserver release that tests
#        comparing with upstream run (default v1.36.3; built once and cached).

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
kubecarry::line::require_main "the integration tests (built from vendor/)"
# The tests build without -trimpath (below), so at a new clone's path every
# package would compile again: about 7 of this step's 12 minutes.
kubecarry::golang::reexec_at_stable_path "${BASH_SOURCE[0]}" "$@"

kubecarry::etcd::install
# Tests that must hold on upstream too (the shipped admission policies) run
# against this unpatched kube-apiserver as well.
KUBECARRY_UPSTREAM_APISERVER="$(kubecarry::upstream::build kube-apiserver "${UPSTREAM_COMPARE_VERSION:-v1.36.3}" | tail -n1)"
export KUBECARRY_UPSTREAM_APISERVER
cd "${KUBECARRY_ROOT}"
packages=("$@")
[[ ${#packages[@]} -gt 0 ]] || packages=(./test/integration/...)
# Integration results depend on etcd and the machine, so never reuse cached ones.
# Not -trimpath, unlike the unit step: the vendored kube-apiserver
# test server derives its fixture directory from its own source path, which
# -trimpath turns into k8s.io/kubernetes@<version>/..., a directory
# test/integration/harness does not prepare (every test server fails to
# start).
# shellcheck disable=SC2086
GOFLAGS=-mod=vendor kubecarry::test::go_test -count=1 -timeout=20m ${GOTEST_FLAGS:-} "${packages[@]}"
