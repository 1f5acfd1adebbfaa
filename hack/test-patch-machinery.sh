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

# Tests of the patch machinery itself, on the fixtures in hack/testdata/patches:
# a mini kubernetes/kubernetes tree and small series that apply, apply only
# to tests, do not apply, or break the header template. The vendor/ cases
# run the same functions hack/update-vendor.sh and hack/verify-vendor.sh use.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
kubecarry::line::require_main "the patch machinery tests"
source "${KUBECARRY_ROOT}/hack/lib/rebase.sh"
source "${KUBECARRY_ROOT}/hack/lib/forward-port.sh"

fixtures="${KUBECARRY_ROOT}/hack/testdata/patches"
scratch="$(mktemp -d)"
trap 'rm -rf "${scratch}"' EXIT

passed=0
failed=0
current=""

# fail ends the running test (each runs in its own subshell).
fail() {
  kubecarry::log::error "FAIL ${current}: $*"
  exit 1
}

# run_test <name> runs the function of that name in a subshell with errexit
# in force (it would be ignored on the left of "||"), so a failing step ends
# that test, not the suite.
run_test() {
  current="$1"
  local rc
  set +o errexit
  ( set -o errexit; "$1" )
  rc=$?
  set -o errexit
  if [[ ${rc} -eq 0 ]]; then
    kubecarry::test::record hack/test-patch-machinery.sh "$1" pass
    passed=$((passed + 1))
  else
    kubecarry::test::record hack/test-patch-machinery.sh "$1" fail "exit status ${rc}"
    failed=$((failed + 1))
  fi
}

# vendor_tree <dir> lays the fixture tree out as vendor/ would hold it, but
# without pkg/notvendored (a package the binaries do not import).
vendor_tree() {
  local dir="$1"
  mkdir -p "${dir}/vendor/k8s.io/kubernetes/pkg" "${dir}/vendor/k8s.io"
  cp -R "${fixtures}/tree/pkg/sample" "${dir}/vendor/k8s.io/kubernetes/pkg/"
  cp -R "${fixtures}/tree/staging/src/k8s.io/sample-lib" "${dir}/vendor/k8s.io/"
}

# upstream_tree <dir> makes the fixture tree a git repository tagged upstream.
upstream_tree() {
  local dir="$1"
  mkdir -p "${dir}"
  cp -R "${fixtures}/tree/." "${dir}/"
  (cd "${dir}" && kubecarry::upstream::git init -q -b main && kubecarry::upstream::git add -A &&
    kubecarry::upstream::git commit -q -m upstream && kubecarry::upstream::git tag upstream)
}

# apply_series <fixture dir> <tree> applies a fixture series to <tree>/vendor.
apply_series() {
  local p
  while IFS= read -r p; do
    kubecarry::patches::apply_to_vendor "$2" "${p}" || return 1
  done < <(KUBECARRY_PATCHES_DIR="$1" kubecarry::patches::list "$1")
}

test_maps_kk_and_staging_paths_into_vendor() {
  local t="${scratch}/map"
  vendor_tree "${t}"
  apply_series "${fixtures}/applies" "${t}"
  grep -q '"kubecarry"' "${t}/vendor/k8s.io/kubernetes/pkg/sample/sample.go" || fail "k/k path pkg/sample not patched in vendor/k8s.io/kubernetes"
  grep -q 'hello from kubecarry' "${t}/vendor/k8s.io/sample-lib/greet/greet.go" || fail "staging path not patched in vendor/k8s.io/sample-lib"
}

test_skips_test_files_and_testdata_for_vendor() {
  local t="${scratch}/skip"
  vendor_tree "${t}"
  apply_series "${fixtures}/applies" "${t}"
  [[ ! -e "${t}/vendor/k8s.io/kubernetes/pkg/sample/sample_test.go" ]] || fail "_test.go file reached vendor/"
  [[ ! -e "${t}/vendor/k8s.io/sample-lib/greet/testdata" ]] || fail "testdata/ reached vendor/"
  [[ ! -e "${t}/vendor/k8s.io/kubernetes/pkg/notvendored" ]] || fail "a package that is not vendored was created in vendor/"
}

