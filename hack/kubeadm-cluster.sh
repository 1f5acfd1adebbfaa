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
# Usage: hack/kubeadm-cluster.sh up [--control-planes N] [--workers N] [--disable-on-cp-2 GROUP/VERSION]
#        hack/kubeadm-cluster.sh down
#        hack/kubeadm-cluster.sh kubectl ARGS...     (cp-1's admin.conf, through the load balancer)
#        hack/kubeadm-cluster.sh exec NODE -- COMMAND...
#   --control-planes N      control planes cp-1..cp-N (default 3)
#   --workers N             workers worker-1..worker-N (default 1)
#   --disable-on-cp-2 GV    cp-2's kube-apiserver runs with --runtime-config=GV=false, set by a kubeadm
#                           patch of that node only: requests for GV through it need the peer proxy
# Env: KUBEADM_CLUSTER_DIR (default _output/kubeadm-cluster), KUBEADM_VERSION (kubeadm, kubelet and
#      kubectl, default the upstream version kubecarry carries)

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
source "${KUBECARRY_ROOT}/hack/lib/release.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster-lb.sh"
source "${KUBECARRY_ROOT}/hack/lib/kubeadm-cluster.sh"

usage() {
  sed -n '/^# Usage:/,/^# Env:/p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit "${1:-2}"
}

[[ $# -gt 0 ]] || usage
command="$1"
shift
[[ "$(id -u)" -eq 0 ]] || kubecarry::log::fatal "hack/kubeadm-cluster.sh needs root (network and mount namespaces, cgroups)"
UPSTREAM_VERSION="$(kubecarry::version::upstream)"
KUBEADM_VERSION="${KUBEADM_VERSION:-${UPSTREAM_VERSION}}"
KUBECARRY_CRICTL_VERSION="${KUBECARRY_CRICTL_VERSION:-v1.34.0}"
KCNODE="$(kubecarry::golang::tool kcnode)"

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
  up) ;;
  -h | --help) usage 0 ;;
  *) usage ;;
esac

control_planes=3 workers=1 disable=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --control-planes) control_planes="${2:?--control-planes needs a number}"; shift 2 ;;
    --workers) workers="${2:?--workers needs a number}"; shift 2 ;;
    --disable-on-cp-2) disable="${2:?--disable-on-cp-2 needs a group/version}"; shift 2 ;;
    -h | --help) usage 0 ;;
    *) kubecarry::log::error "unknown flag $1"; usage ;;
  esac
done
[[ "${control_planes}" =~ ^[1-9]$ && "${workers}" =~ ^[0-9]$ ]] || kubecarry::log::fatal "--control-planes must be 1-9 and --workers 0-9"
[[ -z "${disable}" || "${control_planes}" -ge 2 ]] || kubecarry::log::fatal "--disable-on-cp-2 needs at least 2 control planes"
nodes=()
for ((i = 1; i <= control_planes; i++)); do nodes+=("cp-${i}"); done
for ((i = 1; i <= workers; i++)); do nodes+=("worker-${i}"); done

kubecarry::kca::down
mkdir -p "${KUBEADM_CLUSTER_DIR}/nodes"
kubecarry::version::get_version_vars
KUBECARRY_RELEASE_DIR="${KUBECARRY_RELEASE_DIR:-$(ls -d "${KUBECARRY_OUTPUT}/release/${KUBE_GIT_VERSION}" 2>/dev/null || true)}"
[[ -n "${KUBECARRY_RELEASE_DIR}" ]] || kubecarry::log::fatal "no release of ${KUBE_GIT_VERSION} in _output/release: build it with 'KUBE_BUILD_PLATFORMS=linux/amd64 make release'"
kubecarry::kca::tools
"${KCADM}" recipe --docs "${KUBECARRY_ROOT}/docs/deploy.md" >"${KUBEADM_CLUSTER_DIR}/recipe.yaml"
"${KCADM}" credentials >"${KUBEADM_CLUSTER_DIR}/credentials"
token="$(sed -n 1p "${KUBEADM_CLUSTER_DIR}/credentials")" key="$(sed -n 2p "${KUBEADM_CLUSTER_DIR}/credentials")"
# Each names a preflight check that fails only because of this machine:
# cgroup v1 (kubelet is told failCgroupV1: false by the node's drop-in).
ignore=SystemVerification
node_config() { # <node> <init-config|join-config> [flags...]
  local n="$1" kind="$2"
  shift 2
  "${KCADM}" "${kind}" --recipe "${KUBEADM_CLUSTER_DIR}/recipe.yaml" --node "${n}" --ip "$(kubecarry::kca::node_ip "${n}")" \
    --token "${token}" --certificate-key "${key}" --ignore-preflight-errors "${ignore}" "$@" \
    >"$(kubecarry::kca::node_dir "${n}")/kubeadm.yaml"
}
mkdir -p "$(kubecarry::kca::node_dir cp-1)"
node_config cp-1 init-config
kubecarry::kca::images "$(kubecarry::kca::node_dir cp-1)/kubeadm.yaml"

kubecarry::kca::network
control_plane_nodes=("${nodes[@]:0:${control_planes}}")
kubecarry::kca::load_balancer "${control_plane_nodes[@]}"
for n in "${nodes[@]}"; do kubecarry::kca::node_up "${n}" "${nodes[@]}"; done

dir="$(kubecarry::kca::node_dir cp-1)"
kubecarry::kca::kubeadm cp-1 init --config "${dir}/kubeadm.yaml" --upload-certs
ca="${dir}/fs/etc-kubernetes/pki/ca.crt"
for n in "${nodes[@]:1}"; do
  flags=(--ca "${ca}")
  [[ "${n}" != cp-* ]] || flags+=(--control-plane)
  if [[ "${n}" == cp-2 && -n "${disable}" ]]; then
    patches="$(kubecarry::kca::node_dir cp-2)/patches"
    mkdir -p "${patches}"
    printf '[{"op": "add", "path": "/spec/containers/0/command/-", "value": "--runtime-config=%s=false"}]\n' "${disable}" \
      >"${patches}/kube-apiserver+json.json"
    flags+=(--patches "${patches}")
  fi
  node_config "${n}" join-config "${flags[@]}"
  kubecarry::kca::kubeadm "${n}" join --config "$(kubecarry::kca::node_dir "${n}")/kubeadm.yaml"
done
kubecarry::log::status "waiting for every node to be Ready"
kubecarry::kca::kubectl wait --for=condition=Ready node --all --timeout=180s >/dev/null ||
  kubecarry::log::fatal "not every node became Ready: $(kubecarry::kca::kubectl get nodes 2>&1)"
kubecarry::kca::kubectl get nodes -o wide
cat <<EOM

The cluster is up (state in ${KUBEADM_CLUSTER_DIR}):
  hack/kubeadm-cluster.sh kubectl get pods -A
  hack/kubeadm-cluster.sh exec cp-2 -- crictl ps
  hack/kubeadm-cluster.sh down
EOM
