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

# Runs golangci-lint, the version pinned in hack/tools/golangci-lint/go.mod
# (built by hack/install-golangci-lint.sh), with .golangci.yaml over
# kubecarry's own Go packages: cmd/, pkg/ and test/ with the vendored
# (patched) dependencies, and the hack/tools modules' own commands. vendor/
# is upstream's code and is not linted.
# Env: GOLANGCI_LINT_FLAGS extra flags for golangci-lint run (e.g. --fix).

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
kubecarry::golang::reexec_at_stable_path "${BASH_SOURCE[0]}" "$@"

linter="$("${KUBECARRY_ROOT}/hack/install-golangci-lint.sh")"
config="${KUBECARRY_ROOT}/.golangci.yaml"
# shellcheck disable=SC2206 # word splitting of the extra flags is intended.
flags=(--config="${config}" ${GOLANGCI_LINT_FLAGS:-})

failed=()
kubecarry::log::status "golangci-lint on cmd/, pkg/ and test/"
(cd "${KUBECARRY_ROOT}" && GOFLAGS=-mod=vendor "${linter}" run "${flags[@]}" ./cmd/... ./pkg/... ./test/...) || failed+=("cmd/, pkg/, test/")

# The tools module has its own go.mod and no vendor/; its tools.go only pins
# the etcd build, so lint the packages beside it.
kubecarry::log::status "golangci-lint on hack/tools"
(cd "${KUBECARRY_ROOT}/hack/tools" && GOFLAGS=-mod=mod "${linter}" run "${flags[@]}" --modules-download-mode=mod ./boilerplate/...) || failed+=("hack/tools")
kubecarry::log::status "golangci-lint on hack/tools/release"
(cd "${KUBECARRY_ROOT}/hack/tools/release" && GOWORK=off GOFLAGS=-mod=mod "${linter}" run "${flags[@]}" --modules-download-mode=mod ./...) || failed+=("hack/tools/release")
kubecarry::log::status "golangci-lint on hack/tools/typecheck"
(cd "${KUBECARRY_ROOT}/hack/tools/typecheck" && GOWORK=off GOFLAGS=-mod=mod "${linter}" run "${flags[@]}" --modules-download-mode=mod ./...) || failed+=("hack/tools/typecheck")

if [[ ${#failed[@]} -gt 0 ]]; then
  kubecarry::log::fatal "golangci-lint found problems in ${failed[*]} (config: .golangci.yaml)"
fi
kubecarry::log::status "golangci-lint is clean"