test_test_only_patch_leaves_vendor_unchanged() {
  local only="${scratch}/only" base="${scratch}/only-base"
  vendor_tree "${only}"
  vendor_tree "${base}"
  apply_series "${fixtures}/test-only" "${only}"
  apply_series "${fixtures}/applies" "${base}"
  diff -r "${base}/vendor" "${only}/vendor" >/dev/null || fail "a test-only patch changed vendor/"
}

test_full_series_with_tests_applies_upstream() {
  local t="${scratch}/upstream"
  upstream_tree "${t}"
  local p
  while IFS= read -r p; do
    (cd "${t}" && kubecarry::upstream::git am -q "${p}") || fail "git am ${p##*/} failed on the upstream layout"
  done < <(kubecarry::patches::list "${fixtures}/test-only")
  grep -q TestNameNotEmpty "${t}/pkg/sample/sample_test.go" || fail "test hunks missing upstream"
  [[ -f "${t}/staging/src/k8s.io/sample-lib/greet/testdata/golden.txt" ]] || fail "testdata missing upstream"
  grep -q '= false' "${t}/pkg/notvendored/notvendored.go" || fail "non-vendored package not patched upstream"
  [[ "$(git -C "${t}" rev-list --count upstream..HEAD)" -eq 2 ]] || fail "want one commit per patch"
}

test_stale_patch_fails_naming_patch_and_file_and_changes_nothing() {
  local t="${scratch}/stale" before="${scratch}/stale-before" out
  vendor_tree "${t}"
  vendor_tree "${before}"
  if out="$(apply_series "${fixtures}/stale-context" "${t}" 2>&1)"; then
    fail "a patch with stale context applied"
  fi
  grep -q '0001-sample-a-change-whose-context-is-stale.patch does not apply' <<<"${out}" || fail "error does not name the patch: ${out}"
  grep -q 'vendor/k8s.io/kubernetes/pkg/sample/sample.go' <<<"${out}" || fail "error does not name the file: ${out}"
  grep -q 'while searching for' <<<"${out}" || fail "error does not show the hunk: ${out}"
  diff -r "${before}/vendor" "${t}/vendor" >/dev/null || fail "a failed patch left vendor/ half-patched"
}

test_generate_vendor_fails_cleanly_on_stale_patch() {
  local t="${scratch}/gen" out
  if out="$(KUBECARRY_PATCHES_DIR="${fixtures}/stale-vendor" kubecarry::patches::generate_vendor "${t}" 2>&1)"; then
    fail "vendor/ generated with a stale patch"
  fi
  grep -q '0001-api-document-a-stale-line.patch does not apply' <<<"${out}" || fail "error does not name the patch: ${out}"
  [[ ! -e "${t}/vendor" ]] || fail "a half-patched vendor/ was left behind"
}

test_update_vendor_keeps_committed_vendor_on_failure() {
  local sum_before sum_after out
  sum_before="$(cd "${KUBECARRY_ROOT}" && find vendor -type f -newer go.mod -print | wc -l) $(stat -c %i "${KUBECARRY_ROOT}/vendor")"
  if out="$(KUBECARRY_PATCHES_DIR="${fixtures}/stale-vendor" "${KUBECARRY_ROOT}/hack/update-vendor.sh" 2>&1)"; then
    fail "update-vendor.sh succeeded with a stale patch"
  fi
  grep -q 'vendor/ was not changed' <<<"${out}" || fail "update-vendor.sh does not say vendor/ is unchanged: ${out}"
  sum_after="$(cd "${KUBECARRY_ROOT}" && find vendor -type f -newer go.mod -print | wc -l) $(stat -c %i "${KUBECARRY_ROOT}/vendor")"
  [[ "${sum_before}" == "${sum_after}" ]] || fail "vendor/ was replaced or touched"
}

