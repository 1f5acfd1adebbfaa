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

# A/B of CloudControllerManagerWatchBasedRoutesReconciliation: runs the
# sample cloud-controller-manager with the gate off and on, side by side,
# each against its own kube-apiserver over a real etcd, for DURATION, and
# prints route_controller_route_sync_total and the provider's cloud calls
# per 10 minutes for each.
#
# Usage: hack/ab-route-sync.sh [DURATION [CHURN]]
#   DURATION  how long each mode is measured (Go duration; default 10m)
#   CHURN     add or delete a Node this often (default 0: an idle cluster)

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

# The measurement (TestRouteSyncAB) parses both durations, reports a bad one
# and writes the table to a file of its own; this script only runs it.
duration=${1:-10m}
churn=${2:-0}

kubecarry::etcd::install
cd "${KUBECARRY_ROOT}"
# The test logs go to a file; the table is what this script is for.
log="${KUBECARRY_OUTPUT}/ab-route-sync.log"
report="${KUBECARRY_OUTPUT}/ab-route-sync.txt"
mkdir -p "${KUBECARRY_OUTPUT}"
rm -f "${report}"
kubecarry::log::status "measuring each mode for ${duration} (churn ${churn}); logs in ${log}"
if ! GOFLAGS=-mod=vendor go test -v -count=1 -timeout=0 -tags=measurement -run '^TestRouteSyncAB$' \
    ./test/integration/cloudcontrollermanager/ -args -ab-duration="${duration}" -ab-churn="${churn}" -ab-report="${report}" >"${log}" 2>&1; then
  # A duration the measurement's flags reject is named on the first line,
  # before the flags' usage text; anything else at the end.
  if ! grep '^invalid value' "${log}" >&2; then
    tail -n 50 "${log}" >&2
  fi
  exit 1
fi
cat "${report}"
