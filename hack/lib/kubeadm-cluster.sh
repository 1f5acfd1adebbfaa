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

# The kubeadm clusters of test/kubeadm (hack/kubeadm-cluster.sh): nodes as
# kind makes them, without Docker. Each node is a network namespace
# kca-<node> on the bridge kca0 (10.210.0.0/24, the host is .1), and a
# kcnode init (test/kubeadm/node) in mount and UTS namespaces of its own
# running containerd and kubelet as kubeadm's packages install them. HAProxy
# on the host at 10.210.0.1:6443 is the recipe's controlPlaneEndpoint (each
# node's /etc/hosts gives its name that address). kubeadm runs inside the
# nodes (kcnode exec), with the docs' recipe byte for byte.
# State: ${KUBEADM_CLUSTER_DIR} (nodes/<node>/ is each node's, see
# test/kubeadm/node.Layout).

readonly KCA_BRIDGE=kca0
readonly KCA_HOST_IP=10.210.0.1
KUBEADM_CLUSTER_DIR="${KUBEADM_CLUSTER_DIR:-${KUBECARRY_ROOT}/_output/kubeadm-cluster}"
# The preflight checks that fail only because of this machine, by name:
# cgroup v1 (kubelet is told failCgroupV1: false by the node's drop-in).
# shellcheck disable=SC2034 # hack/lib/kubeadm-cluster-{up,upgrade}.sh use it.
readonly KCA_IGNORE_PREFLIGHT=SystemVerification

kubecarry::kca::node_dir() { echo "${KUBEADM_CLUSTER_DIR}/nodes/$1"; }
kubecarry::kca::cgroup_root() { echo "/kubecarry-kca-$1"; }

# kubecarry::kca::node_ip <node> prints cp-N's address 10.210.0.1N and
# worker-N's 10.210.0.2N; kubecarry::kca::pod_cidr its Pods' range.
kubecarry::kca::node_ip() {
  case "$1" in
    cp-[1-9]) echo "10.210.0.1${1#cp-}" ;;
    worker-[1-9]) echo "10.210.0.2${1#worker-}" ;;
    *) kubecarry::log::fatal "unknown node name '$1' (cp-1..cp-9, worker-1..worker-9)" ;;
  esac
}
kubecarry::kca::pod_cidr() {
  local ip
  ip="$(kubecarry::kca::node_ip "$1")"
  echo "10.244.${ip##*.}.0/24"
}

# kubecarry::kca::exec <node> <command...> runs a command in the node.
kubecarry::kca::exec() {
  local n="$1"
  shift
  "${KCNODE}" exec --state "$(kubecarry::kca::node_dir "${n}")" -- "$@"
}

# kubecarry::kca::kubectl <args...> runs kubectl in cp-1 as the cluster's
# admin, through the load balancer.
kubecarry::kca::kubectl() {
  kubecarry::kca::exec cp-1 kubectl --kubeconfig /etc/kubernetes/admin.conf "$@"
}

# kubecarry::kca::tools installs and builds what the nodes run: containerd,
# runc and the CNI plugins (Debian's), kcnode, kcadm, kubeadm, kubelet and
# kubectl of KUBEADM_VERSION, crictl.
kubecarry::kca::tools() {
  # What a node runs besides Kubernetes, as a node image would have it.
  kubecarry::apt::install "the nodes of hack/kubeadm-cluster.sh" \
    containerd=containerd ctr=containerd runc=runc /usr/lib/cni/bridge=containernetworking-plugins \
    nft=nftables iptables=iptables conntrack=conntrack ip=iproute2 curl=curl nsenter=util-linux unshare=util-linux
  KCNODE="$(kubecarry::golang::tool kcnode)"
  KCADM="$(kubecarry::golang::tool kcadm)"
  KUBEADM_BINARY="$(kubecarry::upstream::build kubeadm "${KUBEADM_VERSION}" | tail -n1)"
  KUBELET_BINARY="$(kubecarry::upstream::build kubelet "${KUBEADM_VERSION}" | tail -n1)"
  KUBECTL_BINARY="$(kubecarry::upstream::build kubectl "${KUBEADM_VERSION}" | tail -n1)"
  CRICTL_BINARY="$(kubecarry::upstream::go_install sigs.k8s.io/cri-tools/cmd/crictl "${KUBECARRY_CRICTL_VERSION}" | tail -n1)"
}

