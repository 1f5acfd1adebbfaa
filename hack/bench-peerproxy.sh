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

# Benchmarks the Mixed Version Proxy hop with real processes, kubecarry and
# upstream side by side in one run. For each kube-apiserver binary (the
# built kubecarry one, then an unpatched upstream release built from the Go
# module proxy): etcd and three kube-apiservers on it, each with its own
# identity (UTS namespace) and address, the third without batch/v1 so it
# proxies Jobs to its peers; one Job; then a closed-loop load
# (test/bench/httpload, wrk-style, HTTP/1.1 keep-alive) of GET of the Job
# and LIST of Jobs, straight to server 1 ("direct") and through server 3
# ("proxied"), with 1 and 4 connections. Prints p50/p99, req/s, the
# proxied/direct ratios and the latency the hop adds, and a second table of
# the CPU time each process on the path spent per request (from /proc, over
# the measured window): which process pays for the hop, and how much; and
# the machine's steal time, since a busy virtualisation host slows all cells.
# A third table is the floor: the same load through test/bench/hopfloor, a
# bare authenticating HTTP/2 proxy in front of server 1 with no filter
# chain, which shows what one extra hop (a process, mutual TLS on both legs,
# the identity headers) costs on this machine before any Kubernetes code.
# The statistics and tables are test/bench/benchreport's, from every run's
# httpload -json result, which is kept next to the tables. Needs root
# (namespaces).
#
# Usage: hack/bench-peerproxy.sh [--upstream vX.Y.Z] [--duration 10s] [--runs 1]
#                                [--connections "1 4"] [--profile]
#        hack/bench-peerproxy.sh --in-process [go test binary flags]
#   --upstream     the upstream release to compare with (default v1.36.3);
#                  "none" benchmarks kubecarry only
#   --runs N       measure every cell N times (direct, proxied and floor in
#                  turn) and print the medians, with the lowest and highest
#                  ratio of single runs; cells vary by ±15 % from run to run
#                  on a 2-core machine
#   --profile      also save a 10 s CPU profile (/debug/pprof/profile) of the
#                  proxying server and of the server it proxies to, taken
#                  under 1-connection proxied GET load, into _output/bench/
#   --in-process   the older in-process Go benchmark (BenchmarkPeerProxy in
#                  test/integration/peerproxy, two servers in one process)

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
source "${KUBECARRY_ROOT}/hack/lib/pki.sh"
source "${KUBECARRY_ROOT}/hack/lib/local-cluster.sh"

out="${KUBECARRY_OUTPUT}/bench"
mkdir -p "${out}"

if [[ "${1-}" == --in-process ]]; then
  shift
  kubecarry::etcd::install
  cd "${KUBECARRY_ROOT}"
  GOFLAGS=-mod=vendor go test -c -o "${out}/peerproxy.test" ./test/integration/peerproxy/
  kubecarry::log::status "server logs go to ${out}/peerproxy.log"
  # The servers log at -v=1 like upstream's integration tests; the test
  # utilities' default (-v=5) would dominate the measured latencies.
  cd "${KUBECARRY_ROOT}/test/integration/peerproxy"
  exec "${out}/peerproxy.test" -test.run '^$' -test.bench 'BenchmarkPeerProxy' -test.benchtime=3s "$@" -v=1 2>"${out}/peerproxy.log"
fi

upstream=v1.36.3
duration=10s
connections="1 4"
runs=1
profile=false
while [[ $# -gt 0 ]]; do
  case "$1" in
    --upstream) upstream="${2?--upstream needs a release or none}"; shift 2 ;;
    --duration) duration="${2?--duration needs a Go duration such as 10s}"; shift 2 ;;
    --connections) connections="${2?--connections needs a list such as \"1 4\"}"; shift 2 ;;
    --runs) runs="${2?--runs needs a number}"; shift 2 ;;
    --profile) profile=true; shift ;;
    *) kubecarry::log::fatal "unknown option '$1' (see the comment at the top of $0)" ;;
  esac
done
[[ "${runs}" =~ ^[1-9][0-9]*$ ]] || kubecarry::log::fatal "--runs must be a positive number, not '${runs}'"
[[ "$(id -u)" -eq 0 ]] || kubecarry::log::fatal "hack/bench-peerproxy.sh needs root (it gives each kube-apiserver a UTS namespace and an address)"

# The cluster library's settings: a state directory, addresses and ports of
# the benchmark's own, three servers, the third "older".
export LOCAL_CLUSTER_DIR="${out}/cluster" ETCD_PORT=23810 LOCAL_CLUSTER_NET=10.202.0 LOCAL_CLUSTER_PREFIX=kcb
API_SERVERS=3
OLDER_APISERVER=3
OLDER_DISABLED_API=batch/v1
UPSTREAM_PEER=""

cd "${KUBECARRY_ROOT}"
hack/build.sh cmd/kube-apiserver
GOFLAGS=-mod=vendor go build -o "${out}/httpload" ./test/bench/httpload
GOFLAGS=-mod=vendor go build -o "${out}/hopfloor" ./test/bench/hopfloor
GOFLAGS=-mod=vendor go build -o "${out}/benchreport" ./test/bench/benchreport
declare -A binaries=([kubecarry]="${KUBECARRY_OUTPUT}/bin/kube-apiserver")
impls=(kubecarry)
if [[ "${upstream}" != none ]]; then
  binaries[upstream-${upstream}]="$(kubecarry::upstream::build_apiserver "${upstream}" | tail -n1)"
  impls+=("upstream-${upstream}")
fi
trap 'kubecarry::cluster::down' EXIT

