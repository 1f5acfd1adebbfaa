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

# Fails unless go.mod, its replace directives and the version string agree
# with UPSTREAM_VERSION:
#  - go.mod requires k8s.io/kubernetes at UPSTREAM_VERSION;
#  - exactly the staging modules k8s.io/kubernetes requires at v0.0.0 are
#    replaced, each with its v0.X.Y release, and no other k8s.io module is;
#  - every module go.mod shares with upstream's go.mod has upstream's version
#    (the module graph has not drifted from the pins);
#  - go.mod carries upstream's godebug line;
#  - go.mod and go.sum are what go mod tidy writes (hack/update-gomod.sh
#    ends with it, so a rebase there and back leaves go.mod unchanged);
#  - the version stamped into binaries starts with UPSTREAM_VERSION.
# hack/update-gomod.sh writes what this checks.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
kubecarry::line::require_main "go.mod (the main line's pins)"

cd "${KUBECARRY_ROOT}"
upstream="$(kubecarry::version::upstream)"
staging="$(kubecarry::version::staging)"
updir="$(kubecarry::upstream::kubernetes_dir)"
failed=0
problem() { kubecarry::log::error "$*"; failed=1; }

# The requires (path -> version) and replaces (old path -> "new version")
# of go.mod, and upstream's requires, as go mod edit -json reads them.
declare -A required replaced pinned
while read -r path version; do
  [[ -z "${path}" ]] || required["${path}"]="${version}"
done < <(kubecarry::upstream::requires go.mod)
while read -r old new version; do
  [[ -z "${old}" ]] || replaced["${old}"]="${new} ${version}"
done < <(kubecarry::upstream::gomod go.mod -allow-missing '{range .Replace[*]}{.Old.Path} {.New.Path} {.New.Version}{"\n"}{end}')
while read -r path version; do
  [[ -z "${path}" ]] || pinned["${path}"]="${version}"
done < <(kubecarry::upstream::requires "${updir}/go.mod")
[[ ${#required[@]} -gt 0 ]] || problem "go.mod requires nothing"

got="${required[k8s.io/kubernetes]-}"
[[ "${got}" == "${upstream}" ]] || problem "go.mod requires k8s.io/kubernetes ${got:-(nothing)}, UPSTREAM_VERSION says ${upstream}"

want_staging="$(kubecarry::upstream::staging_modules)"
while IFS= read -r m; do
  if [[ -z "${replaced[${m}]+set}" ]]; then
    problem "go.mod does not replace staging module ${m} (want ${m} => ${m} ${staging})"
  elif [[ "${replaced[${m}]}" != "${m} ${staging}" ]]; then
    problem "go.mod replaces ${m} with '${replaced[${m}]}', want '${m} ${staging}'"
  fi
done <<<"${want_staging}"
for old in "${!replaced[@]}"; do
  grep -qxF "${old}" <<<"${want_staging}" || problem "go.mod replaces ${old}, which k8s.io/kubernetes ${upstream} does not require at v0.0.0"
done

# Module graph drift: compare with upstream's own pins.
for path in "${!required[@]}"; do
  version="${required[${path}]}" pin="${pinned[${path}]-}"
  [[ -z "${pin}" || "${pin}" == "v0.0.0" || "${pin}" == "${version}" ]] || \
    problem "go.mod requires ${path} ${version}, upstream ${upstream} pins ${pin}"
done

want_godebug="$(kubecarry::upstream::godebug)"
got_godebug="$(kubecarry::upstream::godebug_in go.mod)"
[[ "${got_godebug}" == "${want_godebug}" ]] || problem "go.mod godebug is '${got_godebug}', upstream has '${want_godebug}'"

# go mod tidy -diff changes nothing and prints what tidy would change.
if ! tidy="$(GOFLAGS=-mod=mod go mod tidy -diff 2>&1)"; then
  problem "go.mod or go.sum is not tidy; go mod tidy would change:"$'\n'"${tidy}"
fi

kubecarry::version::get_version_vars
[[ "${KUBE_GIT_VERSION}" == "${upstream}+kubecarry."* ]] || problem "the build version ${KUBE_GIT_VERSION} does not start with ${upstream}+kubecarry."

if [[ ${failed} -ne 0 ]]; then
  kubecarry::log::error "run hack/update-gomod.sh (and hack/update-vendor.sh) after changing UPSTREAM_VERSION"
  exit 1
fi
kubecarry::log::status "go.mod, replaces and version agree on ${upstream} (${staging} staging modules, version ${KUBE_GIT_VERSION})"