test_verify_names_a_tampered_vendor_file() {
  local expected="${scratch}/expected" actual="${scratch}/actual" out gen
  gen="$(kubecarry::patches::generate_vendor "${expected}" 2>&1)" || fail "regenerating vendor/ failed: ${gen}"
  mkdir -p "${actual}"
  cp -R "${KUBECARRY_ROOT}/vendor" "${actual}/vendor"
  kubecarry::vendor::compare "${expected}/vendor" "${actual}/vendor" || fail "the committed vendor/ does not match its regeneration"
  # Flip one byte of one file.
  local victim="${actual}/vendor/k8s.io/apimachinery/pkg/util/wait/wait.go"
  printf 'X' | dd of="${victim}" bs=1 seek=100 conv=notrunc status=none
  if out="$(kubecarry::vendor::compare "${expected}/vendor" "${actual}/vendor" 2>&1)"; then
    fail "a tampered vendor/ file passed"
  fi
  grep -q 'differs: vendor/k8s.io/apimachinery/pkg/util/wait/wait.go' <<<"${out}" || fail "the tampered file is not named: ${out}"
}

test_lint_accepts_template_and_names_missing_field() {
  KUBECARRY_PATCHES_DIR="${fixtures}/applies" kubecarry::patches::lint_series "${fixtures}/applies" || fail "a header that follows the template failed lint"
  local out
  if out="$(kubecarry::patches::lint_series "${fixtures}/bad-header" 2>&1)"; then
    fail "a header without Drop-when passed lint"
  fi
  grep -q "no 'Drop-when:' line" <<<"${out}" || fail "lint does not name the missing field: ${out}"
}

test_series_and_patch_files_must_agree() {
  local d="${scratch}/series" out
  mkdir -p "${d}"
  cp "${fixtures}/applies/"*.patch "${d}/"
  echo "0002-missing.patch" > "${d}/series"
  if out="$(kubecarry::patches::list "${d}" 2>&1)"; then fail "a series entry without a file was accepted"; fi
  grep -q '0002-missing.patch does not exist' <<<"${out}" || fail "missing file not named: ${out}"
  : > "${d}/series"
  if out="$(kubecarry::patches::list "${d}" 2>&1)"; then fail "a patch file outside the series was accepted"; fi
  grep -q 'is not listed in' <<<"${out}" || fail "stray patch not named: ${out}"
}

# workspace_with <fixture dir> <dir> makes <dir> a patch workspace: the
# fixture tree at tag upstream plus the fixture series, one commit per patch.
workspace_with() {
  local p
  upstream_tree "$2"
  while IFS= read -r p; do
    (cd "$2" && kubecarry::upstream::git am -q "${p}") || fail "git am ${p##*/} failed"
  done < <(KUBECARRY_PATCHES_DIR="$1" kubecarry::patches::list "$1")
}

test_export_round_trips_the_series_byte_for_byte() {
  local ws="${scratch}/export-ws" dest="${scratch}/export-dest"
  workspace_with "${fixtures}/test-only" "${ws}"
  mkdir -p "${dest}"
  echo stale >"${dest}/0009-a-patch-dropped-from-the-series.patch"
  kubecarry::patches::export "${ws}" "${dest}" || fail "exporting a series that passes lint failed"
  [[ ! -e "${dest}/0009-a-patch-dropped-from-the-series.patch" ]] || fail "a patch no longer in the workspace was kept"
  local p
  for p in "${fixtures}/test-only/"*.patch; do
    cmp "${p}" "${dest}/${p##*/}" || fail "${p##*/} changed on a round trip through the workspace"
  done
  [[ "$(KUBECARRY_PATCHES_DIR="${dest}" kubecarry::patches::list "${dest}" | wc -l)" -eq 2 ]] || fail "the exported series does not list both patches"
}

