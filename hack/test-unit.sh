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

# Runs the unit tests of kubecarry's own packages.
# Env: GOTEST_FLAGS extra flags for go test.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
kubecarry::line::require_main "kubecarry's own unit tests (built from vendor/)"

cd "${KUBECARRY_ROOT}"
rc=0
# The flags of vet, golangci-lint and the integration and e2e tests, and the
# stable path (kubecarry::test::go_test): they all share one compilation of
# vendor/, also in a clone at a new path.
# shellcheck disable=SC2086
GOFLAGS=-mod=vendor kubecarry::test::go_test ${GOTEST_FLAGS:-} ./cmd/... ./pkg/... ./test/bench/... ./test/cmd/... ./test/conformance/... ./test/drill/... ./test/images/... ./test/kubeadm/... ./test/utils/... || rc=1
# The hack/tools module's commands (hack/tools/boilerplate); that module has
# no vendor/ and its tools.go only pins etcd.
# shellcheck disable=SC2086
(cd hack/tools && GOFLAGS=-mod=mod kubecarry::test::go_test ${GOTEST_FLAGS:-} ./boilerplate/...) || rc=1
# The release tooling's module (images, SBOMs, provenance).
# shellcheck disable=SC2086
(cd hack/tools/release && GOWORK=off GOFLAGS=-mod=mod kubecarry::test::go_test ${GOTEST_FLAGS:-} ./...) || rc=1
# The type-checker of hack/verify-build-32bit.sh, in its own module too.
# shellcheck disable=SC2086
(cd hack/tools/typecheck && GOWORK=off GOFLAGS=-mod=mod kubecarry::test::go_test ${GOTEST_FLAGS:-} ./...) || rc=1
exit "${rc}"
