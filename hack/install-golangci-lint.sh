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

# Builds the golangci-lint version pinned in hack/tools/golangci-lint/go.mod,
# with the Go toolchain in use, unless that build is already cached, and
# prints the path of the binary:
#
#   "$(hack/install-golangci-lint.sh)" version
#
# The cache is per user and outlives the checkout, so CI's fresh clones reuse
# it: ${KUBECARRY_TOOLS_CACHE:-${XDG_CACHE_HOME:-~/.cache}/kubecarry/tools}/
# golangci-lint/<version>-<go version>/golangci-lint.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

readonly module="github.com/golangci/golangci-lint/v2"
moddir="${KUBECARRY_ROOT}/hack/tools/golangci-lint"

version="$(cd "${moddir}" && GOFLAGS=-mod=mod go list -m -f '{{.Version}}' "${module}")" || \
  kubecarry::log::fatal "cannot read the ${module} version from hack/tools/golangci-lint/go.mod (is the Go module proxy reachable?)"
goversion="$(go env GOVERSION)"
cache="${KUBECARRY_TOOLS_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/kubecarry/tools}"
dir="${cache}/golangci-lint/${version}-${goversion}"
bin="${dir}/golangci-lint"

if [[ -x "${bin}" ]] && "${bin}" version 2>/dev/null | grep -q "version ${version#v} "; then
  kubecarry::log::status "golangci-lint ${version} (${goversion}) already built in ${dir}"
else
  kubecarry::log::status "building golangci-lint ${version} with ${goversion} into ${dir}"
  mkdir -p "${dir}"
  # Build to a temporary name so an interrupted build never leaves a binary
  # that looks installed. The version ldflags are the ones golangci-lint's
  # own release sets, so "golangci-lint version" names what was built.
  if ! (cd "${moddir}" && GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath \
        -ldflags="-s -w -X main.version=${version#v}" \
        -o "${bin}.tmp" "${module}/cmd/golangci-lint"); then
    rm -f "${bin}.tmp"
    kubecarry::log::fatal "building golangci-lint ${version} failed (is the Go module proxy reachable?)"
  fi
  mv "${bin}.tmp" "${bin}"
fi
echo "${bin}"
