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

# The patch workspace: a git repository of the pristine kubernetes/kubernetes
# tree with one commit per patch of the series. Edit patches as commits there,
# then export them back. See patches/README.md for the flows.
#
#   hack/patch-workspace.sh create [--force]   (re)create the workspace
#   hack/patch-workspace.sh export             workspace commits -> patches/, then vendor/
#   hack/patch-workspace.sh path               print the workspace directory
#
# KUBECARRY_LINE=<minor> works on that release line's series (lines/<minor>/).

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

workspace="${KUBECARRY_WORKSPACE:-${KUBECARRY_OUTPUT}/workspace/kubernetes}"

usage() {
  sed -n 's/^#   hack/hack/p' "${BASH_SOURCE[0]}" >&2
  exit 2
}

create() {
  local force=false
  case "${1-}" in
    "") ;;
    --force) force=true ;;
    *) usage ;;
  esac
  if [[ -d "${workspace}/.git" ]] && ! ${force}; then
    local status commits listing
    status="$(git -C "${workspace}" status --porcelain)"
    commits="$(git -C "${workspace}" rev-list --count upstream..HEAD)"
    listing="$(kubecarry::patches::list)"
    if [[ -n "${status}" ]] || [[ "${commits}" -ne "$(grep -c . <<<"${listing}")" ]]; then
      kubecarry::log::fatal "${workspace} has work that is not in patches/ (uncommitted or unexported commits); export it, or pass --force to discard it"
    fi
  fi
  kubecarry::upstream::patched_tree "${workspace}"
  kubecarry::log::status "workspace ready: ${workspace} (branch 'patches', pristine tree at tag 'upstream')"
  echo "${workspace}"
}

export_patches() {
  kubecarry::patches::export "${workspace}" "${KUBECARRY_PATCHES_DIR}" ||
    kubecarry::log::fatal "export failed; patches/ and vendor/ were not changed"
  # A line without vendor/ builds from the series itself.
  if kubecarry::line::is_main; then
    "${KUBECARRY_ROOT}/hack/update-vendor.sh"
  fi
}

case "${1-}" in
  create) shift; create "$@" ;;
  export) export_patches ;;
  path) echo "${workspace}" ;;
  *) usage ;;
esac
