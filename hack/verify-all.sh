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

# Runs every hack/verify-*.sh script (CI runs only the verify half of each
# update/verify pair) and reports all failures, not just the first.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
kubecarry::line::require_main "make verify (it checks every line; run it without LINE)"

failed=()
for script in "${KUBECARRY_ROOT}"/hack/verify-*.sh; do
  name="${script##*/}"
  # Not the slow ones that build everything twice (documented commands).
  case "${name}" in
    verify-all.sh | verify-reproducible.sh | verify-release.sh) continue ;;
  esac
  echo "=== RUN ${name}"
  kubecarry::test::run_check hack/verify-all.sh "${name}" "${script}" || failed+=("${name}")
done
if [[ ${#failed[@]} -gt 0 ]]; then
  kubecarry::log::fatal "failed: ${failed[*]}"
fi
