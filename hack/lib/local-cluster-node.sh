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

# The real nodes of the local cluster (hack/lib/local-cluster.sh): node-1
# ... node-REAL_NODES each run containerd (CRI) and an unpatched upstream
# kubelet inside their own network namespace, with a bridge CNI network on
# the Pod CIDR the controller manager allocated them. Every function here
# takes the node's number first. Node j's state is under
# <LOCAL_CLUSTER_DIR>/node-j:
#   containerd/  root, state (with the Pods' network namespaces), socket,
#                runc's state (--runc-root), config.toml
#   kubelet/     kubelet's root directory (Pod volumes, its serving cert)
#   pod-logs/    container logs
#   cni/         the network configuration and host-local's address leases
#   sysctls      the global sysctls kubelet changes, as they were before it
# Its processes are named <component>-node-j (logs/kubelet-node-2.log).
# Each node's Pods have a cgroup root of their own in every cgroup v1
# hierarchy, so neither two nodes of a cluster nor two local clusters
# (--test next to a running one) see each other's Pods as orphans.

kubecarry::node::dir() { echo "${LOCAL_CLUSTER_DIR}/node-$1"; }
kubecarry::node::process() { echo "$1-node-$2"; }
kubecarry::node::containerd_socket() { echo "$(kubecarry::node::dir "$1")/containerd/containerd.sock"; }
kubecarry::node::cgroup_root() { echo "/kubecarry-${LOCAL_CLUSTER_PREFIX}-node-$1"; }
# The global (not per network namespace) sysctls kubelet sets at start.
readonly KUBECARRY_KUBELET_SYSCTLS=(kernel/panic kernel/panic_on_oops vm/overcommit_memory kernel/keys/root_maxkeys kernel/keys/root_maxbytes)

# kubecarry::node::in_netns <node> <command...> runs a command in the node's
# network namespace. nsenter, not "ip netns exec": that one remounts /sys for the
# namespace, and runc then finds no cgroup mount. (Started components use
# nsenter directly: their recorded PID must be the binary's.)
kubecarry::node::in_netns() {
  local netns
  netns="$(kubecarry::cluster::netns "$1")"
  shift
  nsenter --net="/run/netns/${netns}" "$@"
}

# kubecarry::node::crictl <node> <args...> runs crictl against the node's
# containerd.
kubecarry::node::crictl() {
  local socket
  socket="$(kubecarry::node::containerd_socket "$1")"
  shift
  CONTAINER_RUNTIME_ENDPOINT="unix://${socket}" "${CRICTL_BINARY}" --timeout 30s "$@"
}

# kubecarry::node::pod_cidr <node> prints the node's Pod CIDR once the
# controller manager allocated it.
kubecarry::node::pod_cidr() {
  local cidr
  cidr="$(kubecarry::cluster::curl "$(kubecarry::cluster::apiserver_url 1)/api/v1/nodes/node-$1" |
    kubecarry::json::get -allow-missing .spec.podCIDR)" && [[ -n "${cidr}" ]] && echo "${cidr}"
}

# kubecarry::node::cni_config <node> <Pod CIDR> writes the bridge network:
# cni0 is the Pods' gateway; nothing is masqueraded, as the Kubernetes
# network model asks (Pods reach Pods, nodes and the host by their own
# addresses: every node and the host route each node's Pod CIDR to it,
# kubecarry::nodes::pod_routes; nothing beyond the host is reachable);
# host-local keeps its leases in the cluster's state instead of
# /var/lib/cni, and portmap gives containers' hostPorts (on any hostIP,
# 127.0.0.1 too), as kubelet leaves them to the network plugin.
kubecarry::node::cni_config() {
  local dir
  dir="$(kubecarry::node::dir "$1")/cni"
  mkdir -p "${dir}/net.d" "${dir}/ipam"
  cat >"${dir}/net.d/10-kubecarry-bridge.conflist" <<JSON
{
  "cniVersion": "1.0.0",
  "name": "kubecarry",
  "plugins": [
    {
      "type": "bridge",
      "bridge": "cni0",
      "isGateway": true,
      "ipMasq": false,
      "hairpinMode": true,
      "ipam": {
        "type": "host-local",
        "ranges": [[{"subnet": "$2"}]],
        "routes": [{"dst": "0.0.0.0/0"}],
        "dataDir": "${dir}/ipam"
      }
    },
    {"type": "portmap", "capabilities": {"portMappings": true}}
  ]
}
JSON
}

