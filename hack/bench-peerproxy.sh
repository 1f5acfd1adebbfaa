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

# Benchmarks the Mixed Version Proxy: BenchmarkPeerProxy in
# test/integration/peerproxy starts two in-process kube-apiservers on a real
# etcd (one lacking batch/v1) and reports, for GET and LIST of Jobs directly
# and through the proxy and for merged vs nopeer /apis (full and 304),
# ns/op, p50-ms, p99-ms and req/s.
#
# Usage: hack/bench-peerproxy.sh [test binary flags, e.g. -test.benchtime=10s -test.count=5]

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

kubecarry::etcd::install
cd "${KUBECARRY_ROOT}"
out="${KUBECARRY_OUTPUT}/bench"
mkdir -p "${out}"
GOFLAGS=-mod=vendor go test -c -o "${out}/peerproxy.test" ./test/integration/peerproxy/
kubecarry::log::status "server logs go to ${out}/peerproxy.log"
# The test binary keeps the servers' logs (stderr) apart from the results
# (stdout). The servers log at -v=1 like upstream's integration tests; the
# test utilities' default (-v=5) would dominate the measured latencies.
cd "${KUBECARRY_ROOT}/test/integration/peerproxy"
"${out}/peerproxy.test" -test.run '^$' -test.bench 'BenchmarkPeerProxy' -test.benchtime=3s "$@" -v=1 2>"${out}/peerproxy.log"
