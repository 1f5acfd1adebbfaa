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

# The cloud provider's part of the local cluster (hack/lib/local-cluster.sh):
# the kubecarry provider's inventory, the CCM's RBAC manifest, the
# cloud-controller-manager itself and the Node objects it initialises.

# kubecarry::cluster::cloud_config writes the provider's inventory: every
# Node with its InternalIP, routes in the node-1 namespace.
kubecarry::cluster::cloud_config() {
  local file="$1" j
  {
    echo "region: local"
    echo "zone: local-a"
    echo "routeTable:"
    echo "  type: netlink"
    echo "  destinationCIDRs: [${KUBECARRY_CLUSTER_CIDR}]"
    echo "  netlink:"
    echo "    table: ${KUBECARRY_ROUTE_TABLE}"
    echo "    protocol: ${KUBECARRY_ROUTE_PROTOCOL}"
    echo "    netns: /run/netns/$(kubecarry::cluster::netns)"
    echo "instances:"
    for ((j = 1; j <= NODES; j++)); do
      echo "- name: node-${j}"
      echo "  type: local.vm"
      echo "  addresses:"
      echo "  - {type: InternalIP, address: $(kubecarry::cluster::node_ip "${j}")}"
      echo "  - {type: Hostname, address: node-${j}}"
    done
  } >"${file}"
}

# kubecarry::cluster::apply_manifest <file> creates each object of a
# multi-document YAML manifest of the kinds the CCM's RBAC uses (there is no
# kubectl here), each document sent as JSON.
kubecarry::cluster::apply_manifest() {
  local file="$1" url docs
  url="$(kubecarry::cluster::apiserver_url 1)"
  docs="$(kubecarry::json::get -o json '{@}' <"${file}")" || kubecarry::log::fatal "${file} is not a YAML manifest"
  local doc kind ns path
  while IFS= read -r doc; do
    kind="$(kubecarry::json::get .kind <<<"${doc}")" || kubecarry::log::fatal "${file}: a document without kind: ${doc}"
    ns="$(kubecarry::json::get -allow-missing .metadata.namespace <<<"${doc}")"
    case "${kind}" in
      ServiceAccount) path="/api/v1/namespaces/${ns}/serviceaccounts" ;;
      ClusterRole) path="/apis/rbac.authorization.k8s.io/v1/clusterroles" ;;
      ClusterRoleBinding) path="/apis/rbac.authorization.k8s.io/v1/clusterrolebindings" ;;
      Role) path="/apis/rbac.authorization.k8s.io/v1/namespaces/${ns}/roles" ;;
      RoleBinding) path="/apis/rbac.authorization.k8s.io/v1/namespaces/${ns}/rolebindings" ;;
      *) kubecarry::log::fatal "${file}: cannot apply kind ${kind} (no kubectl here)" ;;
    esac
    kubecarry::cluster::curl -o /dev/null -X POST -H 'Content-Type: application/json' \
      --data-binary @- "${url}${path}" <<<"${doc}" || kubecarry::log::fatal "${file}: creating a ${kind} failed"
  done <<<"${docs}"
}

# kubecarry::cluster::cloud_controller_manager runs the CCM under exactly
# the RBAC of its manifest, as ServiceAccount kube-system/cloud-controller-manager.
kubecarry::cluster::cloud_controller_manager() {
  local pki gw url
  pki="$(kubecarry::cluster::pki)"
  gw="$(kubecarry::cluster::gateway_ip)"
  url="$(kubecarry::cluster::apiserver_url 1)"
  kubecarry::cluster::apply_manifest "${KUBECARRY_ROOT}/cmd/cloud-controller-manager/deploy/rbac.yaml"
  local answer="" token=""
  if ! answer="$(kubecarry::cluster::curl -X POST -H 'Content-Type: application/json' \
    --data '{"apiVersion":"authentication.k8s.io/v1","kind":"TokenRequest","spec":{"expirationSeconds":86400}}' \
    "${url}/api/v1/namespaces/kube-system/serviceaccounts/cloud-controller-manager/token")" ||
    ! token="$(kubecarry::json::get .status.token <<<"${answer}")" || [[ -z "${token}" ]]; then
    kubecarry::log::fatal "could not get a token for ServiceAccount kube-system/cloud-controller-manager: ${answer}"
  fi
  local kubeconfig="${LOCAL_CLUSTER_DIR}/cloud-controller-manager.kubeconfig"
  kubecarry::pki::token_kubeconfig "${kubeconfig}" "${url}" "${pki}/ca.crt" "${token}" cloud-controller-manager
  kubecarry::cluster::cloud_config "${LOCAL_CLUSTER_DIR}/cloud-config.yaml"
  kubecarry::cluster::port_free "${gw}" 10258 cloud-controller-manager
  kubecarry::log::status "starting cloud-controller-manager on https://${gw}:10258"
  kubecarry::cluster::start cloud-controller-manager "${KUBECARRY_OUTPUT}/bin/cloud-controller-manager" \
    "${KUBECARRY_OUTPUT}/bin/cloud-controller-manager" \
    --cloud-provider=kubecarry --cloud-config="${LOCAL_CLUSTER_DIR}/cloud-config.yaml" \
    --kubeconfig="${kubeconfig}" \
    --authentication-kubeconfig="${kubeconfig}" --authorization-kubeconfig="${kubeconfig}" \
    --client-ca-file="${pki}/ca.crt" \
    --requestheader-client-ca-file="${pki}/front-proxy-ca.crt" \
    --bind-address="${gw}" --secure-port=10258 \
    --tls-cert-file="${pki}/controller-managers.crt" --tls-private-key-file="${pki}/controller-managers.key" \
    --cluster-cidr="${KUBECARRY_CLUSTER_CIDR}" --configure-cloud-routes=true \
    --controllers=cloud-node,cloud-node-lifecycle,route
  kubecarry::cluster::wait_ready cloud-controller-manager "healthy" kubecarry::cluster::curl "https://${gw}:10258/healthz"
}

# kubecarry::cluster::nodes registers the Node objects before any kubelet
# runs, tainted the way a kubelet with --cloud-provider=external taints
# them, so the CCM initialises them. The real nodes' kubelets take theirs
# over; the others have no kubelet, and KUBECARRY_NO_KUBELET_TAINT keeps
# Pods off them.
readonly KUBECARRY_NO_KUBELET_TAINT=node.kubecarry.io/no-kubelet
kubecarry::cluster::nodes() {
  local url j taints
  url="$(kubecarry::cluster::apiserver_url 1)"
  kubecarry::log::status "registering ${NODES} Nodes (node-1 ... node-${REAL_NODES} run a kubelet, the others are registered only)"
  for ((j = 1; j <= NODES; j++)); do
    taints='{"key":"node.cloudprovider.kubernetes.io/uninitialized","value":"true","effect":"NoSchedule"}'
    ((j <= REAL_NODES)) || taints+=',{"key":"'"${KUBECARRY_NO_KUBELET_TAINT}"'","effect":"NoSchedule"}'
    kubecarry::cluster::curl -o /dev/null -X POST -H 'Content-Type: application/json' "${url}/api/v1/nodes" --data @- <<JSON ||
{"apiVersion":"v1","kind":"Node","metadata":{"name":"node-${j}","labels":{"kubernetes.io/hostname":"node-${j}"}},
 "spec":{"taints":[${taints}]}}
JSON
      kubecarry::log::fatal "registering Node node-${j} failed"
  done
}
