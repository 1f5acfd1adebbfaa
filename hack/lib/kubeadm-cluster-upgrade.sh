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

# The kubeadm HA upgrade of test/kubeadm's clusters (hack/kubeadm-cluster.sh
# upgrade-step, upgrade-drill), the way kubeadm's upgrade guide sequences
# it: kubeadm's new release on a node first, "kubeadm upgrade apply" on the
# first control plane, "kubeadm upgrade node" on the others, then each
# node's kubelet (drain, new binary, restart, uncordon).

kubecarry::kca::upgrade_dir() { echo "${KUBEADM_CLUSTER_DIR}/upgrade/$1"; }

# kubecarry::kca::install_binary <from> <to> replaces a node's binary the
# way a package upgrade does: a new file renamed over the old one, so a
# running kubelet keeps its own until it restarts.
kubecarry::kca::install_binary() {
  cp "$1" "$2.new"
  mv -f "$2.new" "$2"
}

# kubecarry::kca::prepare_upgrade <version> [<pattern>] readies what a
# platform team has ready before an upgrade: kubeadm of <version> staged
# here (installed on a node by its step), the image repository switch of
# docs/deploy.md (kubecarry's repository holds no upstream release), run
# verbatim in cp-1, and the images kubeadm <version> names for the switched
# configuration (those matching the grep pattern, default all), imported on
# every node as a registry would serve them. make test's plan check needs
# only pause; the upgrade needs everything and the kubelet too.
kubecarry::kca::prepare_upgrade() {
  local version="$1" pattern="${2:-.}" dir n
  dir="$(kubecarry::kca::upgrade_dir "${version}")"
  mkdir -p "${dir}"
  cp "$(kubecarry::upstream::build kubeadm "${version}" | tail -n1)" "${dir}/kubeadm"
  [[ "${pattern}" != . ]] || cp "$(kubecarry::upstream::build kubelet "${version}" | tail -n1)" "${dir}/kubelet"
  kubecarry::kca::switch_image_repository "${dir}"
  kubecarry::kca::target_configuration "${version}" >"${dir}/cluster-configuration.yaml"
  kubecarry::kca::images "${dir}/kubeadm" "${dir}/cluster-configuration.yaml" "${dir}/images" "${pattern}"
  for n in $(kubecarry::kca::nodes); do
    kubecarry::log::status "importing the images of ${version} into ${n}"
    kubecarry::kca::import "${n}" "${dir}/images"
  done
}

# kubecarry::kca::switch_image_repository <dir> runs the image repository
# switch of docs/deploy.md verbatim in cp-1, in <dir>.
kubecarry::kca::switch_image_repository() {
  local dir="$1" out
  "${KCADM}" recipe --docs "${KUBECARRY_ROOT}/docs/deploy.md" --name kubeadm-upgrade-image-repository >"${dir}/switch.sh"
  kubecarry::log::status "switching the cluster's image repository as docs/deploy.md says"
  # shellcheck disable=SC2016 # $1 is the inner shell's.
  if ! out="$(kubecarry::kca::exec cp-1 env KUBECONFIG=/etc/kubernetes/admin.conf \
    bash -c 'cd "$1" && exec bash -euo pipefail ./switch.sh' switch "${dir}" 2>&1)"; then
    kubecarry::log::fatal "the image repository switch of docs/deploy.md failed: ${out}"
  fi
}

# kubecarry::kca::target_configuration <version> prints the cluster's
# ClusterConfiguration (kubeadm-config) at <version>: what kubeadm of that
# release will name images for.
kubecarry::kca::target_configuration() {
  kubecarry::kca::kubectl -n kube-system get configmap kubeadm-config -o jsonpath='{.data.ClusterConfiguration}' |
    sed "s|^kubernetesVersion: .*|kubernetesVersion: $1|"
}

# kubecarry::kca::nodes lists the cluster's nodes, control planes first.
kubecarry::kca::nodes() {
  local d
  for d in "${KUBEADM_CLUSTER_DIR}"/nodes/cp-* "${KUBEADM_CLUSTER_DIR}"/nodes/worker-*; do
    [[ ! -d "${d}" ]] || basename "${d}"
  done
}