test_export_fails_on_lint_and_leaves_patches_unchanged() {
  local ws="${scratch}/export-bad-ws" dest="${scratch}/export-bad-dest" out
  workspace_with "${fixtures}/bad-header" "${ws}"
  mkdir -p "${dest}"
  cp "${fixtures}/applies/"* "${dest}/"
  if out="$(kubecarry::patches::export "${ws}" "${dest}" 2>&1)"; then
    fail "a series whose header has no Drop-when was exported"
  fi
  grep -q "no 'Drop-when:' line" <<<"${out}" || fail "export does not name the lint problem: ${out}"
  grep -q 'nothing exported' <<<"${out}" || fail "export does not say nothing was exported: ${out}"
  diff -r "${fixtures}/applies" "${dest}" >/dev/null || fail "a failed export changed the patches directory"
}

# new_upstream <dir> <edit command> makes <dir> the fixture tree as an
# upstream release that changed: the edit (run in <dir>) committed on top
# of tag upstream, so the blobs the patches were made against stay in the
# repository (hack/rebase.sh fetches the old release for the same reason).
new_upstream() {
  upstream_tree "$1"
  (cd "$1" && eval "$2" && kubecarry::upstream::git commit -q -a -m "new upstream release")
}

# rebase_row <tree>: the carry-log row of the applies fixture's one patch.
rebase_row() {
  kubecarry::rebase::apply_series "$1" "${fixtures}/applies/0001-sample-say-kubecarry-instead-of-upstream.patch"
}

test_rebase_applies_cleanly() {
  local t="${scratch}/rebase-clean" row
  new_upstream "${t}" "echo 'package sample' >pkg/sample/doc.go && git add pkg/sample/doc.go"
  row="$(rebase_row "${t}")" || fail "an unchanged context did not apply: ${row}"
  [[ "$(cut -f2 <<<"${row}")" == applies-cleanly ]] || fail "want applies-cleanly, got: ${row}"
  grep -q '"kubecarry"' "${t}/pkg/sample/sample.go" || fail "the patch was not applied"
}

test_rebase_reports_offsets() {
  local t="${scratch}/rebase-offsets" row
  new_upstream "${t}" "sed -i '1a\\\n// Two lines upstream added.' pkg/sample/sample.go"
  row="$(rebase_row "${t}")" || fail "a moved hunk did not apply: ${row}"
  [[ "$(cut -f2 <<<"${row}")" == applies-offsets ]] || fail "want applies-offsets, got: ${row}"
  grep -q 'pkg/sample/sample.go: Hunk #1 succeeded at 4 (offset 2 lines)' <<<"${row}" || fail "the offset is not named with its file and hunk: ${row}"
  [[ "$(git -C "${t}" log -1 --format=%s)" == "sample: say kubecarry instead of upstream" ]] || fail "the patch is not one commit with its own subject"
}

test_rebase_merges_three_way() {
  local t="${scratch}/rebase-3way" row
  # Upstream rewrote the doc comment just above the changed line: the hunk's
  # context no longer matches, but a merge from the old blobs resolves it.
  new_upstream "${t}" "sed -i 's|// Name is what the sample says.|// Name is what the sample says, since 1.0.|' pkg/sample/sample.go"
  row="$(rebase_row "${t}")" || fail "a change a three-way merge resolves was a conflict: ${row}"
  [[ "$(cut -f2 <<<"${row}")" == three-way ]] || fail "want three-way, got: ${row}"
  grep -q 'pkg/sample/sample.go:2' <<<"${row}" || fail "the hunk that failed plain application is not named: ${row}"
  if ! grep -q 'since 1.0' "${t}/pkg/sample/sample.go" || ! grep -q '"kubecarry"' "${t}/pkg/sample/sample.go"; then
    fail "the merge lost upstream's or the patch's change: $(cat "${t}/pkg/sample/sample.go")"
  fi
}

