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

# Builds a Kubernetes cluster with kubeadm the way a platform team does,
# on one machine without Docker (nodes as kind makes them: see
# hack/lib/kubeadm-cluster.sh and test/kubeadm/node): HAProxy as the
# controlPlaneEndpoint, "kubeadm init --upload-certs" on cp-1 with the
# ClusterConfiguration of docs/deploy.md byte for byte, "kubeadm join
# --control-plane" for the other control planes, "kubeadm join" for the
# workers. Images are kubecarry's release (make release) and the rest
# kubeadm names, built here under those names. Needs root.
#
# Usage: hack/kubeadm-cluster.sh up [--from R] [--control-planes N] [--workers N] [--disable-on-cp-2 GROUP/VERSION]
#        hack/kubeadm-cluster.sh test
#        hack/kubeadm-cluster.sh upgrade-drill [--from R] [--to vX.Y.Z] [--duration-per-step D] [--faults F] [--check]
#        hack/kubeadm-cluster.sh down
#        hack/kubeadm-cluster.sh kubectl ARGS...     (cp-1's admin.conf, through the load balancer)
#        hack/kubeadm-cluster.sh exec NODE -- COMMAND...
#   --from R                kubecarry (default: the docs' recipe, kubecarry's images) or an upstream release
#                           vX.Y.Z (kubeadm's default configuration, upstream's images)
#   --control-planes N      control planes cp-1..cp-N (default 3)
#   --workers N             workers worker-1..worker-N (default 1)
#   --disable-on-cp-2 GV    cp-2's kube-apiserver runs with --runtime-config=GV=false, set by a kubeadm
#                           patch of that node only: requests for GV through it need the peer proxy
#   test                    make test's short check: 2 control planes (batch/v1 off on cp-2) and a worker;
#                           kube-proxy, CoreDNS, a Service answering from worker-1, the peer proxy
#                           through cp-2, "kubeadm upgrade plan" of the next minor; then down
#   upgrade-drill           3 control planes and a worker of --from, upgraded to --to (default v1.36.3)
#                           as kubeadm's HA upgrade guide says, under the drill's workload through
#                           HAProxy (test/drill, scenario kubeadm-upgrade); --faults none|kill|partition
#                           (default none), --duration-per-step (default 30s), --check fails the run
#                           unless kubecarry's guarantees hold; then down. Output:
#                           _output/drill/kubeadm-upgrade-<from>-to-<to>[-<fault>]/
# Env: KUBEADM_CLUSTER_DIR (default _output/kubeadm-cluster), KUBEADM_VERSION (kubeadm, kubelet and
#      kubectl, default the upstream version kubecarry carries)

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
source "${KUBECARRY_ROOT}/hack/lib/release.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster-lb.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster-checks.sh"
source "${KUBECARRY_ROOT}/hack/lib/cgroups.sh"
source "${KUBECARRY_ROOT}/hack/lib/kubeadm-cluster.sh"
source "${KUBECARRY_ROOT}/hack/lib/kubeadm-cluster-up.sh"
source "${KUBECARRY_ROOT}/hack/lib/kubeadm-cluster-upgrade.sh"
source "${KUBECARRY_ROOT}/hack/lib/kubeadm-cluster-checks.sh"
source "${KUBECARRY_ROOT}/hack/lib/pki.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster-extension-checks.sh"

usage() {
  sed -n '/^# Usage:/,/^# Env:/p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit "${1:-2}"
}

