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

# What turns the local cluster's control plane into one that runs Pods,
# besides the node (hack/lib/local-cluster-node.sh): the upstream parts
# kubecarry does not patch (kubelet, kube-scheduler, kubectl, of
# KUBECARRY_NODE_VERSION) and the programs from the Go module proxy
# (crictl, CoreDNS), all built once and cached; kube-scheduler; and the DNS
# add-on.

# The release of the unpatched upstream parts: kubecarry's own upstream.
KUBECARRY_NODE_VERSION="${KUBECARRY_NODE_VERSION:-$(kubecarry::version::upstream)}"
readonly KUBECARRY_CRICTL_VERSION="${KUBECARRY_CRICTL_VERSION:-v1.34.0}"
readonly KUBECARRY_DNS_SERVICE_IP=10.0.0.10

# kubecarry::addons::binaries builds (or finds cached) what the node and the
# user need, and links kubectl and crictl into <LOCAL_CLUSTER_DIR>/bin for
# the summary's PATH.
kubecarry::addons::binaries() {
  # shellcheck disable=SC2034 # kubecarry::node::kubelet reads it.
  KUBELET_BINARY="$(kubecarry::upstream::build kubelet "${KUBECARRY_NODE_VERSION}" | tail -n1)"
  SCHEDULER_BINARY="$(kubecarry::upstream::build kube-scheduler "${KUBECARRY_NODE_VERSION}" | tail -n1)"
  KUBECTL_BINARY="$(kubecarry::upstream::build kubectl "${KUBECARRY_NODE_VERSION}" | tail -n1)"
  CRICTL_BINARY="$(kubecarry::upstream::go_install sigs.k8s.io/cri-tools/cmd/crictl "${KUBECARRY_CRICTL_VERSION}" | tail -n1)"
  # shellcheck disable=SC2034 # kubecarry::images::build reads it.
  COREDNS_BINARY="$(kubecarry::upstream::go_install github.com/coredns/coredns "${KUBECARRY_COREDNS_VERSION}" | tail -n1)"
  kubecarry::images::build
}

# kubecarry::addons::link_tools puts kubectl and crictl in one directory
# for PATH.
kubecarry::addons::link_tools() {
  mkdir -p "${LOCAL_CLUSTER_DIR}/bin"
  ln -sf "${KUBECTL_BINARY}" "${LOCAL_CLUSTER_DIR}/bin/kubectl"
  ln -sf "${CRICTL_BINARY}" "${LOCAL_CLUSTER_DIR}/bin/crictl"
}

# kubecarry::addons::kubectl <args...> runs the built kubectl as the admin.
kubecarry::addons::kubectl() {
  "${KUBECTL_BINARY}" --kubeconfig="$(kubecarry::cluster::kubeconfig)" "$@"
}

# kubecarry::addons::scheduler starts upstream's kube-scheduler.
kubecarry::addons::scheduler() {
  local pki gw kubeconfig="${LOCAL_CLUSTER_DIR}/kube-scheduler.kubeconfig"
  pki="$(kubecarry::cluster::pki)"
  gw="$(kubecarry::cluster::gateway_ip)"
  kubecarry::cluster::port_free "${gw}" 10259 kube-scheduler
  kubecarry::log::status "starting kube-scheduler $("${SCHEDULER_BINARY}" --version | awk '{print $2}') (upstream) on https://${gw}:10259"
  kubecarry::cluster::start kube-scheduler "${SCHEDULER_BINARY}" "${SCHEDULER_BINARY}" \
    --kubeconfig="${kubeconfig}" \
    --authentication-kubeconfig="${kubeconfig}" --authorization-kubeconfig="${kubeconfig}" \
    --client-ca-file="${pki}/ca.crt" \
    --bind-address="${gw}" --secure-port=10259 \
    --tls-cert-file="${pki}/controller-managers.crt" --tls-private-key-file="${pki}/controller-managers.key"
  kubecarry::cluster::wait_ready kube-scheduler "healthy" kubecarry::cluster::curl "https://${gw}:10259/healthz"
}

# kubecarry::addons::dns applies CoreDNS and waits until it serves.
kubecarry::addons::dns() {
  kubecarry::log::status "deploying CoreDNS ${KUBECARRY_COREDNS_VERSION} (Service kube-system/kube-dns, ${KUBECARRY_DNS_SERVICE_IP})"
  local out
  if ! out="$(sed -e "s|__DNS_SERVER_IP__|${KUBECARRY_DNS_SERVICE_IP}|" -e "s|__COREDNS_IMAGE__|$(kubecarry::images::ref coredns)|" \
    "${KUBECARRY_ROOT}/cluster/addons/dns/coredns.yaml" | kubecarry::addons::kubectl apply -f - 2>&1)"; then
    kubecarry::log::fatal "applying cluster/addons/dns/coredns.yaml failed: ${out}"
  fi
  kubecarry::cluster::wait_ready kubelet "running CoreDNS (Deployment kube-system/coredns available)" \
    kubecarry::addons::kubectl -n kube-system rollout status deployment/coredns --timeout=5s
}

# kubecarry::addons::cached_crictl prints the cached crictl's path, if one
# was built (tear-down without building anything).
kubecarry::addons::cached_crictl() {
  local bin
  bin="$(kubecarry::upstream::go_install_path sigs.k8s.io/cri-tools/cmd/crictl "${KUBECARRY_CRICTL_VERSION}")"
  [[ ! -x "${bin}" ]] || echo "${bin}"
}
