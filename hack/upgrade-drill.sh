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

# The rolling upgrade drill: an HA control plane upgraded one server at a
# time under traffic, the way a platform team does it, to prove what its
# clients and controllers see. etcd; N kube-apiservers (each with its own
# address and UTS identity, --peer-ca-file and front-proxy flags as the
# local cluster sets them) of the FROM release behind HAProxy (TCP, round
# robin, /readyz health checks: hack/lib/local-cluster-lb.sh); a
# kube-controller-manager (garbage collector, namespace controller). This
# script starts those processes; the drill itself is Go (test/drill,
# scenario upgrade): its workload (readers, writers, watchers, dependents,
# a namespace deletion) reaches the API only through HAProxy, and its
# nemesis goes through the steps: steady state; then each server in turn
# is stopped gracefully and the TO release started in its place with the
# same identity and address (through this script's "start" mode); then the
# controller manager FROM -> TO. Each step holds D after its server is
# ready. During the middle step the namespace is deleted and, with
# --faults, one fault is injected into a server of the new release: kill
# (SIGKILL, restarted at once as kubelet would), freeze (20 s SIGSTOP) or
# partition (20 s, nftables over net_cls cgroups, from the last old server).
# The report (tables on stdout, JSON and text under _output/drill/) counts
# per step and request class what clients got; --check holds the run to
# what kubecarry guarantees and fails otherwise. Everything is undone on
# every exit, Ctrl-C included. Needs root.
#
# Usage: hack/upgrade-drill.sh [--from RELEASE] [--to RELEASE]
#          [--servers N] [--upgrade K] [--duration-per-step D]
#          [--faults none|kill|freeze|partition] [--check]
#   --from               the release upgraded from (default kubecarry). A
#                        release is "kubecarry" (this repository's build of
#                        the line KUBECARRY_LINE selects), "kubecarry-<minor>"
#                        (the build of that line, e.g. kubecarry-1.36: make
#                        LINE=1.36 builds it) or an upstream release vX.Y.Z
#                        (built and cached by hack/build-upstream.sh;
#                        upstream v1.35 runs with its defaults: without
#                        --peer-ca-file, which it refuses with the proxy off)
#   --to                 the release upgraded to (default v1.36.3)
#   --servers            kube-apiservers, 2 to 5 (default 3)
#   --upgrade            how many of them to upgrade (default all; fewer
#                        leaves the cluster mixed and the controller manager
#                        on FROM: the short drill of make test is
#                        --servers 2 --upgrade 1)
#   --duration-per-step  how long each step holds, e.g. 30s or 2m (default 45s)
#   --faults             the extra event of the middle step (default none)
#   --check              exit 1 unless kubecarry's guarantees hold
# Output: _output/drill/upgrade-<from>-to-<to>[-<fault>]/{history.json,
# report.json,report.txt}, the cluster's logs in its cluster/logs/.
# Uses its own addresses (10.204.0.0/24) and etcd port (23850).

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
source "${KUBECARRY_ROOT}/hack/lib/pki.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster-lb.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster-faults.sh"

# What upstream recommends for rolling restarts behind a load balancer.
# /readyz fails as soon as SIGTERM arrives, and the health check (every
# second, two failures) takes the server out within ~3 s; for 10 s the
# server keeps serving whatever still reaches it. After that it stops
# accepting connections and, with send-retry-after, answers requests that
# still arrive on open connections 429 with Retry-After (which client-go
# retries) until in-flight requests have drained.
shutdown_flags=(--shutdown-delay-duration=10s --shutdown-send-retry-after=true)

# binary <component> <release> prints the path of the component's binary;
# a kubecarry build that is not there stops the script, saying how to build
# it.
binary() {
  local bin line
  case "$2" in
    kubecarry | kubecarry-*)
      line="${2#kubecarry}"
      line="${line#-}"
      line="${line:-${KUBECARRY_LINE}}"
      bin="$(kubecarry::line::output_of "${line}")/bin/$1"
      [[ -x "${bin}" ]] || kubecarry::log::fatal "release $2: no ${bin}; build it with make LINE=${line}"
      echo "${bin}"
      ;;
    *) kubecarry::upstream::build "$1" "$2" | tail -n1 ;;
  esac
}
# peer_ca <release> says whether servers of that release get --peer-ca-file:
# kubecarry's and v1.36+ have the peer proxy on by default; upstream v1.35
# refuses the flag unless the gate is turned on.
peer_ca() {
  local minor
  [[ "$1" == kubecarry* ]] && { echo true; return; }
  minor="${1#v1.}"
  minor="${minor%%.*}"
  ((minor >= 36)) && echo true || echo false
}