# kubecarry::node::containerd <node> starts containerd with the CRI plugin
# in the node's namespace and imports the local images into its k8s.io
# namespace.
kubecarry::node::containerd() {
  local node="$1" dir config socket
  dir="$(kubecarry::node::dir "${node}")/containerd"
  config="${dir}/config.toml"
  socket="$(kubecarry::node::containerd_socket "${node}")"
  ((${#socket} < 100)) || kubecarry::log::fatal "containerd's socket path ${socket} is too long for a unix socket; set LOCAL_CLUSTER_DIR to a shorter path"
  mkdir -p "${dir}"
  # restrict_oom_score_adj: this machine lacks CAP_SYS_RESOURCE, and runc
  # cannot lower a score below its own without it.
  cat >"${config}" <<TOML
version = 2
root = "${dir}/root"
state = "${dir}/state"
disabled_plugins = ["io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.devmapper", "io.containerd.snapshotter.v1.zfs"]

[grpc]
  address = "${socket}"

[plugins."io.containerd.internal.v1.opt"]
  path = "${dir}/opt"

[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "$(kubecarry::images::ref pause)"
  restrict_oom_score_adj = true
  netns_mounts_under_state_dir = true
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "$(kubecarry::node::dir "${node}")/cni/net.d"
  [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
    runtime_type = "io.containerd.runc.v2"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
      SystemdCgroup = false
      Root = "${dir}/runc"
TOML
  local name
  name="$(kubecarry::node::process containerd "${node}")"
  kubecarry::log::status "starting containerd $(containerd --version | awk '{print $3}') (CRI) for node-${node} in $(kubecarry::cluster::netns "${node}")"
  kubecarry::node::start_containerd "${node}"
  kubecarry::cluster::wait_ready "${name}" "serving" ctr --address "${socket}" version
  local image
  for image in "${KUBECARRY_LOCAL_IMAGES[@]}"; do
    ctr --address "${socket}" -n k8s.io images import "$(kubecarry::images::tarball "${image}")" >/dev/null ||
      kubecarry::cluster::fail "${name}" "importing the ${image} image failed"
  done
}

# kubecarry::node::start_containerd <node> starts containerd with the
# node's config.toml in its namespace.
kubecarry::node::start_containerd() {
  local containerd
  containerd="$(command -v containerd)"
  kubecarry::cluster::start "$(kubecarry::node::process containerd "$1")" "${containerd}" \
    nsenter --net="/run/netns/$(kubecarry::cluster::netns "$1")" "${containerd}" --config "$(kubecarry::node::dir "$1")/containerd/config.toml"
}

# kubecarry::node::record_sysctls <node> keeps the global sysctls kubelet
# is about to change, for kubecarry::node::down to put back; a value
# already recorded (a run that crashed) is kept. Nodes go down last first,
# so node-1's record, taken before any kubelet ran, is put back last.
kubecarry::node::record_sysctls() {
  local file key
  file="$(kubecarry::node::dir "$1")/sysctls"
  [[ -f "${file}" ]] && return 0
  for key in "${KUBECARRY_KUBELET_SYSCTLS[@]}"; do
    printf '%s %s\n' "${key}" "$(cat "/proc/sys/${key}")"
  done >"${file}.tmp"
  mv "${file}.tmp" "${file}"
}

# kubecarry::node::cgroup_root_create <node> makes the node's Pods' cgroup
# root in every v1 hierarchy (kubelet requires it to exist); a cpuset child
# starts with no CPUs, so it gets its parent's.
kubecarry::node::cgroup_root_create() {
  local root h
  root="$(kubecarry::node::cgroup_root "$1")"
  for h in /sys/fs/cgroup/*/; do
    [[ -f "${h}cgroup.procs" ]] || continue
    mkdir -p "${h}${root#/}"
    if [[ -f "${h}cpuset.cpus" ]]; then
      cat "${h}cpuset.cpus" >"${h}${root#/}/cpuset.cpus"
      cat "${h}cpuset.mems" >"${h}${root#/}/cpuset.mems"
    fi
  done
}

# kubecarry::node::kubelet <node> starts kubelet for the node in its
# namespace, as system:node:node-<node> (the Node authorizer lets it touch
# its own Node and Pods only). Its ports are the node namespace's own.
kubecarry::node::kubelet() {
  local node="$1" dir pki config name
  dir="$(kubecarry::node::dir "${node}")"
  name="$(kubecarry::node::process kubelet "${node}")"
  pki="$(kubecarry::cluster::pki)"
  config="${dir}/kubelet.yaml"
  mkdir -p "${dir}/kubelet" "${dir}/pod-logs"
  # Disk and image thresholds that never fire on a busy developer disk:
  # evicting the Pods, or collecting images nobody can pull again, would
  # break the cluster for no reason here.
  cat >"${config}" <<YAML
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
failCgroupV1: false
cgroupDriver: cgroupfs
cgroupRoot: $(kubecarry::node::cgroup_root "${node}")
containerRuntimeEndpoint: unix://$(kubecarry::node::containerd_socket "${node}")
address: $(kubecarry::cluster::node_ip "${node}")
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
healthzPort: 10248
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: ${pki}/ca.crt}
authorization: {mode: Webhook}
clusterDomain: cluster.local
clusterDNS: [${KUBECARRY_DNS_SERVICE_IP}]
resolvConf: ""
failSwapOn: false
podLogsDir: ${dir}/pod-logs
evictionHard: {memory.available: 50Mi, nodefs.available: 1%, nodefs.inodesFree: 1%, imagefs.available: 1%}
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
YAML
  kubecarry::node::record_sysctls "${node}"
  kubecarry::node::cgroup_root_create "${node}"
  kubecarry::log::status "starting kubelet $("${KUBELET_BINARY}" --version | awk '{print $2}') (upstream) for node-${node} in $(kubecarry::cluster::netns "${node}")"
  kubecarry::cluster::start "${name}" "${KUBELET_BINARY}" \
    nsenter --net="/run/netns/$(kubecarry::cluster::netns "${node}")" "${KUBELET_BINARY}" \
    --config="${config}" --kubeconfig="$(kubecarry::cluster::kubelet_kubeconfig "${node}")" \
    --root-dir="${dir}/kubelet" --hostname-override="node-${node}" --node-ip="$(kubecarry::cluster::node_ip "${node}")" \
    --cloud-provider=external
  kubecarry::cluster::wait_ready "${name}" "healthy" kubecarry::node::in_netns "${node}" curl -sf http://127.0.0.1:10248/healthz
  # kubelet only warns about a field it does not know, and ignores it.
  if grep -q "strict decoding failed" "$(kubecarry::cluster::logs)/${name}.log"; then
    kubecarry::cluster::fail "${name}" "does not accept ${config} as written (a field it does not know)"
  fi
}

kubecarry::node::is_ready() {
  [[ "$(kubecarry::cluster::curl "$(kubecarry::cluster::apiserver_url 1)/api/v1/nodes/node-$1" |
    kubecarry::json::get -allow-missing '{.status.conditions[?(@.type=="Ready")].status}')" == True ]]
}

# kubecarry::node::up <node> makes the node real once the controller
# manager gave it a Pod CIDR: the CNI network, containerd, kubelet; it
# returns when the Node is Ready.
kubecarry::node::up() {
  local node="$1" cidr
  kubecarry::cluster::wait_ready kube-controller-manager "allocating node-${node} a Pod CIDR" kubecarry::node::pod_cidr "${node}"
  cidr="$(kubecarry::node::pod_cidr "${node}")"
  kubecarry::node::cni_config "${node}" "${cidr}"
  # Pod-to-Service traffic that comes back to a Pod on the same bridge must
  # pass kube-proxy's rules to be un-NATed: bridged IPv4 through netfilter.
  kubecarry::node::in_netns "${node}" sysctl -qw net.bridge.bridge-nf-call-iptables=1
  kubecarry::node::containerd "${node}"
  kubecarry::node::kubelet "${node}"
  kubecarry::cluster::wait_ready "$(kubecarry::node::process kubelet "${node}")" "Node node-${node} Ready (Pod CIDR ${cidr})" \
    kubecarry::node::is_ready "${node}"
}

# kubecarry::node::down <node> removes what the node ran: Pods through the
# CRI (containerd is started again for it when a crash left its state),
# then whatever survived in the Pods' cgroups, the mounts under its state
# directory, kubelet's log links, and puts the sysctls back. It runs before
# the other processes stop, and is safe when the node never ran.
kubecarry::node::down() {
  local node="$1" dir containerd
  dir="$(kubecarry::node::dir "${node}")"
  containerd="$(kubecarry::node::process containerd "${node}")"
  [[ -d "${dir}" ]] || return 0
  # kubelet first, so it does not start again what is being removed.
  kubecarry::cluster::stop "$(kubecarry::node::process kubelet "${node}")"
  if [[ -f "${dir}/containerd/config.toml" && -n "${CRICTL_BINARY:-}" ]] &&
    ip netns list | awk '{print $1}' | grep -qx "$(kubecarry::cluster::netns "${node}")"; then
    if ! kubecarry::cluster::pid_of "${containerd}" >/dev/null; then
      kubecarry::log::status "starting node-${node}'s containerd again to remove the Pods a previous run left"
      kubecarry::node::start_containerd "${node}"
      local deadline=$((SECONDS + 30))
      until ctr --address "$(kubecarry::node::containerd_socket "${node}")" version >/dev/null 2>&1 || ((SECONDS > deadline)); do sleep 0.5; done
    fi
    kubecarry::log::status "removing node-${node}'s Pods"
    kubecarry::node::crictl "${node}" rmp --all --force >/dev/null 2>&1 ||
      kubecarry::log::error "crictl could not remove every Pod of node-${node}; killing what is left"
  fi
  kubecarry::cluster::stop "${containerd}"
  kubecarry::node::kill_shims "${node}"
  kubecarry::node::remove_cgroups "${node}"
  kubecarry::node::unmount_all "${dir}"
  kubecarry::node::remove_state "${node}"
  # kubelet links every container's log into /var/log/containers, wherever
  # podLogsDir is.
  find /var/log/containers -maxdepth 1 -lname "${dir}/pod-logs/*" -delete 2>/dev/null || true
  kubecarry::node::restore_sysctls "${node}"
}

# kubecarry::node::kill_shims <node> kills the runc shims of the node's
# containerd (they outlive it by design).
kubecarry::node::kill_shims() {
  local socket pid
  socket="$(kubecarry::node::containerd_socket "$1")"
  for pid in $(pgrep -f containerd-shim-runc-v2 || true); do
    if tr '\0' ' ' <"/proc/${pid}/cmdline" 2>/dev/null | grep -qF -- "-address ${socket} "; then
      kill -KILL "${pid}" 2>/dev/null || true
    fi
  done
}

# kubecarry::node::remove_cgroups <node> kills whatever still runs in the
# node's Pods' cgroups and removes them, deepest first.
kubecarry::node::remove_cgroups() {
  local root h d pid tries
  root="$(kubecarry::node::cgroup_root "$1")"
  for h in /sys/fs/cgroup/*/; do
    [[ -d "${h}${root#/}" ]] || continue
    while IFS= read -r d; do
      for tries in 1 2 3 4 5 6 7 8 9 10; do
        while read -r pid; do kill -KILL "${pid}" 2>/dev/null || true; done <"${d}/cgroup.procs"
        rmdir "${d}" 2>/dev/null && break
        sleep 0.2
      done
      [[ ! -d "${d}" ]] || kubecarry::log::error "could not remove cgroup ${d} (tried ${tries} times)"
    done < <(find "${h}${root#/}" -depth -type d)
  done
}

# kubecarry::node::unmount_all <dir> unmounts every mount point under dir,
# deepest first (Pod volumes, container root file systems, network
# namespaces, shm).
kubecarry::node::unmount_all() {
  local m
  while IFS= read -r m; do
    umount -l "${m}" 2>/dev/null || kubecarry::log::error "could not unmount ${m}"
  done < <(awk -v dir="$1/" 'index($5, dir) == 1 {print $5}' /proc/self/mountinfo | LC_ALL=C sort -r)
}

# kubecarry::node::remove_state <node> deletes the node's containerd state
# (images, snapshots, sandboxes) and address leases, keeping the logs.
# Never through a mount point: a mount that could not be removed keeps it.
kubecarry::node::remove_state() {
  local dir left
  dir="$(kubecarry::node::dir "$1")"
  left="$(awk -v dir="${dir}/" 'index($5, dir) == 1 {print $5}' /proc/self/mountinfo)"
  if [[ -n "${left}" ]]; then
    kubecarry::log::error "keeping ${dir}: still mounted there: ${left//$'\n'/ }"
    return 0
  fi
  rm -rf --one-file-system "${dir}/containerd" "${dir}/cni" "${dir}/kubelet"
}

kubecarry::node::restore_sysctls() {
  local file key value
  file="$(kubecarry::node::dir "$1")/sysctls"
  [[ -f "${file}" ]] || return 0
  while read -r key value; do
    echo "${value}" >"/proc/sys/${key}" || kubecarry::log::error "could not restore ${key//\//.} to ${value}"
  done <"${file}"
  rm -f "${file}"
}

# ---------------------------------------------------------------------------
# All the real nodes.

# kubecarry::nodes::up makes node-1 ... node-REAL_NODES real, one after
# the other, then routes every node's Pod CIDR between them.
kubecarry::nodes::up() {
  local j
  for ((j = 1; j <= REAL_NODES; j++)); do
    kubecarry::node::up "${j}"
  done
  kubecarry::nodes::pod_routes
}

# kubecarry::nodes::pod_routes: a Pod reaches a Pod of another node by its
# address, as a host-gw network does it: each node routes every other
# node's Pod CIDR via that node's address on the cluster's bridge, and so
# does the host (its kube-apiservers reach Pods: webhooks, pods/proxy).
# The host's route for the whole cluster CIDR via node-1
# (kubecarry::cluster::node_routes) covers node-1's own.
kubecarry::nodes::pod_routes() {
  local j k cidr via
  for ((j = 1; j <= REAL_NODES; j++)); do
    cidr="$(kubecarry::node::pod_cidr "${j}")"
    via="$(kubecarry::cluster::node_ip "${j}")"
    ((j == 1)) || ip route replace "${cidr}" via "${via}" dev "$(kubecarry::cluster::host_link)"
    for ((k = 1; k <= REAL_NODES; k++)); do
      ((k == j)) || ip -n "$(kubecarry::cluster::netns "${k}")" route replace "${cidr}" via "${via}" dev eth0
    done
  done
}

# kubecarry::nodes::present prints the numbers of the nodes whose state a
# run of this state directory left, highest first (--down does not know
# how many a crashed run started).
kubecarry::nodes::present() {
  local d
  for d in "${LOCAL_CLUSTER_DIR}"/node-*; do
    [[ -d "${d}" && "${d##*/node-}" =~ ^[0-9]+$ ]] && echo "${d##*/node-}"
  done | sort -rn
}

# kubecarry::nodes::down takes every node down, the last first (so the
# sysctls go back to what they were before node-1's kubelet ran).
kubecarry::nodes::down() {
  local j
  for j in $(kubecarry::nodes::present); do
    kubecarry::node::down "${j}"
  done
}
