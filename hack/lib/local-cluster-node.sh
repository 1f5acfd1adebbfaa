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

# The real node of the local cluster (hack/lib/local-cluster.sh): node-1
# runs containerd (CRI) and an unpatched upstream kubelet inside its network
# namespace, with a bridge CNI network on the Pod CIDR the controller
# manager allocated it. Its state is under <LOCAL_CLUSTER_DIR>/node-1:
#   containerd/  root, state (with the Pods' network namespaces), socket,
#                runc's state (--runc-root), config.toml
#   kubelet/     kubelet's root directory (Pod volumes, its serving cert)
#   pod-logs/    container logs
#   cni/         the network configuration and host-local's address leases
#   sysctls      the global sysctls kubelet changes, as they were before it
# The Pods' cgroups are under KUBECARRY_NODE_CGROUP_ROOT in every cgroup v1
# hierarchy, so two local clusters (--test next to a running one) never see
# each other's Pods as orphans.

kubecarry::node::dir() { echo "${LOCAL_CLUSTER_DIR}/node-1"; }
kubecarry::node::containerd_socket() { echo "$(kubecarry::node::dir)/containerd/containerd.sock"; }
kubecarry::node::cgroup_root() { echo "/kubecarry-${LOCAL_CLUSTER_PREFIX}"; }
# The global (not per network namespace) sysctls kubelet sets at start.
readonly KUBECARRY_KUBELET_SYSCTLS=(kernel/panic kernel/panic_on_oops vm/overcommit_memory kernel/keys/root_maxkeys kernel/keys/root_maxbytes)

# kubecarry::node::in_netns <command...> runs a command in node-1's network
# namespace. nsenter, not "ip netns exec": that one remounts /sys for the
# namespace, and runc then finds no cgroup mount. (Started components use
# nsenter directly: their recorded PID must be the binary's.)
kubecarry::node::in_netns() {
  nsenter --net="/run/netns/$(kubecarry::cluster::netns)" "$@"
}

# kubecarry::node::crictl <args...> runs crictl against node-1's containerd.
kubecarry::node::crictl() {
  CONTAINER_RUNTIME_ENDPOINT="unix://$(kubecarry::node::containerd_socket)" "${CRICTL_BINARY}" --timeout 30s "$@"
}

# kubecarry::node::pod_cidr prints node-1's Pod CIDR once the controller
# manager allocated it.
kubecarry::node::pod_cidr() {
  local cidr
  cidr="$(kubecarry::cluster::curl "$(kubecarry::cluster::apiserver_url 1)/api/v1/nodes/node-1" |
    kubecarry::json::get -allow-missing .spec.podCIDR)" && [[ -n "${cidr}" ]] && echo "${cidr}"
}

# kubecarry::node::cni_config <Pod CIDR> writes the bridge network: cni0 is
# the Pods' gateway, traffic leaving the Pod CIDR is masqueraded to the
# node's address, host-local keeps its leases in the cluster's state
# instead of /var/lib/cni, and portmap gives containers' hostPorts (on any
# hostIP, 127.0.0.1 too), as kubelet leaves them to the network plugin.
kubecarry::node::cni_config() {
  local dir
  dir="$(kubecarry::node::dir)/cni"
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
      "ipMasq": true,
      "hairpinMode": true,
      "ipam": {
        "type": "host-local",
        "ranges": [[{"subnet": "$1"}]],
        "routes": [{"dst": "0.0.0.0/0"}],
        "dataDir": "${dir}/ipam"
      }
    },
    {"type": "portmap", "capabilities": {"portMappings": true}}
  ]
}
JSON
}

