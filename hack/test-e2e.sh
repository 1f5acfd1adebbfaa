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

# Runs the end-to-end tests: test/e2e/... (the built kube-proxy in network
# namespaces, on real nftables and iptables, against a real kube-apiserver
# over real etcd), then the local cluster's own checks
# (hack/local-up-cluster.sh --test: two kube-apiservers through the peer
# proxy, KCM, CCM routes, kube-proxy ignoring externalIPs), then the peer
# proxy's fault drill (hack/test-peer-faults.sh: three kube-apiservers and
# the garbage collector while peers freeze, resume, are partitioned), then
# the short rolling upgrade drill (hack/upgrade-drill.sh: two servers behind
# HAProxy, one upgraded to upstream v1.36.3, kubecarry's guarantees
# checked), then the short kubeadm check (hack/kubeadm-cluster.sh test: a
# cluster kubeadm builds from the docs' recipe), then upstream's
# sig-api-machinery conformance tests through the older apiserver
# (hack/conformance.sh). As root it first builds
# the release for linux/amd64 (hack/release.sh) for test/e2e/release, which
# runs its images in containerd, and the kubeadm check, which runs them as
# kubeadm's static Pods. Builds the binaries and installs etcd and the network tools
# (hack/install-e2e-deps.sh) first. Needs root; as another user the tests
# skip, saying so, or fail when KUBECARRY_REQUIRE_PRIVILEGED_TESTS is true
# (CI, and make test as root). Every part runs even when an earlier one failed.
# Usage: hack/test-e2e.sh [package pattern...]   (default ./test/e2e/... and
#        the local cluster; with patterns only those packages)
# Env:   GOTEST_FLAGS extra flags for go test.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
kubecarry::line::require_main "the e2e step"

cd "${KUBECARRY_ROOT}"
hack/build.sh
export PATH="${PATH}:/usr/sbin:/sbin"  # nft, iptables, conntrack, ip
if [[ "$(id -u)" -eq 0 ]]; then
  hack/install-e2e-deps.sh
  # A test binary killed mid-run (a timeout) cannot run its cleanups: remove
  # the namespaces such a run left behind before starting again.
  for ns in $(ip netns list | awk '$1 ~ /^kc-e2e-/ {print $1}'); do
    kubecarry::log::status "removing network namespace ${ns} left by an earlier run"
    ip netns delete "${ns}"
  done
  # Likewise the containerd of test/e2e/release (its state is under
  # /tmp/kc-ctd-*) and the shims of its namespace.
  if pkill -KILL -f '^containerd --config /tmp/kc-ctd-|containerd-shim-runc-v2 -namespace kubecarry-release-test '; then
    kubecarry::log::status "stopped a containerd left by an earlier run of test/e2e/release"
  fi
else
  kubecarry::log::status "not root: the e2e tests cannot create network namespaces and will skip, or fail if KUBECARRY_REQUIRE_PRIVILEGED_TESTS is set"
fi
kubecarry::etcd::install
failed=0
if [[ "$(id -u)" -eq 0 ]]; then
  # A release that fails to build is a failed check, and test/e2e/release
  # then fails naming the missing release; the other parts still run.
  KUBE_BUILD_PLATFORMS=linux/amd64 kubecarry::test::run_check hack/test-e2e.sh "hack/release.sh (linux/amd64)" hack/release.sh || failed=1
  kubecarry::version::get_version_vars
  export KUBECARRY_RELEASE_DIR="${KUBECARRY_OUTPUT}/release/${KUBE_GIT_VERSION}"
