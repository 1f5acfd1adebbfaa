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

# kubecarry::kca::up <release> <control planes> <workers> <group/version>
# builds a kubeadm cluster (hack/kubeadm-cluster.sh up): HAProxy, the
# nodes, "kubeadm init --upload-certs" on cp-1, "kubeadm join
# [--control-plane]" on the others, every node Ready. <release> is
# "kubecarry" (the docs' recipe byte for byte, kubecarry's release images)
# or an upstream release vX.Y.Z (kubeadm's default configuration with the
# same endpoint, upstream's images built here); a non-empty <group/version>
# is turned off on cp-2's kube-apiserver by a kubeadm patch of that node.
kubecarry::kca::up() {
  local release="$1" control_planes="$2" workers="$3" disable="$4" i n
  local nodes=()
  for ((i = 1; i <= control_planes; i++)); do nodes+=("cp-${i}"); done
  for ((i = 1; i <= workers; i++)); do nodes+=("worker-${i}"); done
  kubecarry::kca::down
  rm -rf "${KUBEADM_CLUSTER_DIR}/logs"
  mkdir -p "${KUBEADM_CLUSTER_DIR}/nodes"
  kubecarry::version::get_version_vars
  # A tree with uncommitted changes (-dirty) uses the release of its commit.
  if [[ -z "${KUBECARRY_RELEASE_DIR:-}" ]]; then
    local candidate
    for candidate in "${KUBE_GIT_VERSION}" "${KUBE_GIT_VERSION%-dirty}"; do
      [[ ! -d "${KUBECARRY_OUTPUT}/release/${candidate}" ]] || { KUBECARRY_RELEASE_DIR="${KUBECARRY_OUTPUT}/release/${candidate}"; break; }
    done
  fi
  KUBECARRY_RELEASE_DIR="${KUBECARRY_RELEASE_DIR:-}"
  [[ -n "${KUBECARRY_RELEASE_DIR}" ]] || kubecarry::log::fatal "no release of ${KUBE_GIT_VERSION} in _output/release: build it with 'KUBE_BUILD_PLATFORMS=linux/amd64 make release'"
  kubecarry::kca::tools
  kubecarry::cgroups::mount_missing
  if [[ "${release}" == kubecarry ]]; then
    "${KCADM}" recipe --docs "${KUBECARRY_ROOT}/docs/deploy.md" >"${KUBEADM_CLUSTER_DIR}/recipe.yaml"
  else
    "${KCADM}" default-config --kubernetes-version "${release}" \
      --control-plane-endpoint "$(kubecarry::kca::endpoint "${KUBECARRY_ROOT}/docs/deploy.md")" >"${KUBEADM_CLUSTER_DIR}/recipe.yaml"
  fi
  "${KCADM}" credentials >"${KUBEADM_CLUSTER_DIR}/credentials"
  local token key ignore dir ca flags patches
  token="$(sed -n 1p "${KUBEADM_CLUSTER_DIR}/credentials")" key="$(sed -n 2p "${KUBEADM_CLUSTER_DIR}/credentials")"
  ignore="${KCA_IGNORE_PREFLIGHT}"
  node_config() { # <node> <init-config|join-config> [flags...]
    local n="$1" kind="$2"
    shift 2
    "${KCADM}" "${kind}" --recipe "${KUBEADM_CLUSTER_DIR}/recipe.yaml" --node "${n}" --ip "$(kubecarry::kca::node_ip "${n}")" \
      --token "${token}" --certificate-key "${key}" --ignore-preflight-errors "${ignore}" "$@" \
      >"$(kubecarry::kca::node_dir "${n}")/kubeadm.yaml"
  }
  mkdir -p "$(kubecarry::kca::node_dir cp-1)"
  node_config cp-1 init-config
  kubecarry::kca::images "${KUBEADM_BINARY}" "$(kubecarry::kca::node_dir cp-1)/kubeadm.yaml" "${KUBEADM_CLUSTER_DIR}/images/list"

  kubecarry::kca::network
  kubecarry::kca::load_balancer "${nodes[@]:0:${control_planes}}"
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
  echo "${release}" >"${KUBEADM_CLUSTER_DIR}/release"
}

# kubecarry::kca::endpoint <docs> prints the recipe's controlPlaneEndpoint:
# the upstream side of a comparison uses the same load balancer name.
kubecarry::kca::endpoint() {
  "${KCADM}" recipe --docs "$1" | sed -n 's/^controlPlaneEndpoint: *\([^ #]*\).*/\1/p'
}