# kubecarry::node::containerd starts containerd with the CRI plugin in
# node-1's namespace and imports the local images into its k8s.io namespace.
kubecarry::node::containerd() {
  local dir config socket
  dir="$(kubecarry::node::dir)/containerd"
  config="${dir}/config.toml"
  socket="$(kubecarry::node::containerd_socket)"
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
    conf_dir = "$(kubecarry::node::dir)/cni/net.d"
  [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
    runtime_type = "io.containerd.runc.v2"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
      SystemdCgroup = false
      Root = "${dir}/runc"
TOML
  kubecarry::log::status "starting containerd $(containerd --version | awk '{print $3}') (CRI) for node-1 in $(kubecarry::cluster::netns)"
  kubecarry::node::start_containerd
  kubecarry::cluster::wait_ready containerd "serving" ctr --address "${socket}" version
  local image
  for image in "${KUBECARRY_LOCAL_IMAGES[@]}"; do
    ctr --address "${socket}" -n k8s.io images import "$(kubecarry::images::tarball "${image}")" >/dev/null ||
      kubecarry::cluster::fail containerd "importing the ${image} image failed"
  done
}

# kubecarry::node::start_containerd starts containerd with the node's
# config.toml in its namespace.
kubecarry::node::start_containerd() {
  local containerd
  containerd="$(command -v containerd)"
  kubecarry::cluster::start containerd "${containerd}" \
    nsenter --net="/run/netns/$(kubecarry::cluster::netns)" "${containerd}" --config "$(kubecarry::node::dir)/containerd/config.toml"
}

# kubecarry::node::record_sysctls keeps the global sysctls kubelet is about
# to change, for kubecarry::node::down to put back; a value already
# recorded (a run that crashed) is kept.
kubecarry::node::record_sysctls() {
  local file key
  file="$(kubecarry::node::dir)/sysctls"
  [[ -f "${file}" ]] && return 0
  for key in "${KUBECARRY_KUBELET_SYSCTLS[@]}"; do
    printf '%s %s\n' "${key}" "$(cat "/proc/sys/${key}")"
  done >"${file}.tmp"
  mv "${file}.tmp" "${file}"
}

# kubecarry::node::cgroup_root_create makes the Pods' cgroup root in every
# v1 hierarchy (kubelet requires it to exist); a cpuset child starts with
# no CPUs, so it gets its parent's.
kubecarry::node::cgroup_root_create() {
  local root h
  root="$(kubecarry::node::cgroup_root)"
  for h in /sys/fs/cgroup/*/; do
    [[ -f "${h}cgroup.procs" ]] || continue
    mkdir -p "${h}${root#/}"
    if [[ -f "${h}cpuset.cpus" ]]; then
      cat "${h}cpuset.cpus" >"${h}${root#/}/cpuset.cpus"
      cat "${h}cpuset.mems" >"${h}${root#/}/cpuset.mems"
    fi
  done
}

# kubecarry::node::kubelet starts kubelet for node-1 in its namespace.
kubecarry::node::kubelet() {
  local dir pki config
  dir="$(kubecarry::node::dir)"
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
cgroupRoot: $(kubecarry::node::cgroup_root)
containerRuntimeEndpoint: unix://$(kubecarry::node::containerd_socket)
address: $(kubecarry::cluster::node_ip 1)
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
  kubecarry::node::record_sysctls
  kubecarry::node::cgroup_root_create
  kubecarry::log::status "starting kubelet $("${KUBELET_BINARY}" --version | awk '{print $2}') (upstream) for node-1 in $(kubecarry::cluster::netns)"
  kubecarry::cluster::start kubelet "${KUBELET_BINARY}" \
    nsenter --net="/run/netns/$(kubecarry::cluster::netns)" "${KUBELET_BINARY}" \
    --config="${config}" --kubeconfig="${LOCAL_CLUSTER_DIR}/kubelet.kubeconfig" \
    --root-dir="${dir}/kubelet" --hostname-override=node-1 --node-ip="$(kubecarry::cluster::node_ip 1)" \
    --cloud-provider=external
  kubecarry::cluster::wait_ready kubelet "healthy" kubecarry::node::in_netns curl -sf http://127.0.0.1:10248/healthz
  # kubelet only warns about a field it does not know, and ignores it.
  if grep -q "strict decoding failed" "$(kubecarry::cluster::logs)/kubelet.log"; then
    kubecarry::cluster::fail kubelet "does not accept ${config} as written (a field it does not know)"
  fi
}

kubecarry::node::is_ready() {
  [[ "$(kubecarry::cluster::curl "$(kubecarry::cluster::apiserver_url 1)/api/v1/nodes/node-1" |
    kubecarry::json::get -allow-missing '{.status.conditions[?(@.type=="Ready")].status}')" == True ]]
}

# kubecarry::node::up makes node-1 real once the controller manager gave it
# a Pod CIDR: the CNI network, containerd, kubelet; it returns when the
# Node is Ready.
kubecarry::node::up() {
  local cidr
  kubecarry::cluster::wait_ready kube-controller-manager "allocating node-1 a Pod CIDR" kubecarry::node::pod_cidr
  cidr="$(kubecarry::node::pod_cidr)"
  kubecarry::node::cni_config "${cidr}"
  # Pod-to-Service traffic that comes back to a Pod on the same bridge must
  # pass kube-proxy's rules to be un-NATed: bridged IPv4 through netfilter.
  kubecarry::node::in_netns sysctl -qw net.bridge.bridge-nf-call-iptables=1
  kubecarry::node::containerd
  kubecarry::node::kubelet
  kubecarry::cluster::wait_ready kubelet "Node node-1 Ready (Pod CIDR ${cidr})" kubecarry::node::is_ready
}

# kubecarry::node::down removes what node-1 ran: Pods through the CRI
# (containerd is started again for it when a crash left its state), then
# whatever survived in the Pods' cgroups, the mounts under the state
# directory, kubelet's log links, and puts the sysctls back. It runs before
# the other processes stop, and is safe when there is no node.
kubecarry::node::down() {
  local dir
  dir="$(kubecarry::node::dir)"
  [[ -d "${dir}" ]] || return 0
  # kubelet first, so it does not start again what is being removed.
  kubecarry::cluster::stop kubelet
  if [[ -f "${dir}/containerd/config.toml" && -n "${CRICTL_BINARY:-}" ]] &&
    ip netns list | awk '{print $1}' | grep -qx "$(kubecarry::cluster::netns)"; then
    if ! kubecarry::cluster::pid_of containerd >/dev/null; then
      kubecarry::log::status "starting containerd again to remove the Pods a previous run left"
      kubecarry::node::start_containerd
      local deadline=$((SECONDS + 30))
      until ctr --address "$(kubecarry::node::containerd_socket)" version >/dev/null 2>&1 || ((SECONDS > deadline)); do sleep 0.5; done
    fi
    kubecarry::log::status "removing node-1's Pods"
    kubecarry::node::crictl rmp --all --force >/dev/null 2>&1 ||
      kubecarry::log::error "crictl could not remove every Pod; killing what is left"
  fi
  kubecarry::cluster::stop containerd
  kubecarry::node::kill_shims
  kubecarry::node::remove_cgroups
  kubecarry::node::unmount_all "${LOCAL_CLUSTER_DIR}"
  kubecarry::node::remove_state
  # kubelet links every container's log into /var/log/containers, wherever
  # podLogsDir is.
  find /var/log/containers -maxdepth 1 -lname "${dir}/pod-logs/*" -delete 2>/dev/null || true
  kubecarry::node::restore_sysctls
}

# kubecarry::node::kill_shims kills the runc shims of this node's
# containerd (they outlive it by design).
kubecarry::node::kill_shims() {
  local socket pid
  socket="$(kubecarry::node::containerd_socket)"
  for pid in $(pgrep -f containerd-shim-runc-v2 || true); do
    if tr '\0' ' ' <"/proc/${pid}/cmdline" 2>/dev/null | grep -qF -- "-address ${socket} "; then
      kill -KILL "${pid}" 2>/dev/null || true
    fi
  done
}

# kubecarry::node::remove_cgroups kills whatever still runs in the Pods'
# cgroups and removes them, deepest first.
kubecarry::node::remove_cgroups() {
  local root h d pid tries
  root="$(kubecarry::node::cgroup_root)"
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

# kubecarry::node::remove_state deletes containerd's state (images,
# snapshots, sandboxes) and the address leases, keeping the logs. Never
# through a mount point: a mount that could not be removed keeps it.
kubecarry::node::remove_state() {
  local dir left
  dir="$(kubecarry::node::dir)"
  left="$(awk -v dir="${dir}/" 'index($5, dir) == 1 {print $5}' /proc/self/mountinfo)"
  if [[ -n "${left}" ]]; then
    kubecarry::log::error "keeping ${dir}: still mounted there: ${left//$'\n'/ }"
    return 0
  fi
  rm -rf --one-file-system "${dir}/containerd" "${dir}/cni" "${dir}/kubelet"
}

kubecarry::node::restore_sysctls() {
  local file key value
  file="$(kubecarry::node::dir)/sysctls"
  [[ -f "${file}" ]] || return 0
  while read -r key value; do
    echo "${value}" >"/proc/sys/${key}" || kubecarry::log::error "could not restore ${key//\//.} to ${value}"
  done <"${file}"
  rm -f "${file}"
}