test_rebase_conflict_names_file_and_hunk_and_stops() {
  local t="${scratch}/rebase-conflict" row
  new_upstream "${t}" "sed -i 's|return \"upstream\"|return \"upstream-2\"|' pkg/sample/sample.go"
  if row="$(rebase_row "${t}")"; then
    fail "a patch whose changed line upstream also changed was not a conflict: ${row}"
  fi
  [[ "$(cut -f2 <<<"${row}")" == conflict ]] || fail "want conflict, got: ${row}"
  grep -q 'hunks that do not apply: pkg/sample/sample.go:2' <<<"${row}" || fail "the failing hunk is not named: ${row}"
  grep -q 'three-way merge: conflicts in pkg/sample/sample.go' <<<"${row}" || fail "the conflicted file is not named: ${row}"
  [[ -d "${t}/.git/rebase-apply" ]] || fail "the tree is not left in git am at the conflicting patch"
}

test_rebase_detects_already_upstream() {
  local t="${scratch}/rebase-upstream" row
  new_upstream "${t}" "git apply '${fixtures}/applies/0001-sample-say-kubecarry-instead-of-upstream.patch' && git add -A"
  row="$(rebase_row "${t}")" || fail "a patch the release contains was a conflict: ${row}"
  [[ "$(cut -f2 <<<"${row}")" == already-upstream ]] || fail "want already-upstream, got: ${row}"
  [[ "$(git -C "${t}" log -1 --format=%s)" == "new upstream release" ]] || fail "a patch already upstream was committed again"
}

test_rebase_continue_records_the_resolution_and_applies_the_rest() {
  local t="${scratch}/rebase-continue" log="${scratch}/rebase-continue.tsv" out
  local -a series
  mapfile -t series < <(KUBECARRY_PATCHES_DIR="${fixtures}/test-only" kubecarry::patches::list "${fixtures}/test-only")
  new_upstream "${t}" "sed -i 's|return \"upstream\"|return \"upstream-2\"|' pkg/sample/sample.go"
  : >"${log}"
  # The state of a rebase, as hack/rebase.sh keeps it; finish is what moves
  # the checkout, not part of this test.
  local KUBECARRY_OUTPUT="${scratch}/rebase-continue-output" from=v1.0.0 to=v1.0.1
  mkdir -p "$(kubecarry::rebase::dir)"
  kubecarry::rebase::finish() { echo "finished on ${to}"; }
  kubecarry::golang::tool() { echo true; }
  if out="$(kubecarry::rebase::continue_series "${t}" "${log}" "${series[@]}" 2>&1)"; then
    fail "a conflicting series did not stop: ${out}"
  fi
  grep -q "^pending=(.*0001-sample-say-kubecarry-instead-of-upstream.patch .*0002-" "$(kubecarry::rebase::state)" ||
    fail "the pending patches are not recorded: $(cat "$(kubecarry::rebase::state)")"
  # The maintainer resolves it in the workspace.
  (cd "${t}" && sed -i 's|<<<<<<<.*||; s|=======||; s|>>>>>>>.*||; s|return "upstream-2"||' pkg/sample/sample.go &&
    grep -q kubecarry pkg/sample/sample.go &&
    git add pkg/sample/sample.go && GIT_EDITOR=true kubecarry::upstream::git am --continue >/dev/null) ||
    fail "resolving the fixture conflict failed"
  out="$(kubecarry::rebase::continue_series "${t}" "${log}" "${series[@]}" 2>&1)" || fail "--continue failed: ${out}"
  grep -q 'finished on v1.0.1' <<<"${out}" || fail "--continue did not finish: ${out}"
  [[ "$(cut -f1,2 "${log}")" == $'0001-sample-say-kubecarry-instead-of-upstream.patch\tresolved-by-hand\n0002-sample-test-that-the-name-is-not-empty.patch\tapplies-cleanly' ]] ||
    fail "carry log after --continue: $(cat "${log}")"
}

