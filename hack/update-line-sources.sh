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

# Records the checksums of the module sources a release line without vendor/
# is assembled from (lines/<minor>/sources.sum), as the Go module proxy
# serves them: run it after changing the line's UPSTREAM_VERSION and review
# the diff. Every build of the line checks the sources against the file
# (hack/verify-lines.sh checks every line).
#
# Usage: KUBECARRY_LINE=1.36 hack/update-line-sources.sh

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

if kubecarry::line::is_main; then
  kubecarry::log::fatal "the main line (${KUBECARRY_LINE}) is vendored (hack/update-vendor.sh); name a line without vendor/: KUBECARRY_LINE=<minor> $0"
fi
file="$(kubecarry::line::sources_file)"
sums="$(kubecarry::line::sources_sum)"
{
  echo "# The Go module sources of kubecarry's $(kubecarry::version::upstream) line and their checksums (go.sum's h1: hash"
  echo "# of the module zip). Written by hack/update-line-sources.sh; every build of the line checks them."
  echo "${sums}"
} >"${file}"
kubecarry::log::status "wrote ${file} ($(grep -vc '^#' "${file}") modules)"
