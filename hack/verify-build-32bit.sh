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
# conversion that only fits a 64-bit int fails there to build. go vet
# compiles the packages and their dependencies for GOARCH=386 without
# linking a binary.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
kubecarry::golang::reexec_at_stable_path "${BASH_SOURCE[0]}" "$@"

cd "${KUBECARRY_ROOT}"
GOOS=linux GOARCH=386 GOFLAGS=-mod=vendor go vet ./pkg/cloudprovider/... ./cmd/cloud-controller-manager/...
kubecarry::log::status "the cloud provider and cloud-controller-manager build for linux/386"
