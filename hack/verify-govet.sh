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

# Runs go vet on kubecarry's own packages.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
kubecarry::golang::reexec_at_stable_path "${BASH_SOURCE[0]}" "$@"

cd "${KUBECARRY_ROOT}"
GOFLAGS=-mod=vendor go vet ./cmd/... ./pkg/... ./test/...
(cd hack/tools/release && GOWORK=off GOFLAGS=-mod=mod go vet ./...)
(cd hack/tools/typecheck && GOWORK=off GOFLAGS=-mod=mod go vet ./...)
kubecarry::log::status "go vet is clean"
