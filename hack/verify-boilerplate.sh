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

# Fails unless every source file kubecarry owns (Go, shell scripts,
# Makefiles, Dockerfiles; tracked or new, not git-ignored) starts with the
# license header of hack/boilerplate/boilerplate.<kind>.txt, naming each file
# that does not. vendor/, patches/ (upstream's code and diffs against it),
# _output/, third_party/ and testdata/ fixtures are not checked. The checker
# is hack/tools/boilerplate.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

cd "${KUBECARRY_ROOT}"
mapfile -t files < <(git ls-files --cached --others --exclude-standard)
[[ ${#files[@]} -gt 0 ]] || kubecarry::log::fatal "git lists no files in ${KUBECARRY_ROOT}; is it a git checkout?"

checker="${KUBECARRY_OUTPUT}/tools/boilerplate"
(cd hack/tools && GOFLAGS=-mod=mod go build -o "${checker}" ./boilerplate) || \
  kubecarry::log::fatal "cannot build the header checker hack/tools/boilerplate"
if ! "${checker}" -root "${KUBECARRY_ROOT}" -boilerplate-dir hack/boilerplate "${files[@]}"; then
  kubecarry::log::fatal "license headers are missing or wrong (templates: hack/boilerplate/boilerplate.<kind>.txt, YEAR is the year the file was written)"
fi
