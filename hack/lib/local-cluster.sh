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

# The local cluster of hack/local-up-cluster.sh: layout, processes, start-up
# and tear-down. The checks it prints and runs are in local-cluster-checks.sh.
#
# Layout (NET is LOCAL_CLUSTER_NET, PREFIX is LOCAL_CLUSTER_PREFIX):
#   - network namespace PREFIX-node-1 holds Node node-1 (NET.101) and its
#     kube-proxy; a veth pair links it to the host end PREFIX-host (NET.1);
#   - the host end also carries one address per kube-apiserver (NET.11...,
#     the upstream peer NET.20), so every server has its own advertise
#     address and the "kubernetes" Service has one endpoint per server;
#   - each kube-apiserver runs in its own UTS namespace with its own host
#     name, which is where its apiserver identity comes from;
#   - Nodes node-2... are API objects only (NET.102...); the cloud provider
#     routes every Node's Pod CIDR via its InternalIP inside the node-1
#     namespace (netlink route table), so "ip -n PREFIX-node-1 route" shows
#     the routes the route controller made.

readonly KUBECARRY_CLUSTER_CIDR=10.244.0.0/16
readonly KUBECARRY_SERVICE_CIDR=10.0.0.0/24
readonly KUBECARRY_APISERVER_PORT=6443
readonly KUBECARRY_ROUTE_PROTOCOL=75
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
kubecarry::cluster::netns() { echo "${LOCAL_CLUSTER_PREFIX}-node-1"; }
kubecarry::cluster::host_link() { echo "${LOCAL_CLUSTER_PREFIX}-host"; }
kubecarry::cluster::gateway_ip() { echo "${LOCAL_CLUSTER_NET}.1"; }
kubecarry::cluster::apiserver_ip() { echo "${LOCAL_CLUSTER_NET}.$((10 + $1))"; }
kubecarry::cluster::upstream_peer_ip() { echo "${LOCAL_CLUSTER_NET}.20"; }
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

# ---------------------------------------------------------------------------
# Processes. Each started component has <pids>/<name>.pid holding its PID
# and, on the second line, the binary, so tear-down after a crash never
# signals a PID the kernel has since given to someone else.

# kubecarry::cluster::start <name> <binary> [command prefix... --] <args...>
# starts <binary> in the background with its output in <logs>/<name>.log.
# A prefix (unshare, ip netns exec) must exec the binary in the same process.
kubecarry::cluster::start() {
  local name="$1" binary="$2"
  shift 2
  local log
  log="$(kubecarry::cluster::logs)/${name}.log"
  "$@" >"${log}" 2>&1 &
  printf '%s\n%s\n' "$!" "${binary}" >"$(kubecarry::cluster::pids)/${name}.pid"
}

# kubecarry::cluster::pid_of <name> prints the PID of a started component if
# that process still runs its binary.
kubecarry::cluster::pid_of() {
  local file
  file="$(kubecarry::cluster::pids)/$1.pid"
  [[ -f "${file}" ]] || return 1
  local pid binary
  { read -r pid; read -r binary; } <"${file}"
  [[ -n "${pid}" && -r "/proc/${pid}/cmdline" ]] || return 1
  # The prefix commands exec the binary, so the process's executable is
  # the binary itself once it runs (or the prefix for a moment before).
  tr '\0' ' ' <"/proc/${pid}/cmdline" | grep -qF -- "${binary##*/}" || return 1
  echo "${pid}"
}

# kubecarry::cluster::fail <name> <message> stops start-up, naming the
# component and showing the tail of its log.
kubecarry::cluster::fail() {
  local name="$1" message="$2" log
  log="$(kubecarry::cluster::logs)/${name}.log"
  kubecarry::log::error "${name}: ${message}"
  if [[ -f "${log}" ]]; then
    echo "--- last lines of ${log}:" >&2
    tail -n 25 "${log}" >&2
    echo "---" >&2
  fi
  exit 1
}

# kubecarry::cluster::wait_ready <name> <what> <command...> polls the
# command until it succeeds; the component exiting or KUBECARRY_START_TIMEOUT
# passing ends start-up with its log.
kubecarry::cluster::wait_ready() {
  local name="$1" what="$2"
  shift 2
  local deadline=$((SECONDS + KUBECARRY_START_TIMEOUT))
  until "$@" >/dev/null 2>&1; do
    kubecarry::cluster::pid_of "${name}" >/dev/null || kubecarry::cluster::fail "${name}" "exited before ${what}"
    ((SECONDS < deadline)) || kubecarry::cluster::fail "${name}" "not ${what} after ${KUBECARRY_START_TIMEOUT}s"
    sleep 0.5
  done
}

