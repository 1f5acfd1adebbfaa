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

# Builds an unpatched upstream component of any release the Go module proxy
# serves: kube-apiserver or kube-controller-manager to run next to
# kubecarry's (mixed-version clusters, the peer proxy benchmark, upgrades
# from and to upstream), the parts kubecarry does not patch (kubelet,
# kube-scheduler, kubectl) for a cluster that runs real Pods, and kubeadm
# (with upstream's kube-proxy) for the clusters kubeadm builds and upgrades,
# and the release's e2e suite (e2e.test, ginkgo, agnhost) that
# hack/conformance.sh runs.
# Each is built in a throwaway module, never in kubecarry's own module
# graph, and cached by version under ~/.cache/kubecarry/upstream
# ($KUBECARRY_UPSTREAM_CACHE), where fresh clones find it again.
#
# Usage: hack/build-upstream.sh <component> vX.Y.Z   (kube-apiserver, kube-controller-manager,
#        kube-scheduler, kube-proxy, kubelet, kubectl, kubeadm, e2e.test, ginkgo or agnhost)
# Prints the path of the binary on its last line.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

components="${KUBECARRY_UPSTREAM_COMPONENTS[*]}"
[[ $# -eq 2 ]] || kubecarry::log::fatal "usage: $0 ${components// /|} vX.Y.Z (an upstream Kubernetes release, e.g. v1.36.3)"
kubecarry::upstream::build "$1" "$2"
