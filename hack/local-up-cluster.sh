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

# Starts a local HA control plane built from kubecarry on one machine: etcd,
# N kube-apiservers (each its own identity, Mixed Version Proxy and
# peer-aggregated discovery on, one of them "older"), optionally a real
# upstream kube-apiserver as a peer, kube-controller-manager, the sample
# cloud-controller-manager with netlink routes, a few Nodes, and kube-proxy
# (nftables) for each real Node, each inside a network namespace of its
# own: an upstream kubelet over containerd runs its Pods, kube-scheduler
# places them, CoreDNS serves cluster DNS, and the summary prints how to
# use the built kubectl and crictl. Needs root.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
source "${KUBECARRY_ROOT}/hack/lib/pki.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster-checks.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster-pod-checks.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster-extension-checks.sh"

usage() {
  cat <<EOF
Usage: hack/local-up-cluster.sh [options]

Starts a local kubecarry control plane and waits; Ctrl-C stops it.

Options (each has an environment variable of the same meaning):
  -n, --apiservers N        kubecarry kube-apiservers to run (API_SERVERS, default 2)
      --older N             server N is "older": it runs without
                            OLDER_DISABLED_API (default batch/v1) and reaches it
                            through its peers; 0 makes none older (OLDER_APISERVER,
                            default 2)
      --upstream-peer vX.Y.Z
                            also run an unpatched upstream kube-apiserver of that
                            release, built from the Go module proxy and cached in
                            ~/.cache/kubecarry/upstream/ (UPSTREAM_PEER); it runs without
                            UPSTREAM_PEER_DISABLED_API (default batch/v1), so
                            requests to it for that API are proxied to kubecarry
      --nodes N             Node objects to register (NODES, default 3)
      --real-nodes N        how many of them are real: kubelet, containerd and
                            kube-proxy in a network namespace each (REAL_NODES,
                            default 1; 2 with --test); the others are
                            registered only, tainted so nothing runs there
      --allow-service-external-ips true|false
                            kube-proxy's --allow-service-external-ips
                            (ALLOW_SERVICE_EXTERNAL_IPS, default true)
      --down                stop the cluster a previous run left and exit
      --test                bring the cluster up, run the checks, tear it down;
                            the exit status says whether every check passed
                            (uses its own state, addresses and ports)
      --run COMMAND [ARG...]
                            bring the cluster up, run COMMAND with the cluster's
                            settings exported (KUBECONFIG, LOCAL_CLUSTER_DIR,
                            LOCAL_CLUSTER_NET, API_SERVERS, OLDER_APISERVER...),
                            tear it down and exit with COMMAND's status; the
                            rest of the line is the command, e.g.
                            --nodes 1 --run hack/conformance.sh --through older
  -h, --help                this text

Other environment variables:
  LOCAL_CLUSTER_DIR   state: certificates, logs, PIDs, etcd data
                      (default _output/local-up-cluster, or ...-test with --test)
  LOCAL_CLUSTER_PREFIX
                      the prefix of its network namespace and host link
                      (default kcl, kct with --test); the drills use their
                      own (with their own LOCAL_CLUSTER_DIR, ETCD_PORT and
                      LOCAL_CLUSTER_NET) to run next to a cluster; only one
                      cluster with a node runs at a time (the Service CIDR's
                      route is the host's)
  ETCD_PORT           etcd client port on 127.0.0.1 (default 2379, 23790 with
                      --test); the peer port is ETCD_PORT+1
  LOCAL_CLUSTER_NET   the /24 the apiservers and nodes get addresses in
                      (default 10.200.0, 10.201.0 with --test)
EOF
}

API_SERVERS="${API_SERVERS:-2}"
OLDER_APISERVER="${OLDER_APISERVER:-2}"
OLDER_DISABLED_API="${OLDER_DISABLED_API:-batch/v1}"
UPSTREAM_PEER="${UPSTREAM_PEER:-}"
UPSTREAM_PEER_DISABLED_API="${UPSTREAM_PEER_DISABLED_API:-batch/v1}"
NODES="${NODES:-3}"
REAL_NODES="${REAL_NODES:-}"
ALLOW_SERVICE_EXTERNAL_IPS="${ALLOW_SERVICE_EXTERNAL_IPS:-true}"
mode=up
run_command=()

while [[ $# -gt 0 ]]; do
  case "$1" in
    -n | --apiservers) API_SERVERS="${2?--apiservers needs a number}"; shift 2 ;;
    --older) OLDER_APISERVER="${2?--older needs a server number}"; shift 2 ;;
    --upstream-peer) UPSTREAM_PEER="${2?--upstream-peer needs a release such as v1.36.3}"; shift 2 ;;
    --nodes) NODES="${2?--nodes needs a number}"; shift 2 ;;
    --real-nodes) REAL_NODES="${2?--real-nodes needs a number}"; shift 2 ;;
    --allow-service-external-ips) ALLOW_SERVICE_EXTERNAL_IPS="${2?--allow-service-external-ips needs true or false}"; shift 2 ;;
    --allow-service-external-ips=*) ALLOW_SERVICE_EXTERNAL_IPS="${1#*=}"; shift ;;
    --down) mode=down; shift ;;
    --test) mode="test"; shift ;;
    --run)
      mode=run
      shift
      [[ $# -gt 0 ]] || kubecarry::log::fatal "--run needs a command"
      run_command=("$@")
      set --
      ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; kubecarry::log::fatal "unknown option '$1'" ;;
  esac
done

# The state stays in the top-level _output/ whatever the release line (one
# cluster of a kind runs at a time, and its sockets' paths must stay short).
if [[ "${mode}" == test ]]; then
  LOCAL_CLUSTER_DIR="${LOCAL_CLUSTER_DIR:-${KUBECARRY_ROOT}/_output/local-up-cluster-test}"
  ETCD_PORT="${ETCD_PORT:-23790}"
  LOCAL_CLUSTER_NET="${LOCAL_CLUSTER_NET:-10.201.0}"
  LOCAL_CLUSTER_PREFIX="${LOCAL_CLUSTER_PREFIX:-kct}"
  # The externalIPs check needs kube-proxy to ignore them.
  ALLOW_SERVICE_EXTERNAL_IPS=false
  # Two real nodes, so the Pod checks cross from one node to another.
  REAL_NODES="${REAL_NODES:-2}"
else
  LOCAL_CLUSTER_DIR="${LOCAL_CLUSTER_DIR:-${KUBECARRY_ROOT}/_output/local-up-cluster}"
  ETCD_PORT="${ETCD_PORT:-2379}"
  LOCAL_CLUSTER_NET="${LOCAL_CLUSTER_NET:-10.200.0}"
  LOCAL_CLUSTER_PREFIX="${LOCAL_CLUSTER_PREFIX:-kcl}"
fi
REAL_NODES="${REAL_NODES:-1}"
export LOCAL_CLUSTER_DIR ETCD_PORT LOCAL_CLUSTER_NET LOCAL_CLUSTER_PREFIX API_SERVERS OLDER_APISERVER NODES REAL_NODES

kubecarry::cluster::validate_int "--apiservers" "${API_SERVERS}" 1 9
kubecarry::cluster::validate_int "--older" "${OLDER_APISERVER}" 0 "${API_SERVERS}"
kubecarry::cluster::validate_int "--nodes" "${NODES}" 1 50
kubecarry::cluster::validate_int "--real-nodes" "${REAL_NODES}" 1 "${NODES}"
kubecarry::cluster::validate_int "ETCD_PORT" "${ETCD_PORT}" 1 65534
[[ "${ALLOW_SERVICE_EXTERNAL_IPS}" == true || "${ALLOW_SERVICE_EXTERNAL_IPS}" == false ]] ||
  kubecarry::log::fatal "--allow-service-external-ips must be true or false, not '${ALLOW_SERVICE_EXTERNAL_IPS}'"
[[ "${LOCAL_CLUSTER_PREFIX}" =~ ^[a-z]{2,5}$ ]] ||
  kubecarry::log::fatal "LOCAL_CLUSTER_PREFIX must be 2 to 5 lower-case letters (it names network namespaces and links), not '${LOCAL_CLUSTER_PREFIX}'"
[[ "${LOCAL_CLUSTER_NET}" =~ ^[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$ ]] ||
  kubecarry::log::fatal "LOCAL_CLUSTER_NET must be the first three octets of a /24 such as 10.200.0, not '${LOCAL_CLUSTER_NET}'"
# A --run command that cannot be started would only show after the whole
# cluster came up (and a quoted "command args" is one word, not a command).
if [[ "${mode}" == run ]] && ! command -v "${run_command[0]}" >/dev/null; then
  kubecarry::log::fatal "--run: '${run_command[0]}' is not a command (pass the command and its arguments as separate words)"
fi
[[ "$(id -u)" -eq 0 ]] ||
  kubecarry::log::fatal "hack/local-up-cluster.sh needs root: it creates network namespaces and UTS namespaces and runs kube-proxy"

if [[ "${mode}" == down ]]; then
  # crictl removes the Pods a crashed run left, if it was built.
  CRICTL_BINARY="$(kubecarry::addons::cached_crictl)"
  kubecarry::cluster::down
  exit 0
fi

# Whatever way this script ends (a component failing to start, a failed
# check, Ctrl-C), what it started goes with it.
trap 'kubecarry::cluster::down' EXIT
kubecarry::cluster::up
if [[ "${mode}" == test ]]; then
  kubecarry::cluster::run_checks
  exit 0
fi
if [[ "${mode}" == run ]]; then
  export KUBECONFIG
  KUBECONFIG="$(kubecarry::cluster::kubeconfig)"
  status=0
  kubecarry::log::status "the cluster is up; running ${run_command[*]}"
  "${run_command[@]}" || status=$?
  exit "${status}"
fi

trap 'echo; exit 0' INT TERM
kubecarry::cluster::print_summary
kubecarry::cluster::watch