# kubecarry::kca::upgrade_step <apply|node|kubelet> <node> <version> is one
# step of the guide on one node (prepare_upgrade first).
kubecarry::kca::upgrade_step() {
  local kind="$1" n="$2" version="$3" dir bin
  dir="$(kubecarry::kca::upgrade_dir "${version}")"
  bin="$(kubecarry::kca::node_dir "${n}")/fs/bin"
  [[ -x "${dir}/kubeadm" ]] || kubecarry::log::fatal "nothing staged for ${version}: run the upgrade through hack/kubeadm-cluster.sh upgrade-drill"
  case "${kind}" in
    apply)
      kubecarry::kca::install_binary "${dir}/kubeadm" "${bin}/kubeadm"
      kubecarry::kca::kubeadm "${n}" upgrade apply "${version}" --yes --ignore-preflight-errors "${KCA_IGNORE_PREFLIGHT}"
      ;;
    node)
      kubecarry::kca::install_binary "${dir}/kubeadm" "${bin}/kubeadm"
      kubecarry::kca::kubeadm "${n}" upgrade node --ignore-preflight-errors "${KCA_IGNORE_PREFLIGHT}"
      ;;
    kubelet)
      kubecarry::log::status "draining ${n}"
      # kubectl drain is idempotent: a restarting control plane may refuse
      # one attempt (see docs/kubeadm-cluster.md), as an operator's would.
      kubecarry::checks::eventually "${n} drained" kubecarry::kca::kubectl drain "${n}" --ignore-daemonsets --delete-emptydir-data --timeout=60s
      kubecarry::kca::install_binary "${dir}/kubelet" "${bin}/kubelet"
      kubecarry::kca::exec "${n}" systemctl daemon-reload
      kubecarry::kca::exec "${n}" systemctl restart kubelet
      kubecarry::kca::kubectl wait --for=jsonpath='{.status.nodeInfo.kubeletVersion}'="${version}" "node/${n}" --timeout=180s >/dev/null ||
        kubecarry::log::fatal "${n}'s kubelet did not report ${version}: $(tail -n 5 "$(kubecarry::kca::node_dir "${n}")/log/kubelet.log")"
      kubecarry::kca::kubectl wait --for=condition=Ready "node/${n}" --timeout=180s >/dev/null ||
        kubecarry::log::fatal "${n} is not Ready after its kubelet upgrade"
      # The new kubelet may start the node's static Pods again: the next
      # node waits until this control plane (and its etcd member) is ready,
      # or two etcd members could be down at once.
      if [[ "${n}" == cp-* ]]; then
        kubecarry::checks::eventually "${n}'s kube-apiserver is ready (its etcd member too)" \
          kubecarry::kca::cp_kubectl "${n}" get --raw /readyz
      fi
      kubecarry::checks::eventually "${n} uncordoned" kubecarry::kca::kubectl uncordon "${n}"
      ;;
    *) kubecarry::log::fatal "upgrade-step: unknown step '${kind}' (apply, node or kubelet)" ;;
  esac
}

# kubecarry::kca::upgrade_drill <from> <to> <hold> <faults> <check> builds
# a cluster of <from> (3 control planes, 1 worker), prepares <to> and runs
# the drill's kubeadm-upgrade scenario (test/drill/scenario) through
# HAProxy; the drill calls back "hack/kubeadm-cluster.sh upgrade-step" for
# each step. Output: _output/drill/kubeadm-upgrade-<from>-to-<to>[-<fault>].
kubecarry::kca::upgrade_drill() {
  local from="$1" to="$2" hold="$3" faults="$4" check="$5" out drill pki
  out="${KUBECARRY_OUTPUT}/drill/kubeadm-upgrade-${from}-to-${to}"
  [[ "${faults}" == none ]] || out+="-${faults}"
  mkdir -p "${out}"
  rm -f "${out}"/{history.json,report.json,report.txt}
  drill="${out}/drill"
  (cd "${KUBECARRY_ROOT}" && GOFLAGS=-mod=vendor kubecarry::golang::at_stable_path go build -o "${drill}" ./test/drill/cmd/drill) ||
    kubecarry::log::fatal "building test/drill/cmd/drill failed"
  # Built (or found in the cache) before the cluster starts.
  kubecarry::upstream::build kubeadm "${to}" >/dev/null
  kubecarry::upstream::build kubelet "${to}" >/dev/null
  kubecarry::kca::up "${from}" 3 1 ""
  kubecarry::kca::prepare_upgrade "${to}"
  pki="$(kubecarry::kca::node_dir cp-1)/fs/etc-kubernetes/pki"
  local cps=() worker_nodes=() etcd=() n ip
  for n in $(kubecarry::kca::nodes); do
    ip="$(kubecarry::kca::node_ip "${n}")"
    if [[ "${n}" == cp-* ]]; then
      cps+=("${n}=${ip}=kca-${n}")
      etcd+=("https://${ip}:2379")
    else
      worker_nodes+=("${n}=${ip}=kca-${n}")
    fi
  done
  local args=(kubeadm-upgrade -kubeconfig "$(kubecarry::kca::node_dir cp-1)/fs/etc-kubernetes/admin.conf"
    -load-balancer "https://${KCA_HOST_IP}:6443" -etcd "$(IFS=,; echo "${etcd[*]}")"
    -etcd-ca "${pki}/etcd/ca.crt" -etcd-cert "${pki}/apiserver-etcd-client.crt" -etcd-key "${pki}/apiserver-etcd-client.key"
    -step-command "${KUBECARRY_ROOT}/hack/kubeadm-cluster.sh upgrade-step"
    -control-planes "$(IFS=,; echo "${cps[*]}")" -workers "$(IFS=,; echo "${worker_nodes[*]}")"
    -from "$(kubecarry::kca::release_name "${from}")" -to "${to}" -hold "${hold}" -faults "${faults}" -out "${out}")
  [[ "${check}" == true ]] || args+=(-report-only)
  kubecarry::log::status "running the drill: kubeadm upgrade ${from} -> ${to}, ${hold} per step, faults: ${faults}"
  "${drill}" "${args[@]}"
}

# kubecarry::kca::release_name <release> names a cluster's release in the
# report: kubecarry's version, or the upstream release.
kubecarry::kca::release_name() {
  if [[ "$1" == kubecarry ]]; then
    kubecarry::version::get_version_vars
    echo "${KUBE_GIT_VERSION}"
  else
    echo "$1"
  fi
}
