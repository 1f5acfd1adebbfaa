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
source "${KUBECARRY_ROOT}/hack/lib/pki.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster.sh"
source "${KUBECARRY_ROOT}/hack/lib/conformance.sh"

usage() {
  cat <<EOF
Usage: hack/conformance.sh [options]

Runs the [Conformance] tests of upstream's $(kubecarry::version::upstream) e2e suite against the
local cluster that runs (hack/local-up-cluster.sh, or its --run), through
each apiserver named, and prints the summary per apiserver.

Options:
  --through LIST     the apiservers to run through, in order, comma-separated:
                     capable (server 1) and older (server OLDER_APISERVER);
                     the first is the reference the others are compared with
                     (default capable,older)
  --focus REGEXP     only the conformance tests whose names match, e.g.
                     '\[sig-api-machinery\]' (default: all)
  --procs N          ginkgo processes for the parallel tests (default 2);
                     [Serial] tests run alone after them
  --require-pass     also fail when any selected test fails or does not run
                     through any apiserver (not only when the older one
                     fails a test the capable one passes)
  --report-dir DIR   where the JUnit reports, logs and summary.md go
                     (default _output/conformance/<time>)
  -h, --help         this text

The cluster: LOCAL_CLUSTER_DIR, LOCAL_CLUSTER_NET, OLDER_APISERVER as
hack/local-up-cluster.sh takes them (its --run exports them). Tests that
cannot run offline are skipped by name: $(kubecarry::conformance::skip_list "$(kubecarry::version::upstream)" | sed "s|${KUBECARRY_ROOT}/||").
EOF
}

through=capable,older
focus=""
procs=2
require_pass=false
report_root=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --through) through="${2?--through needs capable, older or both}"; shift 2 ;;
    --focus) focus="${2?--focus needs a regular expression}"; shift 2 ;;
    --procs) procs="${2?--procs needs a number}"; shift 2 ;;
    --require-pass) require_pass=true; shift ;;
    --report-dir) report_root="${2?--report-dir needs a directory}"; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; kubecarry::log::fatal "unknown option '$1'" ;;
  esac
done

[[ "${procs}" =~ ^[1-9][0-9]?$ ]] || kubecarry::log::fatal "--procs must be a number from 1 to 99, not '${procs}'"
[[ "$(id -u)" -eq 0 ]] || kubecarry::log::fatal "hack/conformance.sh needs root: it imports the suite's images into the node's containerd"
LOCAL_CLUSTER_DIR="${LOCAL_CLUSTER_DIR:-${KUBECARRY_OUTPUT}/local-up-cluster}"
LOCAL_CLUSTER_NET="${LOCAL_CLUSTER_NET:-10.200.0}"
OLDER_APISERVER="${OLDER_APISERVER:-2}"
export LOCAL_CLUSTER_DIR LOCAL_CLUSTER_NET

# The servers, by name, and the kubeconfig that talks to each directly (the
# cluster's admin credentials, the server's own address).
servers=()
IFS=, read -r -a servers <<<"${through}"
[[ ${#servers[@]} -gt 0 ]] || kubecarry::log::fatal "--through names no apiserver"
declare -A server_index=([capable]=1 [older]="${OLDER_APISERVER}")
for s in "${servers[@]}"; do
  [[ -n "${server_index[${s}]-}" ]] || kubecarry::log::fatal "--through: '${s}' is not capable or older"
done
[[ "${OLDER_APISERVER}" != 0 ]] || [[ " ${servers[*]} " != *" older "* ]] ||
  kubecarry::log::fatal "the cluster has no older apiserver (OLDER_APISERVER=0); use --through capable"
pki="$(kubecarry::cluster::pki)"
[[ -f "$(kubecarry::cluster::kubeconfig)" && -f "${pki}/admin.crt" ]] ||
  kubecarry::log::fatal "no local cluster in ${LOCAL_CLUSTER_DIR}: start one with hack/local-up-cluster.sh (or run this with its --run)"

version="$(kubecarry::version::upstream)"
report_root="${report_root:-${KUBECARRY_OUTPUT}/conformance/$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "${report_root}"
CONFORMANCE_SKIP_LIST="$(kubecarry::conformance::skip_list "${version}")"
[[ -f "${CONFORMANCE_SKIP_LIST}" ]] || kubecarry::log::fatal "there is no skip list for ${version}: ${CONFORMANCE_SKIP_LIST}"
kubecarry::conformance::tools "${version}" "${report_root}"
kubecarry::conformance::images "${version}" "${KUBECARRY_OUTPUT}/conformance/images" "${report_root}/images.list"
kubecarry::conformance::import "$(kubecarry::node::containerd_socket)" "${report_root}/images.list"

reports=()
for s in "${servers[@]}"; do
  kubeconfig="${report_root}/${s}.kubeconfig"
  kubecarry::pki::kubeconfig "${kubeconfig}" "$(kubecarry::cluster::apiserver_url "${server_index[${s}]}")" \
    "${pki}/ca.crt" "${pki}/admin.crt" "${pki}/admin.key" admin
  kubecarry::conformance::run "${s}" "${kubeconfig}" "${report_root}/${s}" "${focus}" "${procs}"
  reports+=("${s}=${report_root}/${s}/junit_01.xml")
done

args=(-suite "${report_root}/conformance.yaml" -skip-list "${CONFORMANCE_SKIP_LIST}" -out "${report_root}/summary.md")
[[ -z "${focus}" ]] || args+=(-focus "${focus}")
[[ "${require_pass}" != true ]] || args+=(-require-pass)
kubecarry::log::status "summary (${report_root}/summary.md):"
"${KCCONFORMANCE}" report "${args[@]}" "${reports[@]}"
