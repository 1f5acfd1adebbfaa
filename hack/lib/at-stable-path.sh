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

# Runs a command with the checkout bind-mounted at a fixed path, in a mount
# namespace of its own that vanishes with it (see
# kubecarry::golang::reexec_at_stable_path in hack/lib/golang.sh for why).
# Usage: hack/lib/at-stable-path.sh <checkout> <stable path> <dir relative
#        to the checkout> <command> [args...]

set -o errexit
set -o nounset
set -o pipefail

if [[ $# -lt 4 ]]; then
  echo "usage: $0 <checkout> <stable path> <relative dir> <command> [args...]" >&2
  exit 2
fi
checkout="$1" stable="$2" rel="$3"
shift 3
mkdir -p "${stable}"
export KUBECARRY_AT_STABLE_PATH="${stable}"
# shellcheck disable=SC2016 # expanded by the inner bash
exec unshare --mount --propagation private -- bash -c \
  'mount --bind -- "$1" "$2" || { echo "cannot bind-mount $1 at $2" >&2; exit 1; }
   cd "$2/$3" || exit 1
   shift 3
   exec "$@"' \
  kubecarry-stable-path "${checkout}" "${stable}" "${rel}" "$@"
