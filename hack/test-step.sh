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

# Runs one test step of make test through testsummary
# (test/cmd/testsummary): the step's output goes to the terminal and to
# <log dir>/<step>.log, its go test -json events and its scripts' check
# events to <log dir>/<step>.json, which hack/print-test-summary.sh counts. A
# step that exits non-zero without a failed test, or runs no test, gets a
# failure of its own there.
# Usage: hack/test-step.sh <log dir> <step> <command> [args...]

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

[[ $# -ge 3 ]] || kubecarry::log::fatal "usage: $0 <log dir> <step> <command> [args...]"
dir="$1" step="$2"
shift 2
tool="$(kubecarry::test::tool)"
exec "${tool}" run -step "${step}" -dir "${dir}" -- "$@"
