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

# Checks the format of the forward-port table in patches/README.md: its
# markers, a header with the releases, one row per patch of the series in
# order, each release cell "<outcome> · <finding> <mark>", a note for every
# patch. It reruns nothing and needs no network: the table's content comes
# from hack/forward-port-report.sh, which is what regenerates it.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

if ! "$(kubecarry::golang::tool forwardport)" check -series "${KUBECARRY_PATCHES_DIR}/series" "${KUBECARRY_PATCHES_DIR}/README.md"; then
  kubecarry::log::fatal "regenerate the table with hack/forward-port-report.sh v1.36.3 v1.37.2 (after adding or removing a patch, give it a note in patches/forward-port-notes.tsv)"
fi
kubecarry::log::status "the forward-port table in patches/README.md lists the series"
