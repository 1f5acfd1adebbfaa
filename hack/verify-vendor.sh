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

# Fails unless vendor/ is exactly what hack/update-vendor.sh produces from
# go.mod and the patch series, naming every file that differs, and unless
# every patch has the header of patches/README.md.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
kubecarry::line::require_main "vendor/ (the main line's sources)"

failed=0
if ! kubecarry::patches::lint_series; then
  kubecarry::log::error "patch headers do not follow patches/README.md"
  failed=1
fi

work="$(mktemp -d)"
trap 'rm -rf "${work}"' EXIT
if ! kubecarry::patches::generate_vendor "${work}"; then
  kubecarry::log::fatal "cannot regenerate vendor/: the patch named above no longer applies"
fi

if ! kubecarry::vendor::compare "${work}/vendor" "${KUBECARRY_ROOT}/vendor"; then
  kubecarry::log::error "vendor/ is not upstream + patches; run hack/update-vendor.sh (never edit vendor/ by hand)"
  failed=1
fi

if [[ ${failed} -ne 0 ]]; then
  exit 1
fi
kubecarry::log::status "vendor/ equals go.mod + patches/series"
