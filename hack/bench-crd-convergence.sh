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

# Benchmarks peer-aggregated discovery and the peer proxy with many CRDs,
# with real processes, kubecarry and upstream side by side in one run. For
# each kube-apiserver binary (kubecarry; kubecarry with
# UnknownVersionInteroperabilityProxy=false; an upstream release built from
# the Go module proxy) and each number of background CRDs: etcd and N
# kube-apiservers on it, each with its own identity and address, then
# test/bench/crdconvergence: C background CRDs (groups of 5 kinds, v1 and
# v1beta1, one in ten with a 200-property schema) created through server 1,
# each server's RSS, the peer discovery fetches per peer per minute over an
# idle window, GET /apis merged and profile=nopeer at 1 and 8 connections,
# the time from a CRD's create (through server 1) until its objects can be
# listed and its group is in merged /apis through every other server and
# from its delete until both are gone (p50/p99 over the samples), and the
# same for a burst of CRDs created at once, each server's CPU time idle and
# per GET /apis, and GET and LIST of Jobs through the last server, which runs
# without batch/v1 (proxied to a peer), against the first (direct). A
# sample that does not converge within --timeout counts as timed out.
# --repeat K runs every cell K times, the binaries taking turns, and ends
# with the median and range of each figure over the runs (a p99 of 50
# samples is the slowest one, and swings between runs of one binary).
# --freeze-peer is the fault cell: the server before the last hangs
# (SIGSTOP; alive, its lease valid, answering nothing) from after the idle
# window to the end, and everything else is measured through the others.
# Needs root (namespaces).
#
# Usage: hack/bench-crd-convergence.sh [--upstream vX.Y.Z|none] [--servers N]
#          [--background "0 100"] [--samples 50] [--burst 100] [--idle 60s]
#          [--requests 200] [--timeout 2m] [--repeat 1] [--freeze-peer] [--no-gate-off]
#          [--check]
# --check (make test's scaled-down run) fails unless, in every run, every
# CRD converged within --timeout, the idle peer discovery traffic of the
# binaries that count it was only 304s, every GET /apis answered 200 and
# every proxied request of a binary with the proxy on answered 200; it
# asserts no latency.
# Results: _output/bench-crd/crd-<stamp>.{md,json}; the summary of any runs:
# _output/bench-crd/crdconvergence -summarize crd-<stamp>.json ...

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
source "${KUBECARRY_ROOT}/hack/lib/pki.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster.sh"

upstream=v1.36.3 servers=3 background="0 100" samples=50 burst=100 idle=60s requests=200 timeout=2m repeat=1 gate_off=true check=false freeze=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --upstream) upstream="${2?--upstream needs a release or none}"; shift 2 ;;
    --servers) servers="${2?--servers needs a number}"; shift 2 ;;
    --background) background="${2?--background needs a list such as \"0 100\"}"; shift 2 ;;
    --samples) samples="${2?--samples needs a number}"; shift 2 ;;
    --burst) burst="${2?--burst needs a number}"; shift 2 ;;
    --idle) idle="${2?--idle needs a Go duration}"; shift 2 ;;
    --requests) requests="${2?--requests needs a number}"; shift 2 ;;
    --timeout) timeout="${2?--timeout needs a Go duration}"; shift 2 ;;
    --repeat) repeat="${2?--repeat needs a number}"; shift 2 ;;
    --no-gate-off) gate_off=false; shift ;;
    --freeze-peer) freeze=peer; shift ;;
    --check) check=true; shift ;;
    -h | --help) sed -n '/^# Usage:/,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) kubecarry::log::fatal "unknown option '$1' (see the comment at the top of $0)" ;;
  esac
done
kubecarry::cluster::validate_int --servers "${servers}" 2 9
kubecarry::cluster::validate_int --repeat "${repeat}" 1 20
if [[ -n "${freeze}" ]]; then
  # The server before the older one: neither the first (CRDs and Jobs are
  # created through it) nor the older one (the proxied requests go
  # through it).
  ((servers >= 3)) || kubecarry::log::fatal "--freeze-peer needs --servers 3 or more (the first, the frozen peer and the older one)"
  freeze="s$((servers - 1))"