# start_server <i> <release> starts apiserver-i of a release and waits
# until it is ready.
start_server() {
  local i="$1" release="$2" bin
  bin="$(binary kube-apiserver "${release}")"
  kubecarry::log::status "starting apiserver-${i} (${release}) on $(kubecarry::cluster::apiserver_url "${i}")"
  APISERVER_PEER_CA="$(peer_ca "${release}")" kubecarry::cluster::apiserver "apiserver-${i}" "${bin}" \
    "$(kubecarry::cluster::apiserver_ip "${i}")" "${shutdown_flags[@]}"
  kubecarry::cluster::wait_ready "apiserver-${i}" "ready" kubecarry::cluster::curl "$(kubecarry::cluster::apiserver_url "${i}")/readyz"
}

# start_controller_manager <release> starts it through the load balancer.
start_controller_manager() {
  # The garbage collector and the namespace controller are the controllers
  # the drill is about; serviceaccount-token is what
  # --use-service-account-credentials needs first. No leader election: one
  # controller manager at a time, and the new one must not wait for the
  # old one's lease to expire.
  KCM_BINARY="$(binary kube-controller-manager "$1")" KCM_SERVER_URL="$(kubecarry::cluster::lb_url)" \
    kubecarry::cluster::controller_manager --controllers=garbagecollector,namespace,serviceaccount-token --leader-elect=false
}

# The drill's start script (test/drill/nemesis.Start): "start <component>
# <release>" starts one component of a release in the running cluster,
# with the environment this script exported before it ran the drill, and
# returns once it is ready.
if [[ "${1:-}" == start ]]; then
  [[ $# -eq 3 ]] || kubecarry::log::fatal "usage: $0 start apiserver-<i>|kube-controller-manager <release>"
  case "$2" in
    apiserver-[0-9]*) start_server "${2#apiserver-}" "$3" ;;
    kube-controller-manager) start_controller_manager "$3" ;;
    *) kubecarry::log::fatal "start: unknown component '$2' (want apiserver-<i> or kube-controller-manager)" ;;
  esac
  exit 0
fi

from=kubecarry to=v1.36.3 servers=3 upgrade="" hold=45s faults=none check=false
while [[ $# -gt 0 ]]; do
  case "$1" in
    --from) from="${2?--from needs kubecarry or a release}"; shift 2 ;;
    --to) to="${2?--to needs a release}"; shift 2 ;;
    --servers) servers="${2?--servers needs a number}"; shift 2 ;;
    --upgrade) upgrade="${2?--upgrade needs a number}"; shift 2 ;;
    --duration-per-step) hold="${2?--duration-per-step needs a duration}"; shift 2 ;;
    --faults) faults="${2?--faults needs none, kill, freeze or partition}"; shift 2 ;;
    --check) check=true; shift ;;
    -h | --help) sed -n '/^# The rolling upgrade drill/,/^$/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) kubecarry::log::fatal "unknown option '$1' (see hack/upgrade-drill.sh --help)" ;;
  esac
done
# valid_release <flag> <release> stops the script on a release that is
# neither an upstream one nor a kubecarry line of this repository.
valid_release() {
  local line
  case "$2" in
    kubecarry) return 0 ;;
    kubecarry-*)
      line="${2#kubecarry-}"
      kubecarry::line::exists "${line}" && return 0
      kubecarry::log::fatal "$1 $2: ${line} is not a kubecarry release line; the lines are: $(kubecarry::line::known | paste -sd' ')"
      ;;
  esac
  [[ "$2" =~ ^v1\.[0-9]+\.[0-9]+$ ]] ||
    kubecarry::log::fatal "$1 must be kubecarry, kubecarry-<line> (e.g. kubecarry-1.36) or an upstream release like v1.36.3, not '$2'"
}
valid_release --from "${from}"
valid_release --to "${to}"
[[ "${from}" != "${to}" ]] || kubecarry::log::fatal "--from and --to are both ${from}: an upgrade needs two releases"
kubecarry::cluster::validate_int --servers "${servers}" 2 5
upgrade="${upgrade:-${servers}}"
kubecarry::cluster::validate_int --upgrade "${upgrade}" 1 "${servers}"
case "${hold}" in
  *m) hold_s="${hold%m}"; [[ "${hold_s}" =~ ^[0-9]+$ ]] && hold_s=$((hold_s * 60)) ;;
  *s) hold_s="${hold%s}" ;;
  *) hold_s="${hold}" ;;