# kubecarry::kca::image_source <image> prints how to get an image kubeadm
# names ("kubeadm config images list"): "release <tarball>" for what
# kubecarry releases, "binary <path> <user> [<rootfs>]" for what is built
# here: upstream's components of the image's tag (kube-scheduler of the
# release kubecarry carries, everything of an upstream release such as
# v1.36.3 for the upgrade), etcd and CoreDNS of the tag, test/images/pause.
kubecarry::kca::image_source() {
  local image="$1" name tag
  name="${image%:*}" tag="${image##*:}"
  name="${name##*/}"
  case "${name}" in
    kube-apiserver | kube-controller-manager | kube-proxy | kube-scheduler)
      # The recipe's kubernetesVersion v1.35.8+kubecarry.N: tag v1.35.8_kubecarry.N.
      local version="${tag}"
      if [[ "${tag}" == *_kubecarry.* ]]; then
        version="${UPSTREAM_VERSION}"
        if [[ "${name}" != kube-scheduler ]]; then
          local tarball="${KUBECARRY_RELEASE_DIR}/images/linux/amd64/${name}.tar"
          [[ -f "${tarball}" ]] || kubecarry::log::fatal "kubeadm needs ${image}, and ${tarball} is missing: build the release with 'KUBE_BUILD_PLATFORMS=linux/amd64 make release'"
          echo "release ${tarball}"
          return 0
        fi
      fi
      [[ "${version}" =~ ^v1\.[0-9]+\.[0-9]+$ ]] || kubecarry::log::fatal "kubeadm needs ${image}: neither kubecarry's release nor an upstream release"
      local rootfs=""
      [[ "${name}" != kube-proxy ]] || rootfs="$(kubecarry::kca::kube_proxy_base)"
      echo "binary $(kubecarry::upstream::build "${name}" "${version}" | tail -n1) 0 ${rootfs}"
      ;;
    etcd) echo "binary $(kubecarry::etcd::binary "v${tag%-*}" | tail -n1) 0" ;;
    coredns) echo "binary $(kubecarry::upstream::go_install github.com/coredns/coredns "${tag}" | tail -n1) 0" ;;
    pause)
      local bin="${KUBEADM_CLUSTER_DIR}/images/pause-bin"
      kubecarry::golang::test_image pause "${bin}"
      echo "binary ${bin} 65535"
      ;;
    *) kubecarry::log::fatal "kubeadm needs ${image}, which this harness does not know how to build" ;;
  esac
}

# kubecarry::kca::kube_proxy_base prints the path of the Debian root file
# system kube-proxy's image needs (nft, iptables: what make release puts
# under kubecarry's), extracted once with the release's recipe.
kubecarry::kca::kube_proxy_base() {
  local base="${KUBECARRY_OUTPUT}/kubeadm-cluster-base/kube-proxy-base-amd64.tar"
  if [[ ! -s "${base}" ]]; then
    mkdir -p "${base%/*}"
    kubecarry::apt::install "the kube-proxy images of hack/kubeadm-cluster.sh" mmdebstrap=mmdebstrap dpkg-deb=dpkg
    SOURCE_DATE_EPOCH=0 kubecarry::release::debian_rootfs amd64 "${base}" "${base%.tar}.debs" >&2
  fi
  echo "${base}"
}

# kubecarry::kca::images <kubeadm> <config> <list> [<pattern>] writes one
# tarball per image that kubeadm binary names for that configuration (and
# whose name matches the grep pattern) into ${KUBEADM_CLUSTER_DIR}/images,
# under exactly that name (a release image is re-tagged on import), and
# lists "<image> <tarball>" in <list>.
kubecarry::kca::images() {
  local kubeadm="$1" config="$2" list="$3" pattern="${4:-.}" dir="${KUBEADM_CLUSTER_DIR}/images" image source kind path user rootfs tool out
  mkdir -p "${dir}"
  tool="$(kubecarry::release::tool)"
  : >"${list}"
  if ! out="$("${kubeadm}" config images list --config "${config}" 2>&1)"; then
    kubecarry::log::fatal "kubeadm config images list refuses ${config}: ${out}"
  fi
  for image in ${out}; do
    grep -q -- "${pattern}" <<<"${image}" || continue
    source="$(kubecarry::kca::image_source "${image}")"
    read -r kind path user rootfs <<<"${source}"
    if [[ "${kind}" == release ]]; then
      printf '%s %s\n' "${image}" "${path}" >>"${list}"
      continue
    fi
    local name="${image%:*}" file
    name="${name##*/}"
    file="${dir}/${name}-${image##*:}"
    local args=(--name "${name}" --ref "${image}" --version "${image##*:}" --source "${KUBECARRY_DEFAULT_SOURCE_URL}" --epoch 0
      --user "${user}" --binary "linux/amd64=${path}" --tarball "linux/amd64=${file}.tar" --layout "${file}.layout")
    [[ -z "${rootfs}" ]] || args+=(--rootfs "linux/amd64=${rootfs}")
    rm -rf "${file}.layout"
    if ! out="$("${tool}" image "${args[@]}" 2>&1)"; then
      kubecarry::log::fatal "building the image ${image} failed: ${out}"
    fi
    printf '%s %s\n' "${image}" "${file}.tar" >>"${list}"
  done
}

