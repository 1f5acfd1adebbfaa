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

# Release lines: kubecarry carries its series on more than one upstream
# minor. KUBECARRY_LINE (make LINE=...) selects the line every script works
# on:
#
#   the main line (default, e.g. 1.35)  UPSTREAM_VERSION, KUBECARRY_RELEASE,
#                                       patches/ and vendor/ at the top level;
#                                       built from vendor/
#   lines/<minor>/ (e.g. 1.36)          the same files for that minor, without
#                                       a vendor/: built from the Go module
#                                       sources (checked against
#                                       lines/<minor>/sources.sum) with the
#                                       line's series applied
#
# A line's scripts write under _output/lines/<minor>/ (the main line's under
# _output/), so two lines' binaries and trees never mix; pristine upstream
# trees are shared, by version, in _output/upstream/.

# kubecarry::line::main prints the main line's minor ("1.35"), from the
# top-level UPSTREAM_VERSION.
kubecarry::line::main() {
  local v
  v="$(tr -d '[:space:]' <"${KUBECARRY_ROOT}/UPSTREAM_VERSION")"
  [[ "${v}" =~ ^v(1\.[0-9]+)\.[0-9]+$ ]] || kubecarry::log::fatal "UPSTREAM_VERSION must hold a release like v1.35.8, found '${v}'"
  echo "${BASH_REMATCH[1]}"
}

# kubecarry::line::known prints every line, the main one first.
kubecarry::line::known() {
  kubecarry::line::main
  local d
  for d in "${KUBECARRY_ROOT}"/lines/*/; do
    [[ -f "${d}UPSTREAM_VERSION" ]] || continue
    d="${d%/}"
    echo "${d##*/}"
  done
}

# kubecarry::line::others prints every line but the main one.
kubecarry::line::others() {
  kubecarry::line::known | tail -n +2
}

# kubecarry::line::output_of <minor> prints where that line's scripts write
# (its binaries are in bin/ there).
kubecarry::line::output_of() {
  if [[ "$1" == "$(kubecarry::line::main)" ]]; then
    echo "${KUBECARRY_ROOT}/_output"
  else
    echo "${KUBECARRY_ROOT}/_output/lines/$1"
  fi
}

# kubecarry::line::exists <minor> succeeds if that is a line of this
# repository.
kubecarry::line::exists() {
  [[ "$1" == "$(kubecarry::line::main)" ]] || [[ "$1" =~ ^1\.[0-9]+$ && -f "${KUBECARRY_ROOT}/lines/$1/UPSTREAM_VERSION" ]]
}

# kubecarry::line::init reads KUBECARRY_LINE (default: the main line) and
# sets KUBECARRY_LINE_DIR (where the line's UPSTREAM_VERSION,
# KUBECARRY_RELEASE and patches/ are) and KUBECARRY_OUTPUT. A line that does
# not exist stops the script, naming the known ones.
kubecarry::line::init() {
  local main line
  main="$(kubecarry::line::main)"
  line="${KUBECARRY_LINE:-${main}}"
  kubecarry::line::exists "${line}" ||
    kubecarry::log::fatal "KUBECARRY_LINE=${KUBECARRY_LINE} is not a kubecarry release line; the lines are: $(kubecarry::line::known | paste -sd' ')"
  if [[ "${line}" == "${main}" ]]; then
    KUBECARRY_LINE_DIR="${KUBECARRY_ROOT}"
  else
    KUBECARRY_LINE_DIR="${KUBECARRY_ROOT}/lines/${line}"
  fi
  KUBECARRY_OUTPUT="$(kubecarry::line::output_of "${line}")"
  KUBECARRY_LINE="${line}"
  export KUBECARRY_LINE KUBECARRY_LINE_DIR KUBECARRY_OUTPUT
}

# kubecarry::line::is_main succeeds on the main (vendored) line.
kubecarry::line::is_main() {
  [[ "${KUBECARRY_LINE_DIR}" == "${KUBECARRY_ROOT}" ]]
}

# kubecarry::line::require_main <what> stops a script that only the main
# line supports yet, naming it and the line asked for.
kubecarry::line::require_main() {
  kubecarry::line::is_main ||
    kubecarry::log::fatal "$1 runs on the main line ($(kubecarry::line::main)) only, not on KUBECARRY_LINE=${KUBECARRY_LINE}"
}