esac
if ! [[ "${hold_s}" =~ ^[0-9]+$ ]] || ((hold_s < 5)); then
  kubecarry::log::fatal "--duration-per-step must be a duration of at least 5s like 30s or 2m, not '${hold}'"
fi
case "${faults}" in none | kill | freeze | partition) ;; *)
  kubecarry::log::fatal "--faults must be none, kill, freeze or partition, not '${faults}'" ;;
esac
[[ "$(id -u)" -eq 0 ]] ||
  kubecarry::log::fatal "hack/upgrade-drill.sh needs root (network and UTS namespaces, HAProxy's address, signals, nftables)"

out="${KUBECARRY_OUTPUT}/drill/upgrade-${from}-to-${to}"
[[ "${faults}" == none ]] || out+="-${faults}"
export LOCAL_CLUSTER_DIR="${out}/cluster" ETCD_PORT=23850 LOCAL_CLUSTER_NET=10.204.0 LOCAL_CLUSTER_PREFIX=kcu
export API_SERVERS="${servers}" UPSTREAM_PEER=""
netcls="${out}/net_cls"
table=kubecarry-upgrade-drill

names=()
for ((i = 1; i <= servers; i++)); do names+=("apiserver-${i}"); done
# shellcheck disable=SC2317 # the EXIT trap runs it.
cleanup() {
  kubecarry::cluster::heal "${netcls}" "${table}" "${names[@]}"
  kubecarry::cluster::down
}
trap cleanup EXIT
trap 'exit 130' INT TERM

cd "${KUBECARRY_ROOT}"
mkdir -p "${out}"
rm -f "${out}"/{timeline.tsv,history.json,report.json,report.txt,workload.log}
kubecarry::log::status "building the drill (test/drill/cmd/drill) and the releases"
drill="${out}/drill"
GOFLAGS=-mod=vendor kubecarry::golang::at_stable_path go build -o "${drill}" ./test/drill/cmd/drill
# Built (or found in the cache) before anything starts, so a build failure
# names the release and the clock of a step never includes a build.
binary kube-apiserver "${from}" >/dev/null
binary kube-apiserver "${to}" >/dev/null
binary kube-controller-manager "${from}" >/dev/null
((upgrade < servers)) || binary kube-controller-manager "${to}" >/dev/null
kubecarry::cluster::heal "${netcls}" "${table}"
kubecarry::cluster::prepare
urls=()
for ((i = 1; i <= servers; i++)); do
  start_server "${i}" "${from}"
  urls+=("$(kubecarry::cluster::apiserver_url "${i}")")
done
servers_list=()
for ((i = 1; i <= servers; i++)); do servers_list+=("${i}"); done
kubecarry::cluster::load_balancer "${servers_list[@]}"
start_controller_manager "${from}"

kubecarry::log::status "running the drill: ${upgrade} of ${servers} servers ${from} -> ${to}, ${hold_s}s per step, faults: ${faults}"
args=(upgrade -cluster-dir "${LOCAL_CLUSTER_DIR}" -load-balancer "$(kubecarry::cluster::lb_url)"
  -servers "$(IFS=,; echo "${urls[*]}")" -etcd "http://127.0.0.1:${ETCD_PORT}" -start-script "${KUBECARRY_ROOT}/hack/upgrade-drill.sh"
  -from "${from}" -to "${to}" -upgrade "${upgrade}" -hold "${hold_s}s" -faults "${faults}" -netcls-dir "${netcls}" -out "${out}")
[[ "${check}" == true ]] || args+=(-report-only)
rc=0
"${drill}" "${args[@]}" || rc=$?
exit "${rc}"
