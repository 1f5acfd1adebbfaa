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

# The tests of a release line without vendor/ (make test runs it for each,
# as the step line-<minor>): its binaries build from the verified module
# sources plus the line's series and report the line's version, upstream's
# unit tests pass on every package the line's series touches
# (hack/test-upstream.sh on the line's tree), and the peer proxy's fault
# drill (hack/test-peer-faults.sh, root) passes on the line's binaries.
#
# Usage: hack/test-line.sh <minor>     e.g. hack/test-line.sh 1.36

set -o errexit
set -o nounset
set -o pipefail

[[ $# -eq 1 ]] || { echo "usage: $0 <minor>   (a line of lines/<minor>/)" >&2; exit 2; }
export KUBECARRY_LINE="$1"
source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
if kubecarry::line::is_main; then
  kubecarry::log::fatal "${KUBECARRY_LINE} is the main line: make test's other steps test it"
fi

check="hack/test-line.sh"
failed=0
kubecarry::test::run_check "${check}" "line ${KUBECARRY_LINE}: the binaries build" "${KUBECARRY_ROOT}/hack/build.sh" || failed=1

# version_is <binary>: the binary's --version names the line's release
# (v1.36.3+kubecarry.1, -dirty while the checkout has changes).
kubecarry::version::get_version_vars
want="${KUBE_GIT_VERSION}"
# shellcheck disable=SC2317 # run_check runs it.
version_is() {
  local bin="${KUBECARRY_OUTPUT}/bin/$1" out
  out="$("${bin}" --version 2>&1)" || { echo "${bin} --version failed: ${out}" >&2; return 1; }
  [[ "${out}" == *" ${want}" ]] || { echo "${bin} --version says '${out}', want it to end in ${want}" >&2; return 1; }
}
if [[ ${failed} -eq 0 ]]; then
  for target in "${KUBECARRY_ALL_TARGETS[@]}"; do
    kubecarry::test::run_check "${check}" "line ${KUBECARRY_LINE}: ${target##*/} --version" version_is "${target##*/}" || failed=1
  done
fi

"${KUBECARRY_ROOT}/hack/test-upstream.sh" || failed=1

# The Mixed Version Proxy's fault drill on the line's kube-apiserver and
# kube-controller-manager (its guarantees are what the line carries).
if [[ "$(id -u)" -ne 0 ]]; then
  kubecarry::test::privileged_unavailable "${check}" "line ${KUBECARRY_LINE}: hack/test-peer-faults.sh" \
    "freeze, partition and restart kube-apiserver processes" || failed=1
elif [[ ${failed} -eq 0 ]]; then
  kubecarry::test::run_check "${check}" "line ${KUBECARRY_LINE}: hack/test-peer-faults.sh" \
    "${KUBECARRY_ROOT}/hack/test-peer-faults.sh" || failed=1
fi
exit "${failed}"
