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

# The local cluster of hack/local-up-cluster.sh: layout and start-up. The
# processes and their tear-down are in local-cluster-processes.sh, the cloud
# provider's part (inventory, RBAC, CCM, Nodes) in local-cluster-cloud.sh,
# both sourced here; the checks it prints and runs are in
# local-cluster-checks.sh.
#
# Layout (NET is LOCAL_CLUSTER_NET, PREFIX is LOCAL_CLUSTER_PREFIX):
#   - the host's bridge PREFIX-host (NET.1) is the cluster's network;
#     network namespace PREFIX-node-j holds real Node node-j (NET.100+j)
#     and its kube-proxy, linked to the bridge by a veth pair (host end
#     PREFIX-vj), for j = 1 ... REAL_NODES (default 1);
#   - the bridge also carries one address per kube-apiserver (NET.11...,
#     the upstream peer NET.20), so every server has its own advertise
#     address and the "kubernetes" Service has one endpoint per server;
#   - each kube-apiserver runs in its own UTS namespace with its own host
#     name, which is where its apiserver identity comes from;
#   - the real nodes (hack/lib/local-cluster-node.sh): containerd, kubelet
#     and a bridge CNI network in each one's namespace run its Pods;
#   - Nodes node-(REAL_NODES+1)... are API objects only, tainted so that
#     nothing is scheduled to them; the cloud provider routes every Node's
#     Pod CIDR via its InternalIP in route table KUBECARRY_ROUTE_TABLE of the
#     node-1 namespace (the "cloud's" table, which the node's own routing
#     does not consult), so "ip -n PREFIX-node-1 route show table 75" shows
#     the routes the route controller made.

readonly KUBECARRY_CLUSTER_CIDR=10.244.0.0/16
readonly KUBECARRY_SERVICE_CIDR=10.0.0.0/24
readonly KUBECARRY_APISERVER_PORT=6443
readonly KUBECARRY_ROUTE_PROTOCOL=75
readonly KUBECARRY_ROUTE_TABLE=75
# How long a component gets to become ready before start-up gives up.
readonly KUBECARRY_START_TIMEOUT="${KUBECARRY_START_TIMEOUT:-120}"

# kubecarry::cluster::validate_int <flag> <value> <min> <max>
kubecarry::cluster::validate_int() {
  local flag="$1" value="$2" min="$3" max="$4"
  if ! [[ "${value}" =~ ^[0-9]+$ ]] || ((value < min || value > max)); then
    kubecarry::log::fatal "${flag} must be a whole number from ${min} to ${max}, not '${value}'"
  fi
}

kubecarry::cluster::pki() { echo "${LOCAL_CLUSTER_DIR}/pki"; }
kubecarry::cluster::logs() { echo "${LOCAL_CLUSTER_DIR}/logs"; }
kubecarry::cluster::pids() { echo "${LOCAL_CLUSTER_DIR}/pids"; }
# kubecarry::cluster::netns [node] names a real node's network namespace
# (node-1's by default: kube-proxy's checks and the cloud's route table).
kubecarry::cluster::netns() { echo "${LOCAL_CLUSTER_PREFIX}-node-${1:-1}"; }
kubecarry::cluster::host_link() { echo "${LOCAL_CLUSTER_PREFIX}-host"; }
kubecarry::cluster::node_link() { echo "${LOCAL_CLUSTER_PREFIX}-v$1"; }
kubecarry::cluster::kubelet_kubeconfig() { echo "${LOCAL_CLUSTER_DIR}/kubelet-node-$1.kubeconfig"; }
kubecarry::cluster::gateway_ip() { echo "${LOCAL_CLUSTER_NET}.1"; }
kubecarry::cluster::apiserver_ip() { echo "${LOCAL_CLUSTER_NET}.$((10 + $1))"; }
kubecarry::cluster::upstream_peer_ip() { echo "${LOCAL_CLUSTER_NET}.20"; }
# The load balancer's address (hack/lib/local-cluster-lb.sh), on the host
# end too; every serving certificate names it.
kubecarry::cluster::lb_ip() { echo "${LOCAL_CLUSTER_NET}.10"; }
kubecarry::cluster::node_ip() { echo "${LOCAL_CLUSTER_NET}.$((100 + $1))"; }
kubecarry::cluster::apiserver_url() { echo "https://$(kubecarry::cluster::apiserver_ip "$1"):${KUBECARRY_APISERVER_PORT}"; }
kubecarry::cluster::upstream_peer_url() { echo "https://$(kubecarry::cluster::upstream_peer_ip):${KUBECARRY_APISERVER_PORT}"; }
kubecarry::cluster::kubeconfig() { echo "${LOCAL_CLUSTER_DIR}/admin.kubeconfig"; }

