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

# Carries the patch series to another upstream release of the same minor.
#
#   hack/rebase.sh vX.Y.Z      start: the new release's tree is assembled from
#                              the Go module sources and every patch is
#                              re-applied in the patch workspace
#   hack/rebase.sh --continue  after resolving a conflict there (git am
#                              --continue), carry on with the next patch
#
# Each patch applies cleanly, with offsets, by a three-way merge, conflicts
# (the workspace stops there, files and hunks named), or is already upstream
# (dropped). Only when every patch is resolved does it change the checkout:
# UPSTREAM_VERSION, go.mod/go.sum at the release's pins, patches/ exported
# from the workspace, vendor/ regenerated (all or nothing), then make
# verify. The report is _output/rebase/<from>-<to>.md, with the carry log
# <from>-<to>.tsv (one row per patch); the exit status is non-zero while
# any patch is unresolved or make verify fails.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
kubecarry::line::require_main "hack/rebase.sh"
source "${KUBECARRY_ROOT}/hack/lib/rebase.sh"

workspace="${KUBECARRY_WORKSPACE:-${KUBECARRY_OUTPUT}/workspace/kubernetes}"
state="$(kubecarry::rebase::state)"

usage() {
  sed -n 's/^#   hack/hack/p' "${BASH_SOURCE[0]}"
}

case "${1-}" in
  -h | --help) usage; exit 0 ;;
esac
[[ $# -eq 1 ]] || { usage >&2; exit 2; }
cd "${KUBECARRY_ROOT}"

# The files a rebase rewrites must hold no work of the maintainer's.
owned=(UPSTREAM_VERSION go.mod go.sum patches vendor)
if [[ -n "$(git status --porcelain -- "${owned[@]}")" ]]; then
  kubecarry::log::fatal "uncommitted changes in ${owned[*]}: commit or stash them first (a rebase rewrites them)"
fi

if [[ "$1" == --continue ]]; then
  [[ -f "${state}" ]] || kubecarry::log::fatal "no rebase in progress (${state} is missing); start one with hack/rebase.sh vX.Y.Z"
  pending=()
  # shellcheck source=/dev/null # written by an earlier run of this script
  source "${state}"
  [[ ! -d "${workspace}/.git/rebase-apply" ]] ||
    kubecarry::log::fatal "the workspace ${workspace} is still in git am: resolve the conflict and run git am --continue there first"
  kubecarry::rebase::continue_series "${workspace}" "${log}" "${pending[@]+"${pending[@]}"}"
else
  to="$1"
  from="$(kubecarry::version::upstream)"
  kubecarry::rebase::check_target "${from}" "${to}"
  log="$(kubecarry::rebase::dir)/${from}-${to}.tsv"
  mkdir -p "$(kubecarry::rebase::dir)"
  mapfile -t all < <(kubecarry::patches::list)
  kubecarry::rebase::prepare_workspace "${workspace}" "${from}" "${to}"
  : >"${log}"
  kubecarry::rebase::continue_series "${workspace}" "${log}" "${all[@]}"
fi
