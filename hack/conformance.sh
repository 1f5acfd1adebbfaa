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

# Runs upstream's conformance tests (the e2e suite of the release kubecarry
# carries, built here) against a running local cluster
# (hack/local-up-cluster.sh), offline, through a capable kube-apiserver and
# through the older one, and compares: a test that passes through the
# capable server and not through the older one is a failure of kubecarry,
# whatever else fails. Needs root (it imports images into the node's
# containerd).

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
source "${KUBECARRY_ROOT}/hack/lib/conformance.sh"

usage() {
  cat <<EOF
Usage: hack/conformance.sh [options]

Runs the [Conformance] tests of upstream's $(kubecarry::version::upstream) e2e suite against a
running cluster, through each apiserver named, and prints the summary per
apiserver.

Options:
  --cluster local|kubeadm
                     the local cluster (hack/local-up-cluster.sh, or its --run;
                     capable: server 1, older: server OLDER_APISERVER) or the
                     kubeadm cluster (hack/kubeadm-cluster.sh up; capable: cp-1,
                     older: cp-2, which --disable-on-cp-2 makes older)
                     (default local)
  --through LIST     the apiservers to run through, in order, comma-separated:
                     capable and older; the first is the reference the others
                     are compared with (default capable,older)
  --focus REGEXP     only the conformance tests whose names match, e.g.
                     '\[sig-api-machinery\]' (default: all)
  --focus-failed-in JUNIT
                     only the tests that JUnit report has as failed, e.g. to
                     run through the capable apiserver what failed through
                     the older one (a test that fails through both is the
                     cluster's, not kubecarry's)
  --procs N          ginkgo processes for the parallel tests (default 2);
                     [Serial] tests run alone after them
  --require-pass     also fail when any selected test fails or does not run
                     through any apiserver (not only when the older one
                     fails a test the capable one passes)
  --report-dir DIR   where the JUnit reports, logs and summary.md go
                     (default _output/conformance/<time>)
  -h, --help         this text

The local cluster: LOCAL_CLUSTER_DIR, LOCAL_CLUSTER_NET, OLDER_APISERVER as
hack/local-up-cluster.sh takes them (its --run exports them); the kubeadm
cluster: KUBEADM_CLUSTER_DIR as hack/kubeadm-cluster.sh takes it. Tests that
cannot run offline are skipped by name: $(kubecarry::conformance::skip_list "$(kubecarry::version::upstream)" | sed "s|${KUBECARRY_ROOT}/||").
EOF
}

cluster=local
through=capable,older
focus=""
failed_in=""
procs=2
require_pass=false
report_root=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --cluster) cluster="${2?--cluster needs local or kubeadm}"; shift 2 ;;
    --through) through="${2?--through needs capable, older or both}"; shift 2 ;;
    --focus) focus="${2?--focus needs a regular expression}"; shift 2 ;;
    --focus-failed-in) failed_in="${2?--focus-failed-in needs a JUnit report}"; shift 2 ;;
    --procs) procs="${2?--procs needs a number}"; shift 2 ;;
    --require-pass) require_pass=true; shift ;;
    --report-dir) report_root="${2?--report-dir needs a directory}"; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; kubecarry::log::fatal "unknown option '$1'" ;;
  esac
done

[[ "${procs}" =~ ^[1-9][0-9]?$ ]] || kubecarry::log::fatal "--procs must be a number from 1 to 99, not '${procs}'"
[[ "$(id -u)" -eq 0 ]] || kubecarry::log::fatal "hack/conformance.sh needs root: it imports the suite's images into the node's containerd"
servers=()
IFS=, read -r -a servers <<<"${through}"
[[ ${#servers[@]} -gt 0 ]] || kubecarry::log::fatal "--through names no apiserver"
for s in "${servers[@]}"; do
  [[ "${s}" == capable || "${s}" == older ]] || kubecarry::log::fatal "--through: '${s}' is not capable or older"
done
case "${cluster}" in
  local) source "${KUBECARRY_ROOT}/hack/lib/conformance-local.sh" ;;
  kubeadm) source "${KUBECARRY_ROOT}/hack/lib/conformance-kubeadm.sh" ;;
  *) kubecarry::log::fatal "--cluster must be local or kubeadm, not '${cluster}'" ;;
esac
# Defined by the cluster's library: kubecarry::conformance::cluster_check
# (fails naming what is missing), ::server_kubeconfig <capable|older>
# <file> and ::import_images <list>.
kubecarry::conformance::cluster_check "${servers[@]}"

version="$(kubecarry::version::upstream)"
report_root="${report_root:-${KUBECARRY_OUTPUT}/conformance/$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "${report_root}"
# Absolute: ginkgo runs the suite in the directory of e2e.test, where a
# relative kubeconfig or report path names nothing.
report_root="$(realpath "${report_root}")"
CONFORMANCE_SKIP_LIST="$(kubecarry::conformance::skip_list "${version}")"
[[ -f "${CONFORMANCE_SKIP_LIST}" ]] || kubecarry::log::fatal "there is no skip list for ${version}: ${CONFORMANCE_SKIP_LIST}"
kubecarry::conformance::tools "${version}" "${report_root}"
if [[ -n "${failed_in}" ]]; then
  [[ -z "${focus}" ]] || kubecarry::log::fatal "--focus and --focus-failed-in select the tests each; give one"
  focus="$("${KCCONFORMANCE}" failed-regexp -junit "${failed_in}")" ||
    kubecarry::log::fatal "--focus-failed-in ${failed_in}: no failed tests to run"
fi
kubecarry::conformance::images "${version}" "${KUBECARRY_OUTPUT}/conformance/images" "${report_root}/images.list"
kubecarry::conformance::import_images "${report_root}/images.list"

reports=()
for s in "${servers[@]}"; do
  kubeconfig="${report_root}/${s}.kubeconfig"
  kubecarry::conformance::server_kubeconfig "${s}" "${kubeconfig}"
  kubecarry::conformance::run "${s}" "${kubeconfig}" "${report_root}/${s}" "${focus}" "${procs}"
  reports+=("${s}=${report_root}/${s}/junit_01.xml")
done

args=(-suite "${report_root}/conformance.yaml" -skip-list "${CONFORMANCE_SKIP_LIST}" -out "${report_root}/summary.md")
[[ -z "${focus}" ]] || args+=(-focus "${focus}")
[[ "${require_pass}" != true ]] || args+=(-require-pass)
kubecarry::log::status "summary (${report_root}/summary.md):"
"${KCCONFORMANCE}" report "${args[@]}" "${reports[@]}"