# kubecarry::kca::import <node> <list> imports every image of the list into
# the node's containerd (kubelet's namespace), under the name kubeadm uses.
kubecarry::kca::import() {
  local n="$1" image tarball loaded
  while read -r image tarball; do
    loaded="$(kubecarry::kca::exec "${n}" ctr -n k8s.io images import "${tarball}" | awk '{print $2}' | head -n1)" ||
      kubecarry::log::fatal "importing ${tarball} into ${n} failed"
    if [[ -n "${loaded}" && "${loaded}" != "${image}" ]]; then
      kubecarry::kca::exec "${n}" ctr -n k8s.io images tag --force "${loaded}" "${image}" >/dev/null
    fi
  done <"$2"
}

# kubecarry::kca::network creates the bridge the nodes share.
kubecarry::kca::network() {
  ip link show "${KCA_BRIDGE}" >/dev/null 2>&1 && return 0
  ip link add "${KCA_BRIDGE}" type bridge
  ip addr add "${KCA_HOST_IP}/24" dev "${KCA_BRIDGE}"
  ip link set "${KCA_BRIDGE}" up
}

# kubecarry::kca::node_up <node> <all nodes...> creates the node's network
# namespace (its address, routes to the other nodes' Pods), its files
# (binaries, containerd's config, CNI, /etc/hosts), starts its init and
# imports the images.
kubecarry::kca::node_up() {
  local n="$1" ns="kca-$1" ip dir other
  shift
  ip="$(kubecarry::kca::node_ip "${n}")"
  dir="$(kubecarry::kca::node_dir "${n}")"
  ip netns add "${ns}"
  ip link add "kca-${n}" type veth peer name eth0 netns "${ns}"
  ip link set "kca-${n}" master "${KCA_BRIDGE}" up
  ip -n "${ns}" addr add "${ip}/24" dev eth0
  ip -n "${ns}" link set eth0 up
  ip -n "${ns}" link set lo up
  ip -n "${ns}" route add default via "${KCA_HOST_IP}"
  ip netns exec "${ns}" sysctl -qw net.ipv4.ip_forward=1
  for other in "$@"; do
    [[ "${other}" == "${n}" ]] || ip -n "${ns}" route add "$(kubecarry::kca::pod_cidr "${other}")" via "$(kubecarry::kca::node_ip "${other}")"
  done

  mkdir -p "${dir}/fs/bin" "${dir}/fs/etc-containerd" "${dir}/fs/etc-cni-net.d"
  cp "${KUBEADM_BINARY}" "${KUBELET_BINARY}" "${KUBECTL_BINARY}" "${CRICTL_BINARY}" "${KCNODE}" "${dir}/fs/bin/"
  ln -sf kcnode "${dir}/fs/bin/systemctl"
  "${KCADM}" node-files --node "${n}" --ip "${ip}" --pod-cidr "$(kubecarry::kca::pod_cidr "${n}")" \
    --recipe "${KUBEADM_CLUSTER_DIR}/recipe.yaml" --load-balancer-ip "${KCA_HOST_IP}" --dir "${dir}" \
    --pause-image "$(awk '$1 ~ /\/pause:/ {print $1}' "${KUBEADM_CLUSTER_DIR}/images/list")" ||
    kubecarry::log::fatal "writing the files of node ${n} failed"

  kubecarry::log::status "starting node ${n} (${ip}, network namespace ${ns})"
  # Environment-only kubelet settings (the node's own drop-in): cgroupfs and
  # cgroup v1 (no systemd here), thresholds that never fire on a busy
  # developer disk.
  setsid unshare --mount --uts --propagation private -- nsenter --net="/run/netns/${ns}" -- \
    "${KCNODE}" init --state "${dir}" --name "${n}" --cgroup-root "$(kubecarry::kca::cgroup_root "${n}")" \
    --hosts "${dir}/hosts" --sysctls "${KUBEADM_CLUSTER_DIR}/sysctls" \
    --kubelet-args "--cgroup-driver=cgroupfs --fail-cgroupv1=false --eviction-hard=memory.available<50Mi,nodefs.available<1%,imagefs.available<1% --image-gc-high-threshold=100 --image-gc-low-threshold=99" \
    >"${dir}/init.log" 2>&1 </dev/null &
  local deadline=$((SECONDS + 60))
  until [[ -S "${dir}/control.sock" ]]; do
    if ((SECONDS > deadline)) || ! kill -0 $! 2>/dev/null; then
      kubecarry::log::error "node ${n} did not come up; its init said:"
      tail -n 20 "${dir}/init.log" "${dir}/log/containerd.log" >&2 || true
      return 1
    fi
    sleep 0.2
  done
  kubecarry::kca::import "${n}" "${KUBEADM_CLUSTER_DIR}/images/list"
}