[[ $# -gt 0 ]] || usage
command="$1"
shift
[[ "${command}" != -h && "${command}" != --help ]] || usage 0
[[ "$(id -u)" -eq 0 ]] || kubecarry::log::fatal "hack/kubeadm-cluster.sh needs root (network and mount namespaces, cgroups)"
UPSTREAM_VERSION="$(kubecarry::version::upstream)"
KUBEADM_VERSION="${KUBEADM_VERSION:-${UPSTREAM_VERSION}}"
KUBECARRY_CRICTL_VERSION="${KUBECARRY_CRICTL_VERSION:-v1.34.0}"
KCNODE="$(kubecarry::golang::tool kcnode)"
KCADM="$(kubecarry::golang::tool kcadm)"
export KUBEADM_CLUSTER_DIR

release_re='^v1\.[0-9]+\.[0-9]+$'
case "${command}" in
  down)
    kubecarry::kca::down
    exit 0
    ;;
  kubectl)
    kubecarry::kca::kubectl "$@"
    exit
    ;;
  exec)
    [[ $# -ge 3 && "$2" == "--" ]] || usage
    n="$1"
    shift 2
    kubecarry::kca::exec "${n}" "$@"
    exit
    ;;
  upgrade-step)
    # The drill's callback: upgrade-step apply|node|kubelet <node> <version>.
    [[ $# -eq 3 ]] || usage
    kubecarry::version::get_version_vars
    kubecarry::kca::upgrade_step "$@"
    exit
    ;;
  test)
    [[ $# -eq 0 ]] || usage
    trap kubecarry::kca::down EXIT
    kubecarry::kca::up kubecarry 2 1 batch/v1
    failed=0
    kubecarry::kca::check_addons || failed=1
    kubecarry::kca::check_service worker-1 || failed=1
    kubecarry::kca::check_peer_proxy cp-2 batch/v1 || failed=1
    kubecarry::kca::check_extensions worker-1 || failed=1
    kubecarry::kca::check_upgrade_plan v1.36.3 || failed=1
    ((failed == 0)) || kubecarry::log::fatal "the kubeadm cluster failed a check (its state: ${KUBEADM_CLUSTER_DIR})"
    kubecarry::log::status "the kubeadm cluster passed every check"
    exit 0
    ;;
  upgrade-drill)
    from=kubecarry to=v1.36.3 hold=30s faults=none check=false
    while [[ $# -gt 0 ]]; do
      case "$1" in
        --from) from="${2:?--from needs kubecarry or a release}"; shift 2 ;;
        --to) to="${2:?--to needs a release}"; shift 2 ;;
        --duration-per-step) hold="${2:?--duration-per-step needs a duration}"; shift 2 ;;
        --faults) faults="${2:?--faults needs none, kill or partition}"; shift 2 ;;
        --check) check=true; shift ;;
        *) kubecarry::log::error "unknown flag $1"; usage ;;
      esac
    done
    [[ "${from}" == kubecarry || "${from}" =~ ${release_re} ]] || kubecarry::log::fatal "--from must be kubecarry or an upstream release like v1.35.8, not '${from}'"
    [[ "${to}" =~ ${release_re} ]] || kubecarry::log::fatal "--to must be an upstream release like v1.36.3, not '${to}'"
    case "${faults}" in none | kill | partition) ;; *) kubecarry::log::fatal "--faults must be none, kill or partition, not '${faults}'" ;; esac
    trap kubecarry::kca::down EXIT
    trap 'exit 130' INT TERM
    kubecarry::kca::upgrade_drill "${from}" "${to}" "${hold}" "${faults}" "${check}"
    exit
    ;;
  up) ;;
  *) usage ;;
esac

from=kubecarry control_planes=3 workers=1 disable=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --from) from="${2:?--from needs kubecarry or a release}"; shift 2 ;;
    --control-planes) control_planes="${2:?--control-planes needs a number}"; shift 2 ;;
    --workers) workers="${2:?--workers needs a number}"; shift 2 ;;
    --disable-on-cp-2) disable="${2:?--disable-on-cp-2 needs a group/version}"; shift 2 ;;
    -h | --help) usage 0 ;;
    *) kubecarry::log::error "unknown flag $1"; usage ;;
  esac
done
[[ "${from}" == kubecarry || "${from}" =~ ${release_re} ]] || kubecarry::log::fatal "--from must be kubecarry or an upstream release like v1.35.8, not '${from}'"
[[ "${control_planes}" =~ ^[1-9]$ && "${workers}" =~ ^[0-9]$ ]] || kubecarry::log::fatal "--control-planes must be 1-9 and --workers 0-9"
[[ -z "${disable}" || "${control_planes}" -ge 2 ]] || kubecarry::log::fatal "--disable-on-cp-2 needs at least 2 control planes"
kubecarry::kca::up "${from}" "${control_planes}" "${workers}" "${disable}"
kubecarry::kca::kubectl get nodes -o wide
cat <<EOM

The cluster is up (state in ${KUBEADM_CLUSTER_DIR}):
  hack/kubeadm-cluster.sh kubectl get pods -A
  hack/kubeadm-cluster.sh exec cp-2 -- crictl ps
  hack/kubeadm-cluster.sh down
EOM