# kubecarry::cluster::curl <url> [curl args...] calls the API as the admin
# user (system:masters). It fails on an HTTP error, printing the body.
kubecarry::cluster::curl() {
  local pki
  pki="$(kubecarry::cluster::pki)"
  curl -sS --fail-with-body --max-time 20 --cacert "${pki}/ca.crt" \
    --cert "${pki}/admin.crt" --key "${pki}/admin.key" "$@"
}

# The parts, one purpose each.
source "${KUBECARRY_ROOT}/hack/lib/release.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster-processes.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster-cloud.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster-images.sh"
source "${KUBECARRY_ROOT}/hack/lib/cgroups.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster-addons.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster-node.sh"

# ---------------------------------------------------------------------------
# Start-up.

# kubecarry::cluster::binaries builds what is missing from _output/bin.
kubecarry::cluster::binaries() {
  local -a missing=() target
  for target in "${KUBECARRY_ALL_TARGETS[@]}"; do
    [[ -x "${KUBECARRY_OUTPUT}/bin/${target##*/}" ]] || missing+=("${target}")
  done
  if [[ ${#missing[@]} -gt 0 ]]; then
    kubecarry::log::status "building ${missing[*]} (run make to rebuild them after a change)"
    kubecarry::golang::build_binaries "${missing[@]}"
  fi
  if [[ -n "${UPSTREAM_PEER}" ]]; then
    UPSTREAM_PEER_BINARY="$(kubecarry::upstream::build_apiserver "${UPSTREAM_PEER}" | tail -n1)"
  fi
}

# kubecarry::cluster::network makes the bridge with the host-side
# addresses and each real node's namespace on it.
kubecarry::cluster::network() {
  local netns host link i
  host="$(kubecarry::cluster::host_link)"
  ip link add "${host}" type bridge
  ip addr add "$(kubecarry::cluster::gateway_ip)/24" dev "${host}"
  for ((i = 1; i <= API_SERVERS; i++)); do
    ip addr add "$(kubecarry::cluster::apiserver_ip "${i}")/32" dev "${host}"
  done
  if [[ -n "${UPSTREAM_PEER}" ]]; then
    ip addr add "$(kubecarry::cluster::upstream_peer_ip)/32" dev "${host}"
  fi
  ip link set "${host}" up
  for ((i = 1; i <= ${REAL_NODES:-1}; i++)); do
    netns="$(kubecarry::cluster::netns "${i}")"
    link="$(kubecarry::cluster::node_link "${i}")"
    kubecarry::log::status "creating network namespace ${netns} ($(kubecarry::cluster::node_ip "${i}") on ${host}, ${LOCAL_CLUSTER_NET}.0/24)"
    ip netns add "${netns}"
    ip link add "${link}" type veth peer name eth0 netns "${netns}"
    ip link set "${link}" master "${host}" up
    ip -n "${netns}" link set lo up
    ip -n "${netns}" addr add "$(kubecarry::cluster::node_ip "${i}")/24" dev eth0
    ip -n "${netns}" link set eth0 up
    ip -n "${netns}" route add default via "$(kubecarry::cluster::gateway_ip)"
  done
}

# kubecarry::cluster::node_routes_free fails, naming the route, when the
# Service or Pod CIDR is already routed on this host: another local
# cluster with a node runs (kubecarry::cluster::node_routes).
kubecarry::cluster::node_routes_free() {
  local cidr taken
  for cidr in "${KUBECARRY_SERVICE_CIDR}" "${KUBECARRY_CLUSTER_CIDR}"; do
    taken="$(ip route show "${cidr}")"
    [[ -z "${taken}" ]] ||
      kubecarry::log::fatal "${cidr} is already routed on this host (${taken}): another local cluster with a node is running; stop it first (hack/local-up-cluster.sh --down with its LOCAL_CLUSTER_PREFIX and LOCAL_CLUSTER_DIR)"
  done
}

# kubecarry::cluster::node_routes: the kube-apiservers run in the host's
# namespace. They call webhooks, conversion webhooks and APIServices served
# by Pods at their Services' ClusterIPs, which node-1's kube-proxy forwards
# to the Pods, and they proxy to Pods at their own addresses (pods/proxy,
# services/proxy: the conformance suite's DNS and Proxy tests read through
# them), which node-1 forwards onto its Pod bridge. So both CIDRs go to
# node-1, as a cluster's network gives its control plane a way to Pods
# (the other real nodes' Pod CIDRs get routes of their own once allocated:
# kubecarry::nodes::pod_routes).
# Without them the host sends that traffic out of its default route (seen:
# an unrelated server answered, every webhook test failed, and every Pod
# proxy request got its 404). The routes leave with the host link at
# --down; one host has one such pair, so one cluster with a node runs at a
# time.
kubecarry::cluster::node_routes() {
  local cidr
  for cidr in "${KUBECARRY_SERVICE_CIDR}" "${KUBECARRY_CLUSTER_CIDR}"; do
    ip route replace "${cidr}" via "$(kubecarry::cluster::node_ip 1)" dev "$(kubecarry::cluster::host_link)"
  done
}

# kubecarry::cluster::certificates makes the CAs, serving and client
# certificates, service account keys and kubeconfigs.
kubecarry::cluster::certificates() {
  local pki i ip
  pki="$(kubecarry::cluster::pki)"
  mkdir -p "${pki}"
  kubecarry::log::status "generating certificates in ${pki}"
  kubecarry::pki::ca "${pki}" ca kubecarry-local-ca
  kubecarry::pki::ca "${pki}" front-proxy-ca kubecarry-local-front-proxy-ca
  local -a sans=(DNS:kubernetes DNS:kubernetes.default DNS:kubernetes.default.svc
    DNS:kubernetes.default.svc.cluster.local DNS:localhost IP:127.0.0.1 IP:10.0.0.1 "IP:$(kubecarry::cluster::lb_ip)")
  for ((i = 1; i <= API_SERVERS; i++)); do
    ip="$(kubecarry::cluster::apiserver_ip "${i}")"
    kubecarry::pki::cert "${pki}" ca "apiserver-${i}" server "/CN=kube-apiserver" "${sans[@]}" "IP:${ip}"
  done
  if [[ -n "${UPSTREAM_PEER}" ]]; then
    kubecarry::pki::cert "${pki}" ca apiserver-upstream server "/CN=kube-apiserver" "${sans[@]}" "IP:$(kubecarry::cluster::upstream_peer_ip)"
  fi
  local gw
  gw="$(kubecarry::cluster::gateway_ip)"
  kubecarry::pki::cert "${pki}" ca controller-managers server "/CN=localhost" DNS:localhost IP:127.0.0.1 "IP:${gw}"
  kubecarry::pki::cert "${pki}" front-proxy-ca front-proxy-client client "/CN=front-proxy-client"
  kubecarry::pki::cert "${pki}" ca admin client "/O=system:masters/CN=kubecarry-admin"
  kubecarry::pki::cert "${pki}" ca kube-controller-manager client "/CN=system:kube-controller-manager"
  kubecarry::pki::cert "${pki}" ca kube-proxy client "/CN=system:kube-proxy"
  kubecarry::pki::cert "${pki}" ca kube-scheduler client "/CN=system:kube-scheduler"
  for ((i = 1; i <= ${REAL_NODES:-1}; i++)); do
    kubecarry::pki::cert "${pki}" ca "kubelet-node-${i}" client "/O=system:nodes/CN=system:node:node-${i}"
  done
  # What the apiservers present to kubelets (logs, exec, port-forward).
  kubecarry::pki::cert "${pki}" ca apiserver-kubelet-client client "/O=system:masters/CN=kube-apiserver-kubelet-client"
  kubecarry::pki::service_account_keys "${pki}"

  local url
  url="$(kubecarry::cluster::apiserver_url 1)"
  kubecarry::pki::kubeconfig "$(kubecarry::cluster::kubeconfig)" "${url}" "${pki}/ca.crt" "${pki}/admin.crt" "${pki}/admin.key" admin
  kubecarry::pki::kubeconfig "${LOCAL_CLUSTER_DIR}/kube-controller-manager.kubeconfig" "${url}" "${pki}/ca.crt" \
    "${pki}/kube-controller-manager.crt" "${pki}/kube-controller-manager.key" system:kube-controller-manager
  kubecarry::pki::kubeconfig "${LOCAL_CLUSTER_DIR}/kube-proxy.kubeconfig" "${url}" "${pki}/ca.crt" \
    "${pki}/kube-proxy.crt" "${pki}/kube-proxy.key" system:kube-proxy
  kubecarry::pki::kubeconfig "${LOCAL_CLUSTER_DIR}/kube-scheduler.kubeconfig" "${url}" "${pki}/ca.crt" \
    "${pki}/kube-scheduler.crt" "${pki}/kube-scheduler.key" system:kube-scheduler
  for ((i = 1; i <= ${REAL_NODES:-1}; i++)); do
    kubecarry::pki::kubeconfig "$(kubecarry::cluster::kubelet_kubeconfig "${i}")" "${url}" "${pki}/ca.crt" \
      "${pki}/kubelet-node-${i}.crt" "${pki}/kubelet-node-${i}.key" "system:node:node-${i}"
  done
}

kubecarry::cluster::etcd() {
  local client="http://127.0.0.1:${ETCD_PORT}" peer="http://127.0.0.1:$((ETCD_PORT + 1))"
  kubecarry::cluster::port_free 127.0.0.1 "${ETCD_PORT}" "etcd client port, ETCD_PORT"
  kubecarry::cluster::port_free 127.0.0.1 "$((ETCD_PORT + 1))" "etcd peer port, ETCD_PORT+1"
  kubecarry::etcd::install >/dev/null
  # The JSON parser the health check and later steps use, built before the
  # start-up clock runs.
  kubecarry::json::bin >/dev/null
  local etcd
  etcd="$(command -v etcd)"
  kubecarry::log::status "starting etcd on ${client}"
  kubecarry::cluster::start etcd "${etcd}" "${etcd}" --name local \
    --data-dir "${LOCAL_CLUSTER_DIR}/etcd" \
    --listen-client-urls "${client}" --advertise-client-urls "${client}" \
    --listen-peer-urls "${peer}" --initial-advertise-peer-urls "${peer}" \
    --initial-cluster "local=${peer}"
  kubecarry::cluster::wait_ready etcd "healthy" kubecarry::cluster::etcd_healthy "${client}"
}

# kubecarry::cluster::etcd_healthy <client URL> succeeds when etcd's /health
# says "health": "true", and prints its answer otherwise.
kubecarry::cluster::etcd_healthy() {
  local answer
  if answer="$(curl -sS --fail-with-body --max-time 5 "$1/health" 2>&1)" &&
    [[ "$(kubecarry::json::get .health <<<"${answer}")" == true ]]; then
    return 0
  fi
  echo "etcd $1/health: ${answer}" >&2
  return 1
}

# kubecarry::cluster::apiserver <name> <binary> <ip> [extra flags...]
# Every server also gets APISERVER_EXTRA_FLAGS (split on spaces, e.g.
# "--feature-gates=UnknownVersionInteroperabilityProxy=false"), and
# --peer-ca-file unless APISERVER_PEER_CA=false (a server with that gate off
# refuses the flag).
kubecarry::cluster::apiserver() {
  local name="$1" binary="$2" ip="$3"
  shift 3
  local pki
  pki="$(kubecarry::cluster::pki)"
  local -a peer=("--peer-ca-file=${pki}/ca.crt")
  [[ "${APISERVER_PEER_CA:-true}" != false ]] || peer=()
  local -a extra
  read -r -a extra <<<"${APISERVER_EXTRA_FLAGS:-}"
  kubecarry::cluster::port_free "${ip}" "${KUBECARRY_APISERVER_PORT}" "${name}"
  # --allow-privileged as kubeadm and upstream's local cluster set it: the
  # default refuses every privileged container (the conformance suite's Job
  # disruption test runs one). unshare and sh both exec, so the recorded
  # PID is kube-apiserver's.
  # shellcheck disable=SC2016 # $0 and $@ are the inner sh's, not ours.
  kubecarry::cluster::start "${name}" "${binary}" \
    unshare --uts -- sh -c 'hostname "$0" && exec "$@"' "${LOCAL_CLUSTER_PREFIX}-${name}" \
    "${binary}" \
    --etcd-servers="http://127.0.0.1:${ETCD_PORT}" \
    --bind-address="${ip}" --advertise-address="${ip}" --secure-port="${KUBECARRY_APISERVER_PORT}" \
    --tls-cert-file="${pki}/${name}.crt" --tls-private-key-file="${pki}/${name}.key" \
    --client-ca-file="${pki}/ca.crt" \
    --service-account-issuer=https://kubernetes.default.svc \
    --service-account-key-file="${pki}/sa.pub" \
    --service-account-signing-key-file="${pki}/sa.key" \
    --service-cluster-ip-range="${KUBECARRY_SERVICE_CIDR}" \
    --authorization-mode=Node,RBAC \
    --allow-privileged=true \
    --requestheader-client-ca-file="${pki}/front-proxy-ca.crt" \
    --requestheader-allowed-names=front-proxy-client \
    --requestheader-username-headers=X-Remote-User \
    --requestheader-group-headers=X-Remote-Group \
    --requestheader-extra-headers-prefix=X-Remote-Extra- \
    --proxy-client-cert-file="${pki}/front-proxy-client.crt" \
    --proxy-client-key-file="${pki}/front-proxy-client.key" \
    --kubelet-client-certificate="${pki}/apiserver-kubelet-client.crt" \
    --kubelet-client-key="${pki}/apiserver-kubelet-client.key" \
    --kubelet-preferred-address-types=InternalIP,Hostname \
    ${peer[@]+"${peer[@]}"} ${extra[@]+"${extra[@]}"} \
    "$@"
}

kubecarry::cluster::apiservers() {
  local i flags
  for ((i = 1; i <= API_SERVERS; i++)); do
    flags=()
    if ((i == OLDER_APISERVER)); then
      flags+=("--runtime-config=${OLDER_DISABLED_API}=false")
    fi
    kubecarry::log::status "starting kube-apiserver apiserver-${i} on $(kubecarry::cluster::apiserver_url "${i}")${flags:+ (older: without ${OLDER_DISABLED_API})}"
    kubecarry::cluster::apiserver "apiserver-${i}" "${APISERVER_BINARY:-${KUBECARRY_OUTPUT}/bin/kube-apiserver}" \
      "$(kubecarry::cluster::apiserver_ip "${i}")" ${flags[@]+"${flags[@]}"}
  done
  if [[ -n "${UPSTREAM_PEER}" ]]; then
    kubecarry::log::status "starting upstream kube-apiserver ${UPSTREAM_PEER} apiserver-upstream on $(kubecarry::cluster::upstream_peer_url) (without ${UPSTREAM_PEER_DISABLED_API})"
    kubecarry::cluster::apiserver apiserver-upstream "${UPSTREAM_PEER_BINARY}" "$(kubecarry::cluster::upstream_peer_ip)" \
      "--runtime-config=${UPSTREAM_PEER_DISABLED_API}=false"
  fi
  for ((i = 1; i <= API_SERVERS; i++)); do
    kubecarry::cluster::wait_ready "apiserver-${i}" "ready" kubecarry::cluster::curl "$(kubecarry::cluster::apiserver_url "${i}")/readyz"
  done
  if [[ -n "${UPSTREAM_PEER}" ]]; then
    kubecarry::cluster::wait_ready apiserver-upstream "ready" kubecarry::cluster::curl "$(kubecarry::cluster::upstream_peer_url)/readyz"
  fi
}

# kubecarry::cluster::controller_manager [extra flags...] starts upstream's
# kube-controller-manager (KCM_BINARY, default the one make builds) talking
# to kube-apiserver KCM_APISERVER (default 1), or to KCM_SERVER_URL when set
# (the load balancer); its kubeconfig is rewritten to point there. The
# extra flags come last.
# shellcheck disable=SC2120 # hack/test-peer-faults.sh passes flags.
kubecarry::cluster::controller_manager() {
  local pki gw server="${KCM_APISERVER:-1}" binary="${KCM_BINARY:-${KUBECARRY_OUTPUT}/bin/kube-controller-manager}"
  pki="$(kubecarry::cluster::pki)"
  gw="$(kubecarry::cluster::gateway_ip)"
  kubecarry::cluster::validate_int KCM_APISERVER "${server}" 1 "${API_SERVERS}"
  local url="${KCM_SERVER_URL:-$(kubecarry::cluster::apiserver_url "${server}")}"
  local kubeconfig="${LOCAL_CLUSTER_DIR}/kube-controller-manager.kubeconfig"
  kubecarry::pki::kubeconfig "${kubeconfig}" "${url}" "${pki}/ca.crt" \
    "${pki}/kube-controller-manager.crt" "${pki}/kube-controller-manager.key" system:kube-controller-manager
  kubecarry::cluster::port_free "${gw}" 10257 kube-controller-manager
  kubecarry::log::status "starting kube-controller-manager $("${binary}" --version 2>/dev/null | awk '{print $2}') on https://${gw}:10257 (talking to ${url})"
  kubecarry::cluster::start kube-controller-manager "${binary}" \
    "${binary}" \
    --kubeconfig="${kubeconfig}" \
    --authentication-kubeconfig="${kubeconfig}" --authorization-kubeconfig="${kubeconfig}" \
    --client-ca-file="${pki}/ca.crt" \
    --requestheader-client-ca-file="${pki}/front-proxy-ca.crt" \
    --bind-address="${gw}" --secure-port=10257 \
    --tls-cert-file="${pki}/controller-managers.crt" --tls-private-key-file="${pki}/controller-managers.key" \
    --use-service-account-credentials=true \
    --service-account-private-key-file="${pki}/sa.key" \
    --root-ca-file="${pki}/ca.crt" \
    --cluster-signing-cert-file="${pki}/ca.crt" --cluster-signing-key-file="${pki}/ca.key" \
    --allocate-node-cidrs=true --cluster-cidr="${KUBECARRY_CLUSTER_CIDR}" --node-cidr-mask-size=24 \
    --service-cluster-ip-range="${KUBECARRY_SERVICE_CIDR}" \
    "$@"
  kubecarry::cluster::wait_ready kube-controller-manager "healthy" kubecarry::cluster::curl "https://${gw}:10257/healthz"
}

# kubecarry::cluster::kube_proxy <node> starts kube-proxy for a real node
# in its namespace.
kubecarry::cluster::kube_proxy() {
  local node="$1" netns name config="${LOCAL_CLUSTER_DIR}/kube-proxy-node-$1.yaml"
  netns="$(kubecarry::cluster::netns "${node}")"
  name="$(kubecarry::node::process kube-proxy "${node}")"
  cat >"${config}" <<YAML
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: nftables
clientConnection:
  kubeconfig: ${LOCAL_CLUSTER_DIR}/kube-proxy.kubeconfig
hostnameOverride: node-${node}
clusterCIDR: ${KUBECARRY_CLUSTER_CIDR}
metricsBindAddress: 127.0.0.1:10249
healthzBindAddress: 127.0.0.1:10256
conntrack:
  # nf_conntrack_max cannot be set from inside a network namespace.
  maxPerCore: 0
YAML
  kubecarry::log::status "starting kube-proxy (nftables, --allow-service-external-ips=${ALLOW_SERVICE_EXTERNAL_IPS}) for node-${node} in ${netns}"
  kubecarry::cluster::start "${name}" "${KUBECARRY_OUTPUT}/bin/kube-proxy" \
    ip netns exec "${netns}" "${KUBECARRY_OUTPUT}/bin/kube-proxy" \
    --config="${config}" --allow-service-external-ips="${ALLOW_SERVICE_EXTERNAL_IPS}"
  kubecarry::cluster::wait_ready "${name}" "healthy" ip netns exec "${netns}" curl -sf http://127.0.0.1:10256/healthz
}

kubecarry::cluster::kube_proxies() {
  local j
  for ((j = 1; j <= REAL_NODES; j++)); do
    kubecarry::cluster::kube_proxy "${j}"
  done
}

# kubecarry::cluster::prepare starts etcd on a fresh state directory with
# the network and certificates made, cleaning up what an earlier run of it
# left first: everything before the kube-apiservers.
kubecarry::cluster::prepare() {
  export PATH="${PATH}:/usr/sbin:/sbin"
  "${KUBECARRY_ROOT}/hack/install-e2e-deps.sh"
  kubecarry::cluster::down
  kubecarry::cluster::binaries
  rm -rf "${LOCAL_CLUSTER_DIR}"
  mkdir -p "$(kubecarry::cluster::logs)" "$(kubecarry::cluster::pids)"
  kubecarry::cluster::network
  kubecarry::cluster::certificates
  kubecarry::cluster::etcd
}

# kubecarry::cluster::control_plane starts etcd and the kube-apiservers
# (APISERVER_BINARY, default kubecarry's).
kubecarry::cluster::control_plane() {
  kubecarry::cluster::prepare
  kubecarry::cluster::apiservers
}

# kubecarry::cluster::up starts everything. The node's binaries and images
# are built first, so that a cold build does not count against start-up.
kubecarry::cluster::up() {
  kubecarry::cluster::node_routes_free
  kubecarry::addons::binaries
  kubecarry::cluster::control_plane
  kubecarry::cluster::node_routes
  kubecarry::addons::link_tools
  kubecarry::cluster::controller_manager
  kubecarry::cluster::cloud_controller_manager
  kubecarry::cluster::nodes
  kubecarry::cluster::kube_proxies
  kubecarry::addons::scheduler
  kubecarry::cgroups::mount_missing
  kubecarry::nodes::up
  kubecarry::addons::dns
}

# kubecarry::cluster::watch waits for Ctrl-C or a --down from another
# shell, reporting a component that exits on its own (with the tail of its
# log) once.
kubecarry::cluster::watch() {
  local -A reported=()
  local file name
  while true; do
    if ! compgen -G "$(kubecarry::cluster::pids)/*.pid" >/dev/null; then
      kubecarry::log::status "the cluster was stopped (hack/local-up-cluster.sh --down)"
      exit 0
    fi
    for file in "$(kubecarry::cluster::pids)"/*.pid; do
      name="${file##*/}"
      name="${name%.pid}"
      if [[ -z "${reported[${name}]-}" ]] && ! kubecarry::cluster::pid_of "${name}" >/dev/null; then
        reported[${name}]=1
        kubecarry::log::error "${name} exited; last lines of $(kubecarry::cluster::logs)/${name}.log:"
        tail -n 25 "$(kubecarry::cluster::logs)/${name}.log" >&2 || true # tail names a missing log; keep watching
      fi
    done
    sleep 2
  done
}
