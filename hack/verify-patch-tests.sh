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

# Fails when a patch header's Tests: line names a path or test that does
# not exist: every upstream path must be one the patch changes, every test/
# and hack/ path must exist in the repository, and every TestX must be
# defined by the series, by upstream's tests of a package the patch
# changes, or by the repository's tests (test/cmd/patchtests says how).

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

# Upstream's own tests of the patched packages count; they live in the
# pristine tree assembled from the Go module sources.
kubecarry::upstream::ensure_pristine
mapfile -t series < <(kubecarry::patches::list)
if [[ ${#series[@]} -eq 0 ]]; then
  kubecarry::log::status "the series is empty: no Tests: lines to check"
  exit 0
fi
cd "${KUBECARRY_ROOT}"
if ! GOFLAGS=-mod=vendor go run ./test/cmd/patchtests -root "${KUBECARRY_ROOT}" \
  -upstream "$(kubecarry::upstream::pristine_dir)" "${series[@]}"; then
  kubecarry::log::fatal "patch headers name tests that do not exist; fix their Tests: lines in the patch workspace (patches/README.md)"
fi
kubecarry::log::status "every Tests: claim of the patch headers exists"
