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
# (hack/test-upstream.sh on the line's tree), and, as root: the peer proxy's
# fault drill (hack/test-peer-faults.sh) and the local cluster's checks
# (hack/local-up-cluster.sh --test) on the line's binaries, the line's
# release for linux/amd64 (hack/release.sh) checked by test/e2e/release, and
# the short rolling upgrade drill from the line to the upstream release its
# clusters upgrade to next (lines/<minor>/UPGRADE_TO), with the resource only
# that release serves in use through the line's servers.
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
# The version the build stamps, read before it: a change to the checkout
# while the step runs must not make the check compare with another state.
kubecarry::version::get_version_vars
want="${KUBE_GIT_VERSION}"
export KUBE_GIT_VERSION KUBE_GIT_COMMIT KUBE_GIT_TREE_STATE SOURCE_DATE_EPOCH
kubecarry::test::run_check "${check}" "line ${KUBECARRY_LINE}: the binaries build" "${KUBECARRY_ROOT}/hack/build.sh" || failed=1

# version_is <binary>: the binary's --version names the line's release
# (v1.36.3+kubecarry.1, -dirty while the checkout has changes).
# shellcheck disable=SC2317 # run_check runs it.
version_is() {
  local bin="${KUBECARRY_OUTPUT}/bin/$1" out
  out="$("${bin}" --version 2>&1)" || { echo "${bin} --version failed: ${out}" >&2; return 1; }
  [[ "${out}" == *" ${want}" ]] || { echo "${bin} --version says '${out}', want it to end in ${want}" >&2; return 1; }
}
# built_from <target>: the binary's main package is kubecarry's own program
# for kubecarry's commands and upstream's for the others (upstream has a
# cloud-controller-manager too, which must not be shipped as kubecarry's).
# shellcheck disable=SC2317 # run_check runs it.
built_from() {
  local bin="${KUBECARRY_OUTPUT}/bin/${1##*/}" path want_path
  want_path="k8s.io/kubernetes/$1"
  kubecarry::line::is_own_target "$1" && want_path="github.com/kubecarry/kubecarry/$1"
  path="$(go version -m "${bin}" | awk '$1 == "path" { print $2 }')"
  [[ "${path}" == "${want_path}" ]] || { echo "${bin} is built from ${path:-an unknown package}, want ${want_path}" >&2; return 1; }
}
if [[ ${failed} -eq 0 ]]; then
  for target in "${KUBECARRY_ALL_TARGETS[@]}"; do
    kubecarry::test::run_check "${check}" "line ${KUBECARRY_LINE}: ${target##*/} --version" version_is "${target##*/}" || failed=1
    kubecarry::test::run_check "${check}" "line ${KUBECARRY_LINE}: ${target##*/} is built from its own main package" built_from "${target}" || failed=1
  done
fi

"${KUBECARRY_ROOT}/hack/test-upstream.sh" || failed=1

if [[ "$(id -u)" -ne 0 ]]; then
  for what in "hack/test-peer-faults.sh" "hack/local-up-cluster.sh --test" "hack/release.sh and test/e2e/release" "hack/upgrade-drill.sh"; do
    kubecarry::test::privileged_unavailable "${check}" "line ${KUBECARRY_LINE}: ${what}" \
      "run kube-apiservers in network namespaces, freeze and partition them, build images with mmdebstrap" || failed=1
  done
  exit "${failed}"
fi
[[ ${failed} -eq 0 ]] || exit "${failed}"

# The Mixed Version Proxy's fault drill on the line's kube-apiserver and
# kube-controller-manager (its guarantees are what the line carries).
kubecarry::test::run_check "${check}" "line ${KUBECARRY_LINE}: hack/test-peer-faults.sh" \
  "${KUBECARRY_ROOT}/hack/test-peer-faults.sh" || failed=1

# The local cluster's own checks on the line's binaries: the peer proxy and
# merged discovery, kubecarry's cloud-controller-manager and its route
# counter, kube-proxy's externalIPs switch, real Pods on two nodes.
kubecarry::test::run_check "${check}" "line ${KUBECARRY_LINE}: hack/local-up-cluster.sh --test" \
  "${KUBECARRY_ROOT}/hack/local-up-cluster.sh" --test || failed=1

# The line's release, with the checks of the main line's (test/e2e/release)
# against the line's own Go inputs and series.
if KUBE_BUILD_PLATFORMS=linux/amd64 kubecarry::test::run_check "${check}" "line ${KUBECARRY_LINE}: hack/release.sh (linux/amd64)" \
  "${KUBECARRY_ROOT}/hack/release.sh"; then
  kubecarry::etcd::install
  (
    cd "${KUBECARRY_ROOT}"
    export KUBECARRY_RELEASE_DIR="${KUBECARRY_OUTPUT}/release/${want}"
    export KUBECARRY_RELEASE_MODULES="${KUBECARRY_OUTPUT}/release-inputs/${want}/modules.txt"
    export KUBECARRY_RELEASE_PATCHES="${KUBECARRY_PATCHES_DIR}"
    GOFLAGS=-mod=vendor kubecarry::test::go_test -count=1 -timeout=20m ./test/e2e/release
  ) || failed=1
else
  failed=1
fi

# Two servers, one upgraded: the new release's resource read and written
# through the line's server (its peer proxy), the dependents of its objects
# kept by the line's garbage collector.
upgrade_to="$(tr -d '[:space:]' <"${KUBECARRY_LINE_DIR}/UPGRADE_TO")"
kubecarry::test::run_check "${check}" "line ${KUBECARRY_LINE}: hack/upgrade-drill.sh --from kubecarry --to ${upgrade_to}" \
  "${KUBECARRY_ROOT}/hack/upgrade-drill.sh" --from kubecarry --to "${upgrade_to}" \
  --servers 2 --upgrade 1 --duration-per-step 30s --check || failed=1
exit "${failed}"
