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

# Rebuilds vendor/ from go.mod and the patch series: "go mod vendor", then
# every patch of patches/series applied in order with the k/k -> vendor/ path
# mapping (hack/lib/patches.sh). The new tree is built beside the checkout
# and swapped in only when every patch applied, so a failing patch leaves the
# committed vendor/ untouched.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
kubecarry::line::require_main "vendor/ (the main line's sources)"

mkdir -p "${KUBECARRY_OUTPUT}"
work="$(mktemp -d "${KUBECARRY_OUTPUT}/update-vendor.XXXXXX")"
trap 'rm -rf "${work}"' EXIT

if ! kubecarry::patches::generate_vendor "${work}"; then
  kubecarry::log::fatal "vendor/ was not changed: fix or drop the patch named above (see patches/README.md)"
fi

cd "${KUBECARRY_ROOT}"
if [[ -d vendor ]]; then
  mv vendor "${work}/vendor.old"
fi
mv "${work}/vendor" vendor
kubecarry::log::status "vendor/ updated"
