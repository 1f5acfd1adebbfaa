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
# Needs root (namespaces).
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
# load <url> <connections> prints httpload's line with the CPU per request of
# the three servers (s1..s3), hopfloor (hf) and etcd, plus dest_us: what
# servers 1 and 2 together spent per request (server 3 spreads its proxied
# requests over both; hopfloor sends all to server 1).
load() {
  local cpu="" name short pid
  for name in apiserver-1 apiserver-2 apiserver-3 hopfloor etcd; do
    pid="$(kubecarry::cluster::pid_of "${name}")" || kubecarry::log::fatal "${name} is not running"
    short="${name/apiserver-/s}"
    cpu+="${cpu:+,}${short/hopfloor/hf}=${pid}"
  done
  "${out}/httpload" -url "$1" -connections "$2" -duration "${duration}" -cpu "${cpu}" \
    -cacert "${pki}/ca.crt" -cert "${pki}/admin.crt" -key "${pki}/admin.key" |
    awk '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
           printf "%s dest_us=%d\n", $0, v["cpu_us_per_request.s1"] + v["cpu_us_per_request.s2"] }'
}
field() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p" <<<"$2"; }
# median <field> <httpload line>... prints the median of that field.
median() {
  local name="$1" line
  shift
  for line in "$@"; do field "${name}" "${line}"; done | sort -g |
    awk '{v[NR] = $1} END {if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
# run_ratios <through> <direct> names two arrays of httpload lines, one per
# run, and prints the lowest and highest p50 ratio of a run's through-cell to
# the same run's direct cell: how far single runs spread.
run_ratios() {
  local -n through_runs="$1" direct_runs="$2"
  local r
  for ((r = 0; r < ${#through_runs[@]}; r++)); do
    ratio "$(field p50_ms "${through_runs[r]}")" "$(field p50_ms "${direct_runs[r]}")"
    echo
  done | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%s-%s×", lo, hi }'
}
minus() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a - b }'; }
# hop_over_floor <direct p50> <proxied p50> <floor p50> prints how many times
# the bare hop's added latency the proxied path adds: the part of the hop
# that is Kubernetes code rather than the machine's cost of any extra hop.
# "-" when the floor added nothing measurable, as a ratio would be noise.
hop_over_floor() {
  awk -v d="$1" -v p="$2" -v f="$3" 'BEGIN { if (f - d <= 0) print "-"; else printf "%.2f×\n", (p - d) / (f - d) }'
}

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
results="${out}/peerproxy-${stamp}.txt"
cpu_results="${out}/peerproxy-${stamp}-cpu.txt"
floor_results="${out}/peerproxy-${stamp}-floor.txt"
{
  echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ): median of ${runs} run(s) of ${duration} per cell, after 2 s of warm-up each"
  printf '%-18s %-5s %5s | %-16s | %-16s | %-9s | %-11s | %-8s | %s\n' binary op conns "direct p50/p99" "proxied p50/p99" "p50 ratio" "single runs" "added ms" "req/s direct -> proxied (ratio)"
} >"${results}"
{
  echo "# CPU µs per request, medians: direct = server 1 and etcd; proxied = server 3 (the source), servers 1+2 (the"
  echo "# destinations) and etcd; hop = what the proxied path spends in kube-apiservers beyond the direct path;"
  echo "# steal = share of the machine's CPU time the hypervisor gave to others (direct/proxied): a busy host slows"
  echo "# every cell, so compare ratios from runs with similar steal"
  printf '%-18s %-5s %5s | %-16s | %-28s | %-32s | %s\n' binary op conns "direct srv/etcd" "proxied source/dest/etcd" "hop (source + dest - direct srv)" "steal % d/p"
} >"${cpu_results}"
{
  echo "# the floor: the same load through test/bench/hopfloor (mutual TLS, identity headers, one HTTP/2 connection,"
  echo "# no filter chain) in front of server 1 instead of through server 3; CPU µs per request: hopfloor / server 1;"
  echo "# proxied/floor added = the proxied cell's added ms over the floor's, medians"
  printf '%-18s %-5s %5s | %-16s | %-16s | %-9s | %-11s | %-8s | %-31s | %-18s | %-19s | %s\n' binary op conns "direct p50/p99" "floor p50/p99" "p50 ratio" "single runs" "added ms" "req/s direct -> floor (ratio)" "cpu hopfloor/srv" "proxied/floor added" "steal % d/f"
} >"${floor_results}"

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
      ds=() ps=() fs=()
      for ((r = 0; r < runs; r++)); do
        ds+=("$(load "${direct}${path}" "${conns}")")
        ps+=("$(load "${proxied}${path}" "${conns}")")
        fs+=("$(load "${floor}${path}" "${conns}")")
      done
      dp50="$(median p50_ms "${ds[@]}")" pp50="$(median p50_ms "${ps[@]}")"
      drps="$(median req_per_s "${ds[@]}")" prps="$(median req_per_s "${ps[@]}")"
      printf '%-18s %-5s %5s | %7s / %6s | %7s / %6s | %8s× | %11s | %8s | %s -> %s (%s×)\n' "${impl}" "${op}" "${conns}" \
        "${dp50}" "$(median p99_ms "${ds[@]}")" "${pp50}" "$(median p99_ms "${ps[@]}")" \
        "$(ratio "${pp50}" "${dp50}")" "$(run_ratios ps ds)" "$(minus "${pp50}" "${dp50}")" "${drps}" "${prps}" "$(ratio "${prps}" "${drps}")" >>"${results}"
      dsrv="$(median 'cpu_us_per_request\.s1' "${ds[@]}")" psrc="$(median 'cpu_us_per_request\.s3' "${ps[@]}")"
      pdest="$(median dest_us "${ps[@]}")"
      printf '%-18s %-5s %5s | %7s / %6s | %8s / %8s / %6s | %32s | %s / %s\n' "${impl}" "${op}" "${conns}" \
        "${dsrv}" "$(median 'cpu_us_per_request\.etcd' "${ds[@]}")" "${psrc}" "${pdest}" \
        "$(median 'cpu_us_per_request\.etcd' "${ps[@]}")" "$(awk -v a="${psrc}" -v b="${pdest}" -v c="${dsrv}" 'BEGIN { printf "%.0f", a + b - c }')" \
        "$(median steal_pct "${ds[@]}")" "$(median steal_pct "${ps[@]}")" >>"${cpu_results}"
      fp50="$(median p50_ms "${fs[@]}")" frps="$(median req_per_s "${fs[@]}")"
      printf '%-18s %-5s %5s | %7s / %6s | %7s / %6s | %8s× | %11s | %8s | %s -> %s (%s×) | %7s / %8s | %19s | %s / %s\n' "${impl}" "${op}" "${conns}" \
        "${dp50}" "$(median p99_ms "${ds[@]}")" "${fp50}" "$(median p99_ms "${fs[@]}")" \
        "$(ratio "${fp50}" "${dp50}")" "$(run_ratios fs ds)" "$(minus "${fp50}" "${dp50}")" "${drps}" "${frps}" "$(ratio "${frps}" "${drps}")" \
        "$(median 'cpu_us_per_request\.hf' "${fs[@]}")" "$(median 'cpu_us_per_request\.s1' "${fs[@]}")" \
        "$(hop_over_floor "${dp50}" "${pp50}" "${fp50}")" \
        "$(median steal_pct "${ds[@]}")" "$(median steal_pct "${fs[@]}")" >>"${floor_results}"
    done
  done
  kubecarry::cluster::down
done

echo
cat "${results}"
echo
cat "${cpu_results}"
echo
cat "${floor_results}"
echo
kubecarry::log::status "results kept in ${results}, ${cpu_results} and ${floor_results}"
