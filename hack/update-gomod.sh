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

# Rewrites go.mod from UPSTREAM_VERSION: requires k8s.io/kubernetes at that
# version, replaces every staging module it requires at v0.0.0 with the
# matching v0.X.Y release, moves every other module upstream also requires
# to upstream's version, carries upstream's godebug line, then tidies.
# hack/verify-gomod.sh checks the result.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
kubecarry::line::require_main "go.mod (the main line's pins)"

cd "${KUBECARRY_ROOT}"

upstream="$(kubecarry::version::upstream)"
staging="$(kubecarry::version::staging)"
godebug="$(kubecarry::upstream::godebug)"
mapfile -t modules < <(kubecarry::upstream::staging_modules)
[[ ${#modules[@]} -gt 0 ]] || kubecarry::log::fatal "found no staging modules in k8s.io/kubernetes@${upstream}'s go.mod"

# Drop every existing k8s.io replace first, so a module upstream stopped
# requiring does not linger.
args=()
while read -r old; do
  args+=("-dropreplace=${old}")
done < <(kubecarry::upstream::gomod go.mod -allow-missing '{range .Replace[*]}{.Old.Path}{"\n"}{end}' | grep '^k8s\.io/' | LC_ALL=C sort -u)
args+=("-require=k8s.io/kubernetes@${upstream}")
# Every module both go.mod files require takes upstream's pin, up or down:
# the release's graph, not the one the series was on (tidy may only raise a
# version that another requirement needs).
declare -A pinned=()
while read -r path version; do
  [[ -z "${path}" || "${version}" == v0.0.0 ]] || pinned["${path}"]="${version}"
done < <(kubecarry::upstream::requires "$(kubecarry::upstream::kubernetes_dir)/go.mod")
while read -r path version; do
  pin="${pinned[${path}]-}"
  [[ -z "${pin}" || "${pin}" == "${version}" ]] || args+=("-require=${path}@${pin}")
done < <(kubecarry::upstream::requires go.mod)
for m in "${modules[@]}"; do
  args+=("-replace=${m}=${m}@${staging}")
done
if [[ -n "${godebug}" ]]; then
  args+=("-godebug=${godebug}")
fi
go mod edit "${args[@]}"

GOFLAGS=-mod=mod go mod tidy
kubecarry::log::status "go.mod now tracks k8s.io/kubernetes ${upstream} with ${#modules[@]} staging modules at ${staging}"
