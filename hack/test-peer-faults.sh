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

# The fault drill of the Mixed Version Proxy with the built binaries as real
# processes: etcd, three kube-apiservers (1 and 2 "Y1", "Y2" serve batch/v1;
# 3 "X" runs without it and reaches Jobs through its peers) and a
# kube-controller-manager (garbage collector) talking to X, started with
# hack/lib/local-cluster.sh. The drill itself is Go (test/drill, scenario
# peer-faults: workload, nemesis, checker, report): Jobs GET through X while Y1 is frozen, both
# are frozen (kube-controller-manager restarted meanwhile), both resume, X
# and Y1 are partitioned (nftables over net_cls cgroups) and healed, Y1 is
# restarted while partitioned from X (a peer X cannot fetch), and Y2 is cut
# from etcd only; alongside, widgets (a CRD created through X) are read
# through X. It prints one table and checks: no 404 for an existing Job or
# widget, 503 only while both Ys are frozen, every request answered within
# the client's 10 s, a 200 within 5 s of every fault's end, no dependent of
# a live Job deleted by the garbage collector. Everything it started or
# changed (processes, network namespace, nftables table, cgroup mount) is
# undone on every exit. About 6 minutes. Needs root.
#
# Usage: hack/test-peer-faults.sh [--report-only] [--proxy-gate-off]
#                                 [--apiserver-binary PATH] [-- drill flags...]
#   --report-only       print the table, exit 0 even when a check fails
#                       (PEER_FAULTS_REPORT_ONLY=true); for comparison runs
#   --proxy-gate-off    run every kube-apiserver with
#                       --feature-gates=UnknownVersionInteroperabilityProxy=false
#                       (and without --peer-ca-file, which it then refuses):
#                       what clients get without the proxy
#   --apiserver-binary  the kube-apiserver to test instead of
#                       _output/bin/kube-apiserver (APISERVER_BINARY), e.g. an
#                       upstream release from hack/build-upstream-apiserver.sh
#   drill flags         passed to test/drill/cmd/drill peer-faults (phase
#                       lengths such as -freeze-all 45s; see its -help)
# Output: _output/peer-faults/{history.json,report.txt,report.json}; the cluster's logs in
# _output/peer-faults/cluster/logs/. Uses its own addresses (10.203.0.0/24)
# and etcd port (23830), so it runs next to hack/local-up-cluster.sh (--test)
# and hack/bench-peerproxy.sh.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
source "${KUBECARRY_ROOT}/hack/lib/pki.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster-faults.sh"

report_only="${PEER_FAULTS_REPORT_ONLY:-false}"
gate_off=false
APISERVER_BINARY="${APISERVER_BINARY:-}"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --report-only) report_only=true; shift ;;
    --proxy-gate-off) gate_off=true; shift ;;
    --apiserver-binary) APISERVER_BINARY="${2?--apiserver-binary needs a path}"; shift 2 ;;
    --) shift; break ;;
    -h | --help) sed -n '/^# The fault drill/,/^$/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) kubecarry::log::fatal "unknown option '$1' (see the comment at the top of $0)" ;;
  esac
done
[[ "${report_only}" == true || "${report_only}" == false ]] ||
  kubecarry::log::fatal "PEER_FAULTS_REPORT_ONLY must be true or false, not '${report_only}'"
if [[ -n "${APISERVER_BINARY}" ]]; then
  [[ -x "${APISERVER_BINARY}" ]] || kubecarry::log::fatal "--apiserver-binary ${APISERVER_BINARY} is not an executable file"
  APISERVER_BINARY="$(cd "$(dirname "${APISERVER_BINARY}")" && pwd -P)/$(basename "${APISERVER_BINARY}")"
fi
[[ "$(id -u)" -eq 0 ]] ||
  kubecarry::log::fatal "hack/test-peer-faults.sh needs root (UTS and network namespaces, SIGSTOP, nftables, cgroups)"

