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

# hack/conformance.sh against the local cluster (hack/local-up-cluster.sh):
# capable is server 1, older is server OLDER_APISERVER, the images go into
# every real node's containerd.

LOCAL_CLUSTER_DIR="${LOCAL_CLUSTER_DIR:-${KUBECARRY_ROOT}/_output/local-up-cluster}"
LOCAL_CLUSTER_NET="${LOCAL_CLUSTER_NET:-10.200.0}"
OLDER_APISERVER="${OLDER_APISERVER:-2}"
export LOCAL_CLUSTER_DIR LOCAL_CLUSTER_NET
source "${KUBECARRY_ROOT}/hack/lib/pki.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster.sh"

# kubecarry::conformance::cluster_check <server...> fails unless a local
# cluster with those servers runs.
kubecarry::conformance::cluster_check() {
  [[ "${OLDER_APISERVER}" != 0 ]] || [[ " $* " != *" older "* ]] ||
    kubecarry::log::fatal "the local cluster has no older apiserver (OLDER_APISERVER=0); use --through capable"
  [[ -f "$(kubecarry::cluster::kubeconfig)" && -f "$(kubecarry::cluster::pki)/admin.crt" ]] ||
    kubecarry::log::fatal "no local cluster in ${LOCAL_CLUSTER_DIR}: start one with hack/local-up-cluster.sh (or run this with its --run)"
}

# kubecarry::conformance::server_kubeconfig <capable|older> <file> writes a
# kubeconfig with the cluster's admin credentials and that server's own
# address.
kubecarry::conformance::server_kubeconfig() {
  local index=1 pki
  [[ "$1" != older ]] || index="${OLDER_APISERVER}"
  pki="$(kubecarry::cluster::pki)"
  kubecarry::pki::kubeconfig "$2" "$(kubecarry::cluster::apiserver_url "${index}")" \
    "${pki}/ca.crt" "${pki}/admin.crt" "${pki}/admin.key" admin
}

# kubecarry::conformance::import_images <list> imports the images into
# each node that runs Pods (those the cluster's state directory has).
kubecarry::conformance::import_images() {
  local j
  for j in $(kubecarry::nodes::present); do
    kubecarry::conformance::import "$(kubecarry::node::containerd_socket "${j}")" "$1"
  done
}