# forwardport_trees <release edit>: "series" (the fixture tree plus the
# test-only series, a commit per patch) and "release" (the fixture tree as
# a Go module, changed by the edit, with the series fetched into it) under
# ${scratch}/fp-<test>.
forwardport_trees() {
  local d="${scratch}/fp-${current}"
  upstream_tree "${d}/series"
  (cd "${d}/series" && kubecarry::upstream::git checkout -q -b patches &&
    kubecarry::upstream::git am -q "${fixtures}"/test-only/000*.patch)
  new_upstream "${d}/release" "printf 'module k8s.io/kubernetes\n\ngo 1.25\n' >go.mod && git add go.mod && $1"
  # In a report's tree the tag upstream is the release itself.
  (cd "${d}/release" && kubecarry::upstream::git tag -f upstream >/dev/null && kubecarry::upstream::git fetch -q ../series \
    refs/heads/patches:refs/kubecarry/series refs/tags/upstream:refs/kubecarry/base)
  mkdir -p "${d}/results"
  echo "${d}"
}

# judge_first <dir>: the forward-port finding for the fixture's first patch.
judge_first() {
  kubecarry::forwardport::judge "$1/release" "$1/results" refs/kubecarry/base refs/kubecarry/series~1 \
    "${fixtures}/test-only/0001-sample-say-kubecarry-instead-of-upstream.patch"
}

test_forwardport_release_with_the_behaviour_passes_the_patchs_tests() {
  local d row
  d="$(forwardport_trees "sed -i 's|return \"upstream\"|return \"kubecarry\"|' pkg/sample/sample.go")"
  row="$(judge_first "${d}")" || fail "judging failed: ${row}"
  [[ "${row}" == $'upstream\t1 pass: TestName' ]] || fail "want upstream (TestName passes), got: ${row}"
  grep -q 'return "kubecarry"' "${d}/release/pkg/sample/sample.go" || fail "the tests ran on another tree"
}

test_forwardport_release_without_the_behaviour_fails_the_patchs_tests() {
  local d row
  d="$(forwardport_trees "sed -i 's|return \"upstream\"|return \"upstream-2\"|' pkg/sample/sample.go")"
  row="$(judge_first "${d}")" || fail "judging failed: ${row}"
  [[ "${row}" == $'carry\t1 of 1 fail: TestName' ]] || fail "want carry (TestName fails), got: ${row}"
  if grep -q 'kubecarry' "${d}/release/pkg/sample/sample.go"; then
    fail "the patch's code, not only its tests, reached the release"
  fi
}

test_forwardport_apply_goes_on_past_a_conflict() {
  local d out
  d="$(forwardport_trees "sed -i 's|return \"upstream\"|return \"upstream-2\"|' pkg/sample/sample.go")"
  (cd "${d}/release" && kubecarry::upstream::git checkout -q -b apply upstream)
  out="$(kubecarry::forwardport::apply "${d}/release" "${fixtures}"/test-only/000*.patch)"
  [[ "$(cut -f1,2 <<<"${out}")" == $'0001-sample-say-kubecarry-instead-of-upstream.patch\tconflict\n0002-sample-test-that-the-name-is-not-empty.patch\tconflict' ]] ||
    fail "want both rows, the first a conflict: ${out}"
  [[ ! -d "${d}/release/.git/rebase-apply" ]] || fail "git am was left in progress"
  [[ -z "$(git -C "${d}/release" status --porcelain)" ]] || fail "a backed-out patch left changes behind"
}

for t in $(declare -F | awk '$3 ~ /^test_/ {print $3}'); do
  run_test "${t}"
done

echo "patch machinery: ${passed} passed, ${failed} failed"
[[ ${failed} -eq 0 ]]
