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

# Prints the summary of make test: per step the passed, failed and skipped
# tests counted from its events (go test -json, and the scripts' checks, see
# hack/test-step.sh), the names of failed and skipped tests, and as the very
# last line "N passed, N failed, N skipped". A step that did not run counts
# as a failure. Exits non-zero when anything failed.
# Usage: hack/print-test-summary.sh <log directory> [step...]

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

logs="${1:?usage: $0 <log directory> [step...]}"
shift
# The steps make test ran (default: every step of every line).
steps=("$@")
if [[ ${#steps[@]} -eq 0 ]]; then
  steps=(verify machinery unit integration e2e upstream)
  while IFS= read -r line; do
    steps+=("line-${line}")
  done < <(kubecarry::line::others)
fi
tool="$(kubecarry::test::tool)"
exec "${tool}" report -dir "${logs}" \
  -note "Counted: every Go test and subtest run (go test -json), every hack/verify-*.sh script, patch machinery case and e2e script check; logs and events in ${logs}/." \
  "${steps[@]}"
