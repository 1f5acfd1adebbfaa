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

# Checks that the docs cannot drift from the tree: every relative link (and
# its #anchor) resolves, every hack/ script they name exists and its --help
# names each flag they show with it, and every make target they show exists
# (test/cmd/docscheck). The docs are README.md, docs/*.md and the READMEs
# next to the code they describe.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

cd "${KUBECARRY_ROOT}"
docs=(README.md docs/*.md patches/README.md)
if ! "$(kubecarry::golang::tool docscheck)" -root . "${docs[@]}"; then
  kubecarry::log::fatal "the docs name links, commands, flags or make targets the tree does not have (above): fix the docs, or the script's --help"
fi
kubecarry::log::status "docs: every link, hack/ command and flag, and make target of ${#docs[@]} files exists"
