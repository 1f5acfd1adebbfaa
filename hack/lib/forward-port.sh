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

# The forward-port report (hack/forward-port-report.sh): for each newer
# upstream release, each patch of the series is (1) applied in series order
# to the release's pristine tree, with kubecarry::rebase::apply_one's
# outcomes, a conflicting patch skipped so the later ones are still tried;
# and (2) judged by its own tests: only its test files go onto the pristine
# release (test/cmd/forwardport tests) and the tests it adds, changes or
# names there run. Passing says upstream has the behaviour; failing says
# the carry is still needed.

kubecarry::forwardport::dir() { echo "${KUBECARRY_OUTPUT}/forward-port"; }

# kubecarry::forwardport::check_release <release> accepts only a release of
# a newer minor than UPSTREAM_VERSION that the Go module proxy serves.
kubecarry::forwardport::check_release() {
  local release="$1" current
  current="$(kubecarry::version::upstream)"
  [[ "${release}" =~ ^v1\.([0-9]+)\.[0-9]+$ ]] || kubecarry::log::fatal "'${release}' is not an upstream release like v1.36.3"
  local minor="${BASH_REMATCH[1]}"
  [[ "${current}" =~ ^v1\.([0-9]+)\. ]] || kubecarry::log::fatal "UPSTREAM_VERSION '${current}' is not a release"
  ((minor > BASH_REMATCH[1])) ||
    kubecarry::log::fatal "${release} is not newer than the series' minor (${current}); within a minor use hack/rebase.sh ${release}"
  kubecarry::upstream::module_dir k8s.io/kubernetes "${release}" >/dev/null
}

# kubecarry::forwardport::prepare <release> <series tree> <tree> makes <tree>
# a clone of the release's pristine tree holding the series' commits
# (refs/kubecarry/series) and the release they were made on
# (refs/kubecarry/base): the blobs three-way merges need.
kubecarry::forwardport::prepare() {
  local release="$1" series="$2" tree="$3"
  KUBECARRY_UPSTREAM_VERSION="${release}" kubecarry::upstream::ensure_pristine
  rm -rf "${tree}"
  mkdir -p "${tree%/*}"
  kubecarry::upstream::git clone -q "$(KUBECARRY_UPSTREAM_VERSION="${release}" kubecarry::upstream::pristine_dir)" "${tree}"
  (
    cd "${tree}" &&
      kubecarry::upstream::git fetch -q "${series}" "refs/heads/patches:refs/kubecarry/series" "refs/tags/upstream:refs/kubecarry/base" &&
      kubecarry::upstream::git checkout -q -b apply upstream
  ) || kubecarry::log::fatal "could not prepare ${tree}"
}

# kubecarry::forwardport::apply <tree> <patch...> applies the series in
# order, printing a carry-log row per patch; a conflicting patch is backed
# out and the next one tried.
kubecarry::forwardport::apply() {
  local tree="$1" p row
  shift
  for p in "$@"; do
    if ! row="$(kubecarry::rebase::apply_one "${tree}" "${p}")"; then
      (cd "${tree}" && kubecarry::upstream::git am --abort) >/dev/null 2>&1 || true
    fi
    printf '%s\t%s\n' "${p##*/}" "${row}"
  done
}

# kubecarry::forwardport::reset <tree> puts the pristine release back in
# <tree>'s work tree (what a patch's tests and go test's go.mod edits left).
kubecarry::forwardport::reset() {
  (cd "$1" && git checkout -q -f --detach upstream && git clean -fdq)
}

# kubecarry::forwardport::judge <tree> <out dir> <before> <after> <patch>
# runs the patch's own tests on the pristine release and prints
# "<finding>\t<detail>" (test/cmd/forwardport verdict).
kubecarry::forwardport::judge() {
  local tree="$1" out="$2" before="$3" after="$4" patch="$5" tool plan
  tool="$(kubecarry::golang::tool forwardport)"
  kubecarry::forwardport::reset "${tree}"
  plan="$("${tool}" tests -tree "${tree}" -before "${before}" -after "${after}" \
    -tests-line "$(sed -n 's/^Tests: //p' "${patch}" | head -n1)")" || return 1
  if [[ "${plan}" == undecided$'\t'* ]]; then
    echo "${plan}"
    return 0
  fi
  local name="${patch##*/}" module pkg pattern n=0 notes
  notes="$(awk -F'\t' '$1 == "note" {printf "%s%s", sep, $2; sep = "; "}' <<<"${plan}")"
  local -a results=()
  while IFS=$'\t' read -r module pkg pattern; do
    [[ "${module}" != note ]] || continue
    n=$((n + 1))
    results+=("${out}/${name%.patch}.${n}.json")
    kubecarry::log::status "  ${name%%-*}: go test -run '${pattern}' ${pkg} (in ${module})"
    # The exit status is the tests' result, which verdict reads from the
    # JSON stream.
    (cd "${tree}/${module}" && GOWORK=off GOFLAGS=-mod=mod go test -count=1 -timeout=10m -json -run "${pattern}" "${pkg}") \
      >"${results[-1]}" 2>&1 || true
  done <<<"${plan}"
  local row
  # A test file carried whole over the release's (a note says so) makes a
  # failure undecided: it may be the release's own change to those lines.
  row="$("${tool}" verdict ${notes:+-replaced} "${results[@]}")" || return 1
  echo "${row}${notes:+ (${notes})}"
}

# kubecarry::forwardport::release <release> <series tree> <patch...> writes
# <dir>/<release>/apply.tsv and tests.tsv.
kubecarry::forwardport::release() {
  local release="$1" series="$2"
  shift 2
  local dir
  dir="$(kubecarry::forwardport::dir)/${release}"
  local tree="${dir}/tree"
  kubecarry::log::status "${release}: applying the series"
  kubecarry::forwardport::prepare "${release}" "${series}" "${tree}"
  kubecarry::forwardport::apply "${tree}" "$@" >"${dir}/apply.tsv"
  rm -rf "${dir}/results"
  mkdir -p "${dir}/results"
  : >"${dir}/tests.tsv"
  local -a commits
  mapfile -t commits < <(git -C "${tree}" rev-list --reverse refs/kubecarry/base..refs/kubecarry/series)
  [[ ${#commits[@]} -eq $# ]] || kubecarry::log::fatal "the series tree has ${#commits[@]} commits for $# patches"
  local i before=refs/kubecarry/base row
  for ((i = 1; i <= $#; i++)); do
    local patch="${!i}"
    kubecarry::log::status "${release}: the tests of ${patch##*/}"
    row="$(kubecarry::forwardport::judge "${tree}" "${dir}/results" "${before}" "${commits[i - 1]}" "${patch}")" ||
      kubecarry::log::fatal "could not carry the tests of ${patch##*/} to ${release}"
    printf '%s\t%s\n' "${patch##*/}" "${row}" >>"${dir}/tests.tsv"
    before="${commits[i - 1]}"
  done
  kubecarry::forwardport::reset "${tree}"
}
