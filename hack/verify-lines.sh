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

# Checks every release line without vendor/ (lines/<minor>/): the module
# sources it is assembled from are those its sources.sum records, checksums
# included (hack/update-line-sources.sh writes the file), and its series is
# complete and every patch header follows the template (patches/README.md),
# and the forward-port table in its patches/README.md lists that series
# (KUBECARRY_LINE=<minor> hack/forward-port-report.sh writes it).

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

failed=0
while IFS= read -r line; do
  if (export KUBECARRY_LINE="${line}" && kubecarry::line::init && kubecarry::line::verify_sources &&
    kubecarry::patches::lint_series "${KUBECARRY_LINE_DIR}/patches" &&
    "$(kubecarry::golang::tool forwardport)" check -series "${KUBECARRY_LINE_DIR}/patches/series" "${KUBECARRY_LINE_DIR}/patches/README.md"); then
    kubecarry::log::status "line ${line}: the module sources match lines/${line}/sources.sum; the series is complete, its headers lint clean and its forward-port table lists it"
  else
    failed=1
  fi
done < <(kubecarry::line::others)
exit "${failed}"
