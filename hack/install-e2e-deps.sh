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

# Installs what the end-to-end tests (test/e2e/..., hack/local-up-cluster.sh)
# need from the distribution's packages, unless it is already there: nft
# (nftables), iptables, conntrack, ip (iproute2), curl and openssl for the
# local cluster, HAProxy for the upgrade drill's load balancer, containerd
# and runc to run the release's images and the local cluster's Pods, the
# CNI plugins (bridge, host-local, loopback) for its node, nsenter, and
# mmdebstrap to build kube-proxy's image base. Needs root and Debian's apt.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

kubecarry::apt::install "the e2e tests" \
  nft=nftables iptables=iptables conntrack=conntrack ip=iproute2 curl=curl openssl=openssl haproxy=haproxy \
  containerd=containerd ctr=containerd runc=runc mmdebstrap=mmdebstrap \
  /usr/lib/cni/bridge=containernetworking-plugins nsenter=util-linux
