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
# Usage: hack/bench-peerproxy.sh [extra go test flags, e.g. -benchtime=10s -count=5]

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

kubecarry::etcd::install
cd "${KUBECARRY_ROOT}"
GOFLAGS=-mod=vendor go test -run '^$' -bench 'BenchmarkPeerProxy' -benchtime=3s "$@" ./test/integration/peerproxy/