# The cluster library's settings: a state directory, addresses and ports of
# the drill's own; three servers, the third "older"; the controller manager
# on the older one.
out="${KUBECARRY_OUTPUT}/peer-faults"
export LOCAL_CLUSTER_DIR="${out}/cluster" ETCD_PORT=23830 LOCAL_CLUSTER_NET=10.203.0 LOCAL_CLUSTER_PREFIX=kcf
API_SERVERS=3
OLDER_APISERVER=3
OLDER_DISABLED_API=batch/v1
UPSTREAM_PEER=""
KCM_APISERVER=3
export APISERVER_BINARY
if [[ "${gate_off}" == true ]]; then
  export APISERVER_EXTRA_FLAGS="--feature-gates=UnknownVersionInteroperabilityProxy=false" APISERVER_PEER_CA=false
fi
# The partition's net_cls hierarchy is mounted here (outside the cluster
# directory, which start-up deletes) and its rules live in this table.
netcls="${out}/net_cls"
table=kubecarry-drill

heal() {
  kubecarry::cluster::heal "${netcls}" "${table}" apiserver-1 apiserver-2 apiserver-3
}
# shellcheck disable=SC2317 # the EXIT trap runs it.
cleanup() {
  heal
  kubecarry::cluster::down
}
trap cleanup EXIT

cd "${KUBECARRY_ROOT}"
mkdir -p "${out}"
rm -f "${out}"/{history.json,report.txt,report.json}
kubecarry::log::status "building the drill (test/drill/cmd/drill)"
GOFLAGS=-mod=vendor kubecarry::golang::at_stable_path go build -o "${out}/drill" ./test/drill/cmd/drill
heal
kubecarry::cluster::control_plane

# x_lists_batch says whether X's merged discovery (what the garbage collector
# reads) lists batch, the group only its peers serve; when not, it prints why
# (curl's error, or the groups listed).
x_lists_batch() {
  local apis groups
  apis="$(kubecarry::cluster::curl -H 'Accept: application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' \
    "$(kubecarry::cluster::apiserver_url "${OLDER_APISERVER}")/apis" 2>&1)" || { echo "${apis}"; return 1; }
  groups="$(kubecarry::json::get '{.items[*].metadata.name}' <<<"${apis}" 2>&1)" || { echo "${groups}"; return 1; }
  [[ " ${groups} " == *" batch "* ]] || { echo "groups listed: ${groups}"; return 1; }
}
# A garbage collector started before that has no REST mapping for Jobs until
# its next resync (30 s). Without the proxy X never lists batch.
if [[ "${gate_off}" == false ]]; then
  kubecarry::log::status "waiting for apiserver-${OLDER_APISERVER}'s merged discovery to list batch"
  deadline=$((SECONDS + 90))
  until why="$(x_lists_batch)"; do
    if ((SECONDS >= deadline)); then
      kubecarry::log::error "apiserver-${OLDER_APISERVER}'s merged discovery does not list batch after 90 s (last: ${why}); going on"
      break
    fi
    sleep 1
  done
fi
# The garbage collector is the controller the drill is about;
# serviceaccount-token is what --use-service-account-credentials needs
# first. No leader election: the restart in phase b must not wait for the
# old lease to expire.
kubecarry::cluster::controller_manager --controllers=garbagecollector,serviceaccount-token --leader-elect=false

binary="${APISERVER_BINARY:-${KUBECARRY_OUTPUT}/bin/kube-apiserver}"
# Only the report's title: the servers already started from this binary.
title="kube-apiserver: ${binary} ($("${binary}" --version 2>/dev/null || echo "version unknown"))"
[[ "${gate_off}" == false ]] || title+=", UnknownVersionInteroperabilityProxy=false"
servers="$(kubecarry::cluster::apiserver_url 1),$(kubecarry::cluster::apiserver_url 2),$(kubecarry::cluster::apiserver_url 3)"
drill=("${out}/drill" peer-faults -cluster-dir "${LOCAL_CLUSTER_DIR}" -servers "${servers}" -older "${OLDER_APISERVER}"
  -netcls-dir "${netcls}" -etcd "127.0.0.1:${ETCD_PORT}" -out "${out}" -title "${title}")
[[ "${report_only}" == false ]] || drill+=(-report-only)
# Without the proxy X never answers a Job: do not wait for it to.
[[ "${gate_off}" == false ]] || drill+=(-ready-timeout 5s)
kubecarry::log::status "running the drill (about 6 minutes)"
rc=0
"${drill[@]}" "$@" || rc=$?
exit "${rc}"