# kubecarry::cluster::port_free <host> <port> <what> stops start-up if
# something already listens there.
kubecarry::cluster::port_free() {
  if (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; then
    kubecarry::log::fatal "$1:$2 (${3}) is already in use; stop what listens there or pick another port"
  fi
}

# kubecarry::cluster::down stops every component a run of this state
# directory started (SIGTERM, then SIGKILL after 15 s) and removes its
# network namespace. It is safe to call when nothing runs.
kubecarry::cluster::down() {
  local pids
  pids="$(kubecarry::cluster::pids)"
  local -a running=() names=()
  local file name pid
  for file in "${pids}"/*.pid; do
    [[ -e "${file}" ]] || continue
    name="${file##*/}"
    name="${name%.pid}"
    if pid="$(kubecarry::cluster::pid_of "${name}")"; then
      kill -TERM "${pid}" 2>/dev/null || true
      running+=("${pid}")
      names+=("${name}")
    fi
    rm -f "${file}"
  done
  if [[ ${#running[@]} -gt 0 ]]; then
    kubecarry::log::status "stopping ${names[*]}"
    local deadline=$((SECONDS + 15)) left
    while ((SECONDS < deadline)); do
      left=0
      for pid in "${running[@]}"; do
        [[ -d "/proc/${pid}" ]] && left=1
      done
      ((left)) || break
      sleep 0.2
    done
    for pid in "${running[@]}"; do
      if [[ -d "/proc/${pid}" ]]; then
        kill -KILL "${pid}" 2>/dev/null || true
      fi
    done
  fi
  local netns
  netns="$(kubecarry::cluster::netns)"
  if ip netns list 2>/dev/null | awk '{print $1}' | grep -qx "${netns}"; then
    kubecarry::log::status "removing network namespace ${netns}"
    ip netns delete "${netns}"
  fi
  # The host end goes with its peer in the namespace; remove it if a crash
  # left it alone.
  ip link delete "$(kubecarry::cluster::host_link)" >/dev/null 2>&1 || true
}

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

# kubecarry::cluster::network makes the node-1 namespace, the veth pair and
# the host-side addresses.
kubecarry::cluster::network() {
  local netns host i
  netns="$(kubecarry::cluster::netns)"
  host="$(kubecarry::cluster::host_link)"
  kubecarry::log::status "creating network namespace ${netns} (${LOCAL_CLUSTER_NET}.0/24)"
  ip netns add "${netns}"
  ip link add "${host}" type veth peer name eth0 netns "${netns}"
  ip addr add "$(kubecarry::cluster::gateway_ip)/24" dev "${host}"
  for ((i = 1; i <= API_SERVERS; i++)); do
    ip addr add "$(kubecarry::cluster::apiserver_ip "${i}")/32" dev "${host}"
  done
  if [[ -n "${UPSTREAM_PEER}" ]]; then
    ip addr add "$(kubecarry::cluster::upstream_peer_ip)/32" dev "${host}"
  fi
  ip link set "${host}" up
  ip -n "${netns}" link set lo up
  ip -n "${netns}" addr add "$(kubecarry::cluster::node_ip 1)/24" dev eth0
  ip -n "${netns}" link set eth0 up
  ip -n "${netns}" route add default via "$(kubecarry::cluster::gateway_ip)"
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
    DNS:kubernetes.default.svc.cluster.local DNS:localhost IP:127.0.0.1 IP:10.0.0.1)
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
  kubecarry::pki::service_account_keys "${pki}"

  local url
  url="$(kubecarry::cluster::apiserver_url 1)"
  kubecarry::pki::kubeconfig "$(kubecarry::cluster::kubeconfig)" "${url}" "${pki}/ca.crt" "${pki}/admin.crt" "${pki}/admin.key" admin
  kubecarry::pki::kubeconfig "${LOCAL_CLUSTER_DIR}/kube-controller-manager.kubeconfig" "${url}" "${pki}/ca.crt" \
    "${pki}/kube-controller-manager.crt" "${pki}/kube-controller-manager.key" system:kube-controller-manager
  kubecarry::pki::kubeconfig "${LOCAL_CLUSTER_DIR}/kube-proxy.kubeconfig" "${url}" "${pki}/ca.crt" \
    "${pki}/kube-proxy.crt" "${pki}/kube-proxy.key" system:kube-proxy
}

kubecarry::cluster::etcd() {
  local client="http://127.0.0.1:${ETCD_PORT}" peer="http://127.0.0.1:$((ETCD_PORT + 1))"
  kubecarry::cluster::port_free 127.0.0.1 "${ETCD_PORT}" "etcd client port, ETCD_PORT"
  kubecarry::cluster::port_free 127.0.0.1 "$((ETCD_PORT + 1))" "etcd peer port, ETCD_PORT+1"
  kubecarry::etcd::install >/dev/null
  local etcd
  etcd="$(command -v etcd)"
  kubecarry::log::status "starting etcd on ${client}"
  kubecarry::cluster::start etcd "${etcd}" "${etcd}" --name local \
    --data-dir "${LOCAL_CLUSTER_DIR}/etcd" \
    --listen-client-urls "${client}" --advertise-client-urls "${client}" \
    --listen-peer-urls "${peer}" --initial-advertise-peer-urls "${peer}" \
    --initial-cluster "local=${peer}"
  kubecarry::cluster::wait_ready etcd "healthy" sh -c "curl -sf '${client}/health' | grep -q '\"health\":\"true\"'"
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
  # unshare and sh both exec, so the recorded PID is kube-apiserver's.
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
    --requestheader-client-ca-file="${pki}/front-proxy-ca.crt" \
    --requestheader-allowed-names=front-proxy-client \
    --requestheader-username-headers=X-Remote-User \
    --requestheader-group-headers=X-Remote-Group \
    --requestheader-extra-headers-prefix=X-Remote-Extra- \
    --proxy-client-cert-file="${pki}/front-proxy-client.crt" \
    --proxy-client-key-file="${pki}/front-proxy-client.key" \
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
# kube-controller-manager talking to kube-apiserver KCM_APISERVER (default 1;
# its kubeconfig is rewritten to point there), with the extra flags last.
# shellcheck disable=SC2120 # hack/test-peer-faults.sh passes flags.
kubecarry::cluster::controller_manager() {
  local pki gw server="${KCM_APISERVER:-1}"
  pki="$(kubecarry::cluster::pki)"
  gw="$(kubecarry::cluster::gateway_ip)"
  kubecarry::cluster::validate_int KCM_APISERVER "${server}" 1 "${API_SERVERS}"
  local kubeconfig="${LOCAL_CLUSTER_DIR}/kube-controller-manager.kubeconfig"
  kubecarry::pki::kubeconfig "${kubeconfig}" "$(kubecarry::cluster::apiserver_url "${server}")" "${pki}/ca.crt" \
    "${pki}/kube-controller-manager.crt" "${pki}/kube-controller-manager.key" system:kube-controller-manager
  kubecarry::cluster::port_free "${gw}" 10257 kube-controller-manager
  kubecarry::log::status "starting kube-controller-manager on https://${gw}:10257 (talking to apiserver-${server})"
  kubecarry::cluster::start kube-controller-manager "${KUBECARRY_OUTPUT}/bin/kube-controller-manager" \
    "${KUBECARRY_OUTPUT}/bin/kube-controller-manager" \
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
# kubectl here; kube-apiserver takes YAML bodies itself).
kubecarry::cluster::apply_manifest() {
  local file="$1" url
  url="$(kubecarry::cluster::apiserver_url 1)"
  local dir
  dir="$(mktemp -d "${LOCAL_CLUSTER_DIR}/manifest.XXXXXX")"
  awk -v dir="${dir}" 'BEGIN{n=0; f=dir "/0.yaml"} /^---/{n++; f=dir "/" n ".yaml"; next} {print > f}' "${file}"
  local doc kind ns path
  for doc in "${dir}"/*.yaml; do
    kind="$(sed -n 's/^kind: *\([A-Za-z]*\)$/\1/p' "${doc}" | head -n1)"
    [[ -n "${kind}" ]] || continue
    ns="$(sed -n 's/^  namespace: *\([a-z0-9-]*\)$/\1/p' "${doc}" | head -n1)"
    case "${kind}" in
      ServiceAccount) path="/api/v1/namespaces/${ns}/serviceaccounts" ;;
      ClusterRole) path="/apis/rbac.authorization.k8s.io/v1/clusterroles" ;;
      ClusterRoleBinding) path="/apis/rbac.authorization.k8s.io/v1/clusterrolebindings" ;;
      Role) path="/apis/rbac.authorization.k8s.io/v1/namespaces/${ns}/roles" ;;
      RoleBinding) path="/apis/rbac.authorization.k8s.io/v1/namespaces/${ns}/rolebindings" ;;
      *) kubecarry::log::fatal "${file}: cannot apply kind ${kind} (no kubectl here)" ;;
    esac
    kubecarry::cluster::curl -o /dev/null -X POST -H 'Content-Type: application/yaml' \
      --data-binary "@${doc}" "${url}${path}" || kubecarry::log::fatal "${file}: creating a ${kind} failed"
  done
  rm -rf "${dir}"
}

# kubecarry::cluster::cloud_controller_manager runs the CCM under exactly
# the RBAC of its manifest, as ServiceAccount kube-system/cloud-controller-manager.
kubecarry::cluster::cloud_controller_manager() {
  local pki gw url
  pki="$(kubecarry::cluster::pki)"
  gw="$(kubecarry::cluster::gateway_ip)"
  url="$(kubecarry::cluster::apiserver_url 1)"
  kubecarry::cluster::apply_manifest "${KUBECARRY_ROOT}/cmd/cloud-controller-manager/deploy/rbac.yaml"
  local token
  token="$(kubecarry::cluster::curl -X POST -H 'Content-Type: application/json' \
    --data '{"apiVersion":"authentication.k8s.io/v1","kind":"TokenRequest","spec":{"expirationSeconds":86400}}' \
    "${url}/api/v1/namespaces/kube-system/serviceaccounts/cloud-controller-manager/token" |
    sed -n 's/.*"token": *"\([^"]*\)".*/\1/p')"
  [[ -n "${token}" ]] || kubecarry::log::fatal "could not get a token for ServiceAccount kube-system/cloud-controller-manager"
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

# kubecarry::cluster::nodes registers the Node objects (there is no
# kubelet), tainted the way a kubelet with --cloud-provider=external taints
# them, so the CCM initialises them.
kubecarry::cluster::nodes() {
  local url j
  url="$(kubecarry::cluster::apiserver_url 1)"
  kubecarry::log::status "registering ${NODES} Nodes"
  for ((j = 1; j <= NODES; j++)); do
    kubecarry::cluster::curl -o /dev/null -X POST -H 'Content-Type: application/json' "${url}/api/v1/nodes" --data @- <<JSON ||
{"apiVersion":"v1","kind":"Node","metadata":{"name":"node-${j}","labels":{"kubernetes.io/hostname":"node-${j}"}},
 "spec":{"taints":[{"key":"node.cloudprovider.kubernetes.io/uninitialized","value":"true","effect":"NoSchedule"}]}}
JSON
      kubecarry::log::fatal "registering Node node-${j} failed"
  done
}

kubecarry::cluster::kube_proxy() {
  local netns config="${LOCAL_CLUSTER_DIR}/kube-proxy.yaml"
  netns="$(kubecarry::cluster::netns)"
  cat >"${config}" <<YAML
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: nftables
clientConnection:
  kubeconfig: ${LOCAL_CLUSTER_DIR}/kube-proxy.kubeconfig
hostnameOverride: node-1
clusterCIDR: ${KUBECARRY_CLUSTER_CIDR}
metricsBindAddress: 127.0.0.1:10249
healthzBindAddress: 127.0.0.1:10256
conntrack:
  # nf_conntrack_max cannot be set from inside a network namespace.
  maxPerCore: 0
YAML
  kubecarry::log::status "starting kube-proxy (nftables, --allow-service-external-ips=${ALLOW_SERVICE_EXTERNAL_IPS}) for node-1 in ${netns}"
  kubecarry::cluster::start kube-proxy "${KUBECARRY_OUTPUT}/bin/kube-proxy" \
    ip netns exec "${netns}" "${KUBECARRY_OUTPUT}/bin/kube-proxy" \
    --config="${config}" --allow-service-external-ips="${ALLOW_SERVICE_EXTERNAL_IPS}"
  kubecarry::cluster::wait_ready kube-proxy "healthy" ip netns exec "${netns}" curl -sf http://127.0.0.1:10256/healthz
}

# kubecarry::cluster::control_plane starts etcd and the kube-apiservers
# (APISERVER_BINARY, default kubecarry's) on a fresh state directory,
# cleaning up what an earlier run of it left first.
kubecarry::cluster::control_plane() {
  export PATH="${PATH}:/usr/sbin:/sbin"
  "${KUBECARRY_ROOT}/hack/install-e2e-deps.sh"
  kubecarry::cluster::down
  kubecarry::cluster::binaries
  rm -rf "${LOCAL_CLUSTER_DIR}"
  mkdir -p "$(kubecarry::cluster::logs)" "$(kubecarry::cluster::pids)"
  kubecarry::cluster::network
  kubecarry::cluster::certificates
  kubecarry::cluster::etcd
  kubecarry::cluster::apiservers
}

# kubecarry::cluster::up starts everything.
kubecarry::cluster::up() {
  kubecarry::cluster::control_plane
  kubecarry::cluster::controller_manager
  kubecarry::cluster::cloud_controller_manager
  kubecarry::cluster::nodes
  kubecarry::cluster::kube_proxy
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
        tail -n 25 "$(kubecarry::cluster::logs)/${name}.log" >&2 || true
      fi
    done
    sleep 2
  done
}
