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
    if [[ -n "$(git -C "${workspace}" status --porcelain)" ]] || \
       [[ "$(git -C "${workspace}" rev-list --count upstream..HEAD)" -ne "$(kubecarry::patches::list | grep -c . || true)" ]]; then
      kubecarry::log::fatal "${workspace} has work that is not in patches/ (uncommitted or unexported commits); export it, or pass --force to discard it"
    fi
  fi
  kubecarry::upstream::patched_tree "${workspace}"
  kubecarry::log::status "workspace ready: ${workspace} (branch 'patches', pristine tree at tag 'upstream')"
  echo "${workspace}"
}

export_patches() {
  [[ -d "${workspace}/.git" ]] || kubecarry::log::fatal "no workspace at ${workspace}; run '$0 create' first"
  if [[ -n "$(git -C "${workspace}" status --porcelain)" ]]; then
    kubecarry::log::fatal "${workspace} has uncommitted changes; commit them (one commit per patch) before exporting"
  fi
  local out
  out="$(mktemp -d)"
  trap 'rm -rf "${out}"' RETURN
  # --zero-commit, --no-signature and --no-numbered keep the bytes stable
  # across exports (adding a patch does not rename the others' subjects);
  # --full-index keeps blob ids from depending on the repository's size.
  git -C "${workspace}" format-patch -q --no-numbered --zero-commit --no-signature --full-index \
    -o "${out}" upstream..HEAD

  rm -f "${KUBECARRY_PATCHES_DIR}"/*.patch
  local series="${KUBECARRY_PATCHES_DIR}/series"
  echo "# Applied in order by hack/update-vendor.sh and hack/test-upstream.sh; see README.md." > "${series}"
  local p name
  for p in "${out}"/*.patch; do
    [[ -e "${p}" ]] || continue
    # format-patch keeps the subject's case (feature gate names are
    # CamelCase); file names are lower case, as the series lint requires.
    name="$(tr '[:upper:]' '[:lower:]' <<<"${p##*/}")"
    cp "${p}" "${KUBECARRY_PATCHES_DIR}/${name}"
    echo "${name}" >> "${series}"
  done
  kubecarry::log::status "exported $(grep -vc '^#' "${series}" || true) patch(es) to patches/"
  kubecarry::patches::lint_series || kubecarry::log::error "fix the headers above in the workspace (git commit --amend / rebase -i) and export again"
  "${KUBECARRY_ROOT}/hack/update-vendor.sh"
}

case "${1-}" in
  create) shift; create "$@" ;;
  export) export_patches ;;
  path) echo "${workspace}" ;;
  *) usage ;;
esac
