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

# Prints the closing lines of every test step of "make test" (go test's
# per-package "ok"/"FAIL" lines and the scripts' PASS/FAIL/SKIP lines), so a
# reader sees what ran.
# Usage: hack/print-test-summary.sh <log directory>

set -o errexit
set -o nounset
set -o pipefail

logs="${1:?usage: $0 <log directory>}"
echo
echo "================ make test summary ================"
for step in verify machinery unit integration e2e upstream; do
  log="${logs}/${step}.log"
  [[ -f "${log}" ]] || { echo "[${step}] did not run"; continue; }
  echo "[${step}]"
  grep -E '^(ok|FAIL|---) |^--- (PASS|FAIL)|^(PASS|FAIL|SKIP): |^\?|patch machinery:' "${log}" | grep -v '^?.*\[no test files\]' | sed 's/^/  /' || true
done
