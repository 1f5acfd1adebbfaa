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

# Type-checks the reference cloud provider and the cloud-controller-manager
# (with their tests) for a 32-bit target, where int is 32 bits: cloud
# vendors copy the provider onto 32-bit ARM machines, and a constant or
# conversion that only fits a 64-bit int fails there to build.
# hack/tools/typecheck type-checks the packages and every dependency from
# source for GOARCH=386, the compiler's front end without its back end: the
# errors a target can cause, in about 15 seconds instead of the 6 minutes
# "GOARCH=386 go vet" took on a cold cache compiling every dependency.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

checker="${KUBECARRY_OUTPUT}/tools/typecheck"
(cd "${KUBECARRY_ROOT}/hack/tools/typecheck" && GOWORK=off GOFLAGS=-mod=mod go build -o "${checker}" .) ||
  kubecarry::log::fatal "cannot build the type-checker hack/tools/typecheck"
# CGO_ENABLED=0: the cross build's default (no C compiler for 386 here).
GOOS=linux GOARCH=386 CGO_ENABLED=0 GOFLAGS=-mod=vendor GOWORK=off \
  "${checker}" -dir "${KUBECARRY_ROOT}" -tests ./pkg/cloudprovider/... ./cmd/cloud-controller-manager/...
kubecarry::log::status "the cloud provider and cloud-controller-manager type-check for linux/386"
