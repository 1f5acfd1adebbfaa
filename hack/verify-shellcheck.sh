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

# Runs shellcheck, with the settings of .shellcheckrc, over every shell script
# kubecarry owns: each *.sh file and each file whose first line is a sh or
# bash shebang, outside vendor/, patches/, _output/, third_party/ and testdata/.
# Installs shellcheck first (hack/install-shellcheck.sh) when it is missing
# and this runs as root.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

# The version upstream Kubernetes pins and Debian 12 ships; other versions
# know other checks.
readonly SHELLCHECK_VERSION="0.9.0"

if ! command -v shellcheck >/dev/null 2>&1; then
  if [[ "$(id -u)" -ne 0 ]]; then
    kubecarry::log::fatal "shellcheck is not installed; install it as root with hack/install-shellcheck.sh (Debian: apt-get install shellcheck)"
  fi
  "${KUBECARRY_ROOT}/hack/install-shellcheck.sh"
fi
version="$(shellcheck --version | sed -n 's/^version: //p')"
if [[ "${version}" != "${SHELLCHECK_VERSION}" ]]; then
  kubecarry::log::status "warning: shellcheck ${version:-(unknown version)} is not ${SHELLCHECK_VERSION}, its findings may differ from CI's"
fi

cd "${KUBECARRY_ROOT}"
scripts=()
while IFS= read -r f; do
  [[ -f "${f}" ]] || continue
  if [[ "${f}" == *.sh ]] || head -n1 "${f}" | grep -qE '^#!(/usr)?/bin/(env )?(ba)?sh([[:space:]]|$)'; then
    scripts+=("${f}")
  fi
done < <(git ls-files --cached --others --exclude-standard -- \
  ':!:vendor/**' ':!:patches/**' ':!:_output/**' ':!:third_party/**' ':!:**/testdata/**')
[[ ${#scripts[@]} -gt 0 ]] || kubecarry::log::fatal "found no shell scripts to check (is ${KUBECARRY_ROOT} a git checkout?)"

if ! shellcheck "${scripts[@]}"; then
  kubecarry::log::error "shellcheck found problems in the scripts above (settings: .shellcheckrc)"
  exit 1
fi
kubecarry::log::status "shellcheck ${version} is clean on ${#scripts[@]} scripts"
