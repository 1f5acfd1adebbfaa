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

# Fails if any of kubecarry's own Go files is not gofmt -s clean, naming them.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

cd "${KUBECARRY_ROOT}"
bad="$(kubecarry::gofiles::list | xargs -r gofmt -s -l)"
if [[ -n "${bad}" ]]; then
  kubecarry::log::error "not gofmt -s clean (run hack/update-gofmt.sh):"
  while IFS= read -r f; do
    echo "    ${f}" >&2
  done <<<"${bad}"
  exit 1
fi
kubecarry::log::status "Go files are gofmt -s clean"