# kubecarry::kca::load_balancer <control planes...> starts HAProxy at the
# recipe's controlPlaneEndpoint in front of them, configured as the local
# cluster's (hack/lib/local-cluster-lb.sh: TCP, /readyz health checks).
kubecarry::kca::load_balancer() {
  kubecarry::apt::install "the load balancer of hack/kubeadm-cluster.sh" haproxy=haproxy
  local config="${KUBEADM_CLUSTER_DIR}/haproxy.cfg" n backends=()
  for n in "$@"; do backends+=("${n}=$(kubecarry::kca::node_ip "${n}"):6443"); done
  kubecarry::lb::haproxy_config "${KCA_HOST_IP}:6443" "${backends[@]}" >"${config}"
  haproxy -c -q -f "${config}" || kubecarry::log::fatal "HAProxy refuses its configuration ${config}"
  setsid haproxy -db -f "${config}" >"${KUBEADM_CLUSTER_DIR}/haproxy.log" 2>&1 </dev/null &
  echo $! >"${KUBEADM_CLUSTER_DIR}/haproxy.pid"
  local deadline=$((SECONDS + 10))
  until ss -Hltn "src ${KCA_HOST_IP}:6443" | grep -q .; do
    if ! kill -0 "$(cat "${KUBEADM_CLUSTER_DIR}/haproxy.pid")" 2>/dev/null || ((SECONDS > deadline)); then
      kubecarry::log::fatal "HAProxy did not start on ${KCA_HOST_IP}:6443 (address or port in use?): $(tail -n 5 "${KUBEADM_CLUSTER_DIR}/haproxy.log")"
    fi
    sleep 0.2
  done
}

# kubecarry::kca::kubeadm <node> <kubeadm args...> runs kubeadm in the node;
# when it fails, it shows the node's kubelet and containerd log tails.
kubecarry::kca::kubeadm() {
  local n="$1" dir log what="$2"
  shift
  dir="$(kubecarry::kca::node_dir "${n}")"
  [[ "$1" != upgrade ]] || what+=" $2"
  # Outside nodes/, which down removes: the logs outlive the cluster.
  mkdir -p "${KUBEADM_CLUSTER_DIR}/logs"
  log="${KUBEADM_CLUSTER_DIR}/logs/${n}-kubeadm-${what// /-}.log"
  kubecarry::log::status "kubeadm ${what} on ${n}"
  if ! kubecarry::kca::exec "${n}" kubeadm "$@" >"${log}" 2>&1; then
    kubecarry::log::error "the node's kubelet and containerd logs end with:"
    tail -n 10 "${dir}/log/kubelet.log" "${dir}/log/containerd.log" >&2 || true
    kubecarry::log::error "kubeadm ${what} on ${n} failed; its output (${log}) ends with:"
    tail -n 30 "${log}" >&2
    return 1
  fi
}

# kubecarry::kca::down stops every node and HAProxy, then removes what they
# left: processes, cgroups, network namespaces, mount targets, the host's
# sysctls as they were.
kubecarry::kca::down() {
  local dir n pid
  [[ -d "${KUBEADM_CLUSTER_DIR}/nodes" ]] || return 0
  KCNODE="${KCNODE:-$(kubecarry::golang::tool kcnode)}"
  for dir in "${KUBEADM_CLUSTER_DIR}"/nodes/*/; do
    if [[ -f "${dir}init.pid" ]] && pid="$(cat "${dir}init.pid")" && kill -TERM "${pid}" 2>/dev/null; then
      kubecarry::log::status "stopping node $(basename "${dir}")"
      while kill -0 "${pid}" 2>/dev/null; do sleep 0.2; done
    fi
  done
  if [[ -f "${KUBEADM_CLUSTER_DIR}/haproxy.pid" ]]; then
    kill "$(cat "${KUBEADM_CLUSTER_DIR}/haproxy.pid")" 2>/dev/null || true
    rm -f "${KUBEADM_CLUSTER_DIR}/haproxy.pid"
  fi
  for dir in "${KUBEADM_CLUSTER_DIR}"/nodes/*/; do
    n="$(basename "${dir}")"
    "${KCNODE}" cleanup --state "${dir}" --cgroup-root "$(kubecarry::kca::cgroup_root "${n}")" --sysctls "${KUBEADM_CLUSTER_DIR}/sysctls"
    ! ip netns list | grep -qw "kca-${n}" || ip netns delete "kca-${n}"
  done
  ! ip link show "${KCA_BRIDGE}" >/dev/null 2>&1 || ip link delete "${KCA_BRIDGE}"
  rm -rf --one-file-system "${KUBEADM_CLUSTER_DIR}/nodes"
}
