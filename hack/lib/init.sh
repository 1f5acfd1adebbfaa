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

# Sourced by every hack/ script: finds the repository root and loads the
# shared helpers. Scripts set errexit/nounset/pipefail themselves.

KUBECARRY_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
export KUBECARRY_ROOT

# Keep Go from reaching for a go.work above the checkout and from using VCS
# stamping (the version comes from ldflags, see hack/lib/version.sh).
export GOWORK=off

source "${KUBECARRY_ROOT}/hack/lib/log.sh"
# The release line (KUBECARRY_LINE) decides KUBECARRY_OUTPUT and where the
# version files and the series are read.
source "${KUBECARRY_ROOT}/hack/lib/line.sh"
kubecarry::line::init
source "${KUBECARRY_ROOT}/hack/lib/apt.sh"
source "${KUBECARRY_ROOT}/hack/lib/version.sh"
source "${KUBECARRY_ROOT}/hack/lib/upstream.sh"
source "${KUBECARRY_ROOT}/hack/lib/etcd.sh"
source "${KUBECARRY_ROOT}/hack/lib/golang.sh"
source "${KUBECARRY_ROOT}/hack/lib/line-build.sh"
source "${KUBECARRY_ROOT}/hack/lib/patches.sh"
source "${KUBECARRY_ROOT}/hack/lib/gofiles.sh"
source "${KUBECARRY_ROOT}/hack/lib/test.sh"
source "${KUBECARRY_ROOT}/hack/lib/json.sh"