fi
export KUBECARRY_KUBE_PROXY="${KUBECARRY_ROOT}/_output/bin/kube-proxy"
export KUBECARRY_BIN_DIR="${KUBECARRY_ROOT}/_output/bin"
packages=("$@")
[[ ${#packages[@]} -gt 0 ]] || packages=(./test/e2e/...)
# Not -trimpath (see hack/test-integration.sh): test/e2e/kubeproxy runs the
# vendored kube-apiserver test server, whose fixture directory follows its
# source path.
# shellcheck disable=SC2086
GOFLAGS=-mod=vendor kubecarry::test::go_test -count=1 -timeout=20m ${GOTEST_FLAGS:-} "${packages[@]}" || failed=1

[[ $# -eq 0 ]] || exit "${failed}"
# About 2.5 minutes; the full drill (three servers, the controller manager,
# faults) is a documented command, not part of make test.
upgrade_drill=(hack/upgrade-drill.sh --servers 2 --upgrade 1 --duration-per-step 30s --check)
# About 3 minutes: the CRD benchmark scaled down (three servers, 100 CRDs,
# kubecarry only) as a check that it runs, that every CRD converges through
# every peer within a minute, that idle peer discovery is only 304s and that
# proxied requests answer 200; no latency is asserted. The measured run is
# "hack/bench-crd-convergence.sh" (docs/components.md).
crd_bench=(hack/bench-crd-convergence.sh --check --upstream none --no-gate-off --servers 3 --background 100
  --samples 10 --burst 20 --idle 30s --requests 50 --timeout 60s)
if [[ "$(id -u)" -ne 0 ]]; then
  kubecarry::test::privileged_unavailable hack/test-e2e.sh "hack/local-up-cluster.sh --test" \
    "run a local cluster in network and UTS namespaces" || failed=1
  kubecarry::test::privileged_unavailable hack/test-e2e.sh hack/test-peer-faults.sh \
    "freeze, partition and restart kube-apiserver processes" || failed=1
  kubecarry::test::privileged_unavailable hack/test-e2e.sh "${upgrade_drill[*]}" \
    "run kube-apiservers behind HAProxy on addresses of their own" || failed=1
  kubecarry::test::privileged_unavailable hack/test-e2e.sh "${crd_bench[*]}" \
    "run kube-apiservers on addresses and in UTS namespaces of their own" || failed=1
  kubecarry::test::privileged_unavailable hack/test-e2e.sh "hack/kubeadm-cluster.sh test" \
    "run kubeadm's nodes in network and mount namespaces" || failed=1
  kubecarry::test::privileged_unavailable hack/test-e2e.sh "hack/conformance.sh (sig-api-machinery, through the older apiserver)" \
    "run a local cluster for upstream's conformance suite" || failed=1
  exit "${failed}"
fi
kubecarry::test::run_check hack/test-e2e.sh "hack/local-up-cluster.sh --test" hack/local-up-cluster.sh --test || failed=1
kubecarry::test::run_check hack/test-e2e.sh hack/test-peer-faults.sh hack/test-peer-faults.sh || failed=1
kubecarry::test::run_check hack/test-e2e.sh "${upgrade_drill[*]}" "${upgrade_drill[@]}" || failed=1
kubecarry::test::run_check hack/test-e2e.sh "${crd_bench[*]}" "${crd_bench[@]}" || failed=1
# About 2 minutes once built: a kubeadm cluster from the docs' recipe (two
# control planes, one without batch/v1, and a worker); the full HA upgrade
# under the drill is "hack/kubeadm-cluster.sh upgrade-drill --check".
kubecarry::test::run_check hack/test-e2e.sh "hack/kubeadm-cluster.sh test" hack/kubeadm-cluster.sh test || failed=1
# The sig-api-machinery tests of upstream's conformance suite through the
# older apiserver of a local cluster with one real node (its own state,
# addresses and ports); every one must pass. The whole suite, through both
# servers, is "hack/local-up-cluster.sh --nodes 2 --real-nodes 2 --run
# hack/conformance.sh --procs 5" (docs/conformance.md).
conformance=(hack/conformance.sh --focus '\[sig-api-machinery\]' --through older --require-pass
  --report-dir "${KUBECARRY_OUTPUT}/conformance/make-test")
kubecarry::test::run_check hack/test-e2e.sh "hack/conformance.sh (sig-api-machinery, through the older apiserver)" \
  env LOCAL_CLUSTER_DIR="${KUBECARRY_OUTPUT}/local-up-cluster-conformance" LOCAL_CLUSTER_PREFIX=kcc \
  LOCAL_CLUSTER_NET=10.202.0 ETCD_PORT=23800 hack/local-up-cluster.sh --nodes 1 --run "${conformance[@]}" || failed=1
exit "${failed}"