fi
# With the proxy off, Jobs through the older server answer 404 by design.
[[ "${check}" != true || "${gate_off}" != true ]] || kubecarry::log::fatal "--check needs --no-gate-off (with the proxy off the older server answers 404 for Jobs, by design)"
for c in ${background}; do kubecarry::cluster::validate_int --background "${c}" 0 5000; done
[[ "$(id -u)" -eq 0 ]] || kubecarry::log::fatal "hack/bench-crd-convergence.sh needs root (it gives each kube-apiserver a UTS namespace and an address)"

out="${KUBECARRY_OUTPUT}/bench-crd"
mkdir -p "${out}"
export LOCAL_CLUSTER_DIR="${out}/cluster" ETCD_PORT=23850 LOCAL_CLUSTER_NET=10.204.0 LOCAL_CLUSTER_PREFIX=kcd
API_SERVERS="${servers}"
OLDER_APISERVER="${servers}"
OLDER_DISABLED_API=batch/v1
UPSTREAM_PEER=""

cd "${KUBECARRY_ROOT}"
hack/build.sh cmd/kube-apiserver
GOFLAGS=-mod=vendor go build -o "${out}/crdconvergence" ./test/bench/crdconvergence
declare -A binaries=([kubecarry]="${KUBECARRY_OUTPUT}/bin/kube-apiserver")
impls=(kubecarry)
if [[ "${gate_off}" == true ]]; then
  binaries[kubecarry-proxy-off]="${KUBECARRY_OUTPUT}/bin/kube-apiserver"
  impls+=(kubecarry-proxy-off)
fi
if [[ "${upstream}" != none ]]; then
  binaries[upstream-${upstream}]="$(kubecarry::upstream::build_apiserver "${upstream}" | tail -n1)"
  impls+=("upstream-${upstream}")
fi
trap 'kubecarry::cluster::down' EXIT

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
results="${out}/crd-${stamp}"
: >"${results}.json"
# run_cell runs the tool once against a fresh etcd and fresh servers of
# one binary ($2) with $1 background CRDs.
run_cell() {
  local c="$1" impl="$2" urls="" pids="" pki i
  APISERVER_BINARY="${binaries[${impl}]}" APISERVER_EXTRA_FLAGS="" APISERVER_PEER_CA=true
  if [[ "${impl}" == *-proxy-off ]]; then
    APISERVER_EXTRA_FLAGS="--feature-gates=UnknownVersionInteroperabilityProxy=false" APISERVER_PEER_CA=false
  fi
  export APISERVER_BINARY APISERVER_EXTRA_FLAGS APISERVER_PEER_CA
  kubecarry::log::status "${impl}, ${c} background CRDs, run ${run} of ${repeat}${freeze:+, ${freeze} frozen}: etcd and ${servers} kube-apiservers (${APISERVER_BINARY})"
  kubecarry::cluster::control_plane
  for ((i = 1; i <= servers; i++)); do
    urls+="${urls:+,}s${i}=$(kubecarry::cluster::apiserver_url "${i}")"
    pids+="${pids:+,}s${i}=$(kubecarry::cluster::pid_of "apiserver-${i}")"
  done
  pki="$(kubecarry::cluster::pki)"
  local extra=()
  [[ "${check}" != true ]] || extra+=(-check)
  [[ -z "${freeze}" ]] || extra+=(-freeze "${freeze}")
  "${out}/crdconvergence" -servers "${urls}" -pids "${pids}" -older "s${servers}" \
    -cacert "${pki}/ca.crt" -cert "${pki}/admin.crt" -key "${pki}/admin.key" \
    -background "${c}" -samples "${samples}" -burst "${burst}" -idle "${idle}" -requests "${requests}" -timeout "${timeout}" \
    -label "${impl}" -json "${results}.json" "${extra[@]}" | tee -a "${results}.md" || failed=1
  kubecarry::cluster::down
}

failed=0
# The binaries take turns within each repetition, so a drift of the
# machine over the run (page cache, another tenant) spreads over all of
# them.
for c in ${background}; do
  for ((run = 1; run <= repeat; run++)); do
    for impl in "${impls[@]}"; do
      run_cell "${c}" "${impl}"
    done
  done
done
"${out}/crdconvergence" -summarize "${results}.json" | tee -a "${results}.md" || failed=1
kubecarry::log::status "results: ${results}.md and ${results}.json"
exit "${failed}"