pki="${LOCAL_CLUSTER_DIR}/pki"
floor_port=23900
floor="https://127.0.0.1:${floor_port}"
# start_floor starts hopfloor in front of server 1, standing in for server 3
# (its serving certificate names 127.0.0.1 too), with server 3's front-proxy
# client certificate; kubecarry::cluster::down stops it.
start_floor() {
  kubecarry::cluster::port_free 127.0.0.1 "${floor_port}" hopfloor
  kubecarry::cluster::start hopfloor "${out}/hopfloor" "${out}/hopfloor" -listen "127.0.0.1:${floor_port}" \
    -tls-cert "${pki}/apiserver-3.crt" -tls-key "${pki}/apiserver-3.key" -client-ca "${pki}/ca.crt" \
    -upstream "$(kubecarry::cluster::apiserver_url 1)" -upstream-ca "${pki}/ca.crt" \
    -proxy-cert "${pki}/front-proxy-client.crt" -proxy-key "${pki}/front-proxy-client.key"
  kubecarry::cluster::wait_ready hopfloor "forwarding to server 1" kubecarry::cluster::curl "${floor}/apis/batch/v1/namespaces/default/jobs/bench"
}
# load <url> <connections> [-label name=value]... prints httpload's -json
# result, with the CPU per request of the three servers (s1..s3), hopfloor
# (hf) and etcd.
load() {
  local url="$1" conns="$2" cpu="" name short pid
  shift 2
  for name in apiserver-1 apiserver-2 apiserver-3 hopfloor etcd; do
    pid="$(kubecarry::cluster::pid_of "${name}")" || kubecarry::log::fatal "${name} is not running"
    short="${name/apiserver-/s}"
    cpu+="${cpu:+,}${short/hopfloor/hf}=${pid}"
  done
  "${out}/httpload" -json -url "${url}" -connections "${conns}" -duration "${duration}" -cpu "${cpu}" \
    -cacert "${pki}/ca.crt" -cert "${pki}/admin.crt" -key "${pki}/admin.key" "$@"
}

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
# Every run's result, one JSON object a line, labelled with what it was of;
# test/bench/benchreport makes the tables from it.
runs_json="${out}/peerproxy-${stamp}-runs.json"
: >"${runs_json}"

for impl in "${impls[@]}"; do
  APISERVER_BINARY="${binaries[${impl}]}"
  kubecarry::log::status "${impl}: starting etcd and 3 kube-apiservers (${APISERVER_BINARY})"
  kubecarry::cluster::control_plane
  direct="$(kubecarry::cluster::apiserver_url 1)"
  proxied="$(kubecarry::cluster::apiserver_url 3)"
  kubecarry::cluster::curl -o /dev/null -X POST -H 'Content-Type: application/json' "${direct}/apis/batch/v1/namespaces/default/jobs" \
    --data '{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"bench"},"spec":{"template":{"spec":{"restartPolicy":"Never","containers":[{"name":"c","image":"busybox"}]}}}}'
  # Server 3 answers only once its peer discovery knows who serves batch/v1.
  kubecarry::cluster::wait_ready apiserver-3 "proxying batch/v1" kubecarry::cluster::curl "${proxied}/apis/batch/v1/namespaces/default/jobs/bench"
  start_floor

  if [[ "${profile}" == true ]]; then
    kubecarry::log::status "${impl}: profiling server 3 and server 1 under proxied GET load"
    load "${proxied}/apis/batch/v1/namespaces/default/jobs/bench" 1 >/dev/null &
    loadpid=$!
    kubecarry::cluster::curl -o "${out}/${impl}-source.pprof" "${proxied}/debug/pprof/profile?seconds=8" --max-time 30 &
    sourcepid=$!
    kubecarry::cluster::curl -o "${out}/${impl}-destination.pprof" "${direct}/debug/pprof/profile?seconds=8" --max-time 30
    # Only these two: the cluster's components are children of this shell too.
    wait "${sourcepid}" "${loadpid}"
    kubecarry::log::status "${impl}: profiles in ${out}/${impl}-{source,destination}.pprof (go tool pprof -top <file>)"
  fi

  for op in GET LIST; do
    path=/apis/batch/v1/namespaces/default/jobs
    [[ "${op}" == GET ]] && path+=/bench
    for conns in ${connections}; do
      kubecarry::log::status "${impl}: ${op} with ${conns} connection(s), ${runs} × ${duration} each, direct, proxied, floor"
      labels=(-label "binary=${impl}" -label "op=${op}")
      for ((r = 0; r < runs; r++)); do
        load "${direct}${path}" "${conns}" "${labels[@]}" -label target=direct
        load "${proxied}${path}" "${conns}" "${labels[@]}" -label target=proxied
        load "${floor}${path}" "${conns}" "${labels[@]}" -label target=floor
      done >>"${runs_json}"
    done
  done
  kubecarry::cluster::down
done

results="${out}/peerproxy-${stamp}.txt"
cpu_results="${out}/peerproxy-${stamp}-cpu.txt"
floor_results="${out}/peerproxy-${stamp}-floor.txt"
"${out}/benchreport" -table latency <"${runs_json}" >"${results}"
"${out}/benchreport" -table cpu <"${runs_json}" >"${cpu_results}"
"${out}/benchreport" -table floor <"${runs_json}" >"${floor_results}"
echo
cat "${results}"
echo
cat "${cpu_results}"
echo
cat "${floor_results}"
echo
kubecarry::log::status "results kept in ${results}, ${cpu_results} and ${floor_results}; every run's numbers in ${runs_json}"
