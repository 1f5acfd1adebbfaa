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

# Fails if a script in hack/ or hack/lib/ has more than 500 lines, naming it.
# Bash is glue: a script that long holds logic that belongs in Go (under
# test/ or hack/tools/, with unit tests), or parts that belong in files of
# their own (as hack/lib/local-cluster*.sh are split by purpose).

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

readonly max_lines=500

cd "${KUBECARRY_ROOT}"
failed=0 checked=0
for f in hack/*.sh hack/lib/*.sh; do
  lines="$(wc -l <"${f}")"
  checked=$((checked + 1))
  if ((lines > max_lines)); then
    kubecarry::log::error "${f} has ${lines} lines, more than ${max_lines}: move its logic into Go or split it by purpose"
    failed=1
  fi
done
((checked > 0)) || kubecarry::log::fatal "found no scripts in hack/ and hack/lib/"
((failed == 0)) || exit 1
kubecarry::log::status "all ${checked} scripts in hack/ and hack/lib/ have at most ${max_lines} lines"
