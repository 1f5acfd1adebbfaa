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

# Builds the release twice from the same commit, each time with a separate,
# empty Go build cache, and fails unless both give the same SHA256SUMS: every
# binary, image, tarball, SBOM and the provenance byte for byte. Slow (two
# cold builds of every platform), so not part of "make test".
# Env: KUBE_BUILD_PLATFORMS as for hack/release.sh.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

[[ -z "$(git -C "${KUBECARRY_ROOT}" status --porcelain)" ]] ||
  kubecarry::log::fatal "the tree has uncommitted changes: a release of a dirty tree is not reproducible by anyone else"
work="$(mktemp -d)"
trap 'chmod -R u+w "${work}"; rm -rf "${work}"' EXIT

# Both rounds stamp what the tree is now; a change to the tree between them
# would otherwise give the second round another version and directory.
kubecarry::version::get_version_vars
export KUBE_GIT_VERSION KUBE_GIT_COMMIT KUBE_GIT_TREE_STATE SOURCE_DATE_EPOCH
out="${KUBECARRY_OUTPUT}/release/${KUBE_GIT_VERSION}"
for round in 1 2; do
  kubecarry::log::status "release build ${round} of 2 with an empty build cache"
  rm -rf "${out}"
  start=${SECONDS}
  GOCACHE="${work}/cache-${round}" "${KUBECARRY_ROOT}/hack/release.sh"
  kubecarry::log::status "release build ${round} took $((SECONDS - start)) s"
  cp "${out}/SHA256SUMS" "${work}/SHA256SUMS-${round}"
done
[[ -z "$(git -C "${KUBECARRY_ROOT}" status --porcelain)" ]] ||
  kubecarry::log::fatal "the tree changed while the release was built twice; the comparison would not be of one commit"

if ! diff "${work}/SHA256SUMS-1" "${work}/SHA256SUMS-2"; then
  kubecarry::log::fatal "two release builds of ${KUBE_GIT_COMMIT} differ (lines above)"
fi
kubecarry::log::status "two release builds of ${KUBE_GIT_COMMIT} are identical: $(wc -l <"${work}/SHA256SUMS-1") files, SHA256SUMS sha256 $(sha256sum <"${work}/SHA256SUMS-1" | cut -d' ' -f1)"
