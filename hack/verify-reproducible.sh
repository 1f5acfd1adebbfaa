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

# Builds the binaries twice from the same commit, with the build cache
# cleared in between, and fails unless both builds are byte-identical.
# Slow (two cold builds), so not part of "make test".

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

work="$(mktemp -d)"
trap 'rm -rf "${work}"' EXIT

for round in 1 2; do
  # A separate, empty build cache per round: nothing is reused between builds.
  GOCACHE="${work}/cache-${round}" "${KUBECARRY_ROOT}/hack/build.sh" "$@"
  mkdir -p "${work}/bin-${round}"
  cp "${KUBECARRY_OUTPUT}/bin/"* "${work}/bin-${round}/"
done

if ! diff -r "${work}/bin-1" "${work}/bin-2"; then
  kubecarry::log::fatal "two builds of $(git -C "${KUBECARRY_ROOT}" rev-parse HEAD) differ"
fi
(cd "${work}/bin-1" && sha256sum ./*)
kubecarry::log::status "two builds are byte-identical"
