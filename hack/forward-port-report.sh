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

# Asks of each patch of the series, for each newer upstream release: does it
# apply there, and does that release already behave as the patch makes the
# tree behave (judged by the patch's own tests, run on the pristine release
# with only the patch's test files added)? The answers are compared with
# each patch's Drop-when: line, and the table is written into
# patches/README.md (hack/verify-forward-port-table.sh checks its format).
#
#   hack/forward-port-report.sh v1.36.3 [v1.37.2 ...]
#
# Each release's tree is assembled from the Go module sources; the work and
# the go test output are kept in _output/forward-port/<release>/. The notes
# column ("should kubecarry follow upstream?") is kept by hand in
# patches/forward-port-notes.tsv.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
source "${KUBECARRY_ROOT}/hack/lib/rebase.sh"
source "${KUBECARRY_ROOT}/hack/lib/forward-port.sh"

if [[ $# -eq 0 ]]; then
  sed -n 's/^#   hack/hack/p' "${BASH_SOURCE[0]}" >&2
  exit 2
fi
for release in "$@"; do
  kubecarry::forwardport::check_release "${release}"
done
cd "${KUBECARRY_ROOT}"
mapfile -t series < <(kubecarry::patches::list)
[[ ${#series[@]} -gt 0 ]] || kubecarry::log::fatal "the series is empty"

out="$(kubecarry::forwardport::dir)"
mkdir -p "${out}"
kubecarry::log::status "the series on $(kubecarry::version::upstream), one commit per patch"
kubecarry::upstream::patched_tree "${out}/series"

releases=()
for release in "$@"; do
  kubecarry::forwardport::release "${release}" "${out}/series" "${series[@]}"
  releases+=("${release}=${out}/${release}")
done

"$(kubecarry::golang::tool forwardport)" table -series "${KUBECARRY_PATCHES_DIR}/series" -from "$(kubecarry::version::upstream)" \
  -notes "${KUBECARRY_PATCHES_DIR}/forward-port-notes.tsv" -write "${KUBECARRY_PATCHES_DIR}/README.md" "${releases[@]}"
kubecarry::log::status "the table is in patches/README.md; the go test output in ${out}/<release>/results"
