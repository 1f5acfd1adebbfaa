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

# hack/conformance.sh against the kubeadm cluster (hack/kubeadm-cluster.sh
# up): capable is cp-1's kube-apiserver, older is cp-2's (made older by
# "up --disable-on-cp-2 batch/v1"), the images go into every node.

source "${KUBECARRY_ROOT}/hack/lib/release.sh"
source "${KUBECARRY_ROOT}/hack/lib/kubeadm-cluster.sh"
source "${KUBECARRY_ROOT}/hack/lib/kubeadm-cluster-upgrade.sh"

# kubecarry::conformance::admin_conf prints cp-1's admin.conf, as kubeadm
# wrote it.
kubecarry::conformance::admin_conf() {
  echo "$(kubecarry::kca::node_dir cp-1)/fs/etc-kubernetes/admin.conf"
}

# kubecarry::conformance::cluster_check <server...> fails unless a kubeadm
# cluster with the control planes those servers need runs.
kubecarry::conformance::cluster_check() {
  [[ -f "$(kubecarry::conformance::admin_conf)" ]] ||
    kubecarry::log::fatal "no kubeadm cluster in ${KUBEADM_CLUSTER_DIR}: start one with hack/kubeadm-cluster.sh up --control-planes 2 --workers 2 --disable-on-cp-2 batch/v1"
  [[ " $* " != *" older "* || -d "$(kubecarry::kca::node_dir cp-2)" ]] ||
    kubecarry::log::fatal "the kubeadm cluster has no cp-2, the older apiserver; use --through capable"
  KCNODE="$(kubecarry::golang::tool kcnode)"
}

# kubecarry::conformance::server_kubeconfig <capable|older> <file> writes
# admin.conf with the server's own address (kubeadm's serving certificate
# names each control plane's address).
kubecarry::conformance::server_kubeconfig() {
  local node=cp-1 cluster
  [[ "$1" != older ]] || node=cp-2
  cp "$(kubecarry::conformance::admin_conf)" "$2"
  cluster="$(kubecarry::json::get '{.clusters[0].name}' <"$2")"
  "${KUBECTL}" --kubeconfig "$2" config set-cluster "${cluster}" --server "https://$(kubecarry::kca::node_ip "${node}"):6443" >/dev/null ||
    kubecarry::log::fatal "cannot point $2 at ${node}"
}

# kubecarry::conformance::import_images <list> imports the images into
# every node (the suite schedules Pods on the workers and, with
# tolerations, on control planes).
kubecarry::conformance::import_images() {
  local n
  for n in $(kubecarry::kca::nodes); do
    kubecarry::kca::import "${n}" "$1"
  done
}
