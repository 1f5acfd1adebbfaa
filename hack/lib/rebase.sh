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

# Carrying the series onto another upstream tree (hack/rebase.sh): each
# patch is tried in order on a git tree holding the new release plus the
# patches before it, and gets one outcome (the carry log's "status"):
#
#   applies-cleanly   git apply, every hunk where the patch says
#   applies-offsets   git apply, some hunk moved (the lines say where)
#   three-way         plain application failed; git am -3 merged it from the
#                     blobs the patch was made against
#   already-upstream  the release contains it: it reverse-applies cleanly
#                     and does not apply; it is dropped from the series
#   conflict          neither; the files and hunks are named and the tree is
#                     left in "git am" at that patch for the maintainer

# Where a rebase keeps its carry log, report and state (from, to, the log,
# the patches still pending after a conflict), for --continue.
kubecarry::rebase::dir() { echo "${KUBECARRY_OUTPUT}/rebase"; }
kubecarry::rebase::state() { echo "$(kubecarry::rebase::dir)/state"; }

# kubecarry::rebase::apply_one <tree> <patch> applies one patch to the git
# tree <tree> (a commit per patch, as in the patch workspace) and prints
# "<status>\t<detail>". It returns 0 for every status but conflict.
kubecarry::rebase::apply_one() {
  local tree="$1" patch="$2" out
  # Reverse first: a patch upstream now contains also fails forward, and
  # must not be counted as a conflict.
  if ! (cd "${tree}" && git apply --check "${patch}") >/dev/null 2>&1 &&
    (cd "${tree}" && git apply --check -R "${patch}") >/dev/null 2>&1; then
    printf 'already-upstream\tthe release contains every change of the patch (it reverse-applies); dropped from the series\n'
    return 0
  fi
  if out="$(cd "${tree}" && git apply --check -v "${patch}" 2>&1)"; then
    (cd "${tree}" && kubecarry::upstream::git am -q "${patch}") >/dev/null 2>&1 || {
      printf 'conflict\tgit apply --check passed but git am failed\n'
      return 1
    }
    local moved
    moved="$(grep -E '^Hunk #[0-9]+ succeeded at [0-9]+ \(offset -?[0-9]+ lines?\)' <<<"${out}" | tr '\n' ' ')"
    if [[ -n "${moved}" ]]; then
      printf 'applies-offsets\t%s\n' "$(kubecarry::rebase::hunk_files <<<"${out}")${moved% }"
    else
      printf 'applies-cleanly\t\n'
    fi
    return 0
  fi
  local failed="${out}"
  if out="$(cd "${tree}" && kubecarry::upstream::git am -q -3 "${patch}" 2>&1)"; then
    printf 'three-way\tmerged by git am -3; plain application failed: %s\n' \
      "$(grep -E '^error: patch failed: ' <<<"${failed}" | sed 's/^error: patch failed: //' | tr '\n' ' ' | sed 's/ $//')"
    return 0
  fi
  printf 'conflict\t%s\n' "$(kubecarry::rebase::conflict_detail "${tree}" "${failed}" "${out}")"
  return 1
}

# kubecarry::rebase::hunk_files (stdin: git apply -v output) prints
# "<file>: " before the hunk lines of each file that moved.
kubecarry::rebase::hunk_files() {
  awk '/^Checking patch / {f=$3; sub(/\.\.\.$/, "", f)} /^Hunk #[0-9]+ succeeded at .*offset/ {if (!(f in seen)) {seen[f]=1; printf "%s: ", f}}'
}

# kubecarry::rebase::conflict_detail <tree> <git apply output> <git am -3
# output> names each hunk that did not apply ("file:line") and each file
# the three-way merge left conflicted in <tree> (or git's error when it
# could not even try, e.g. without the blobs the patch was made against).
kubecarry::rebase::conflict_detail() {
  local hunks merged
  hunks="$(grep -E '^error: patch failed: ' <<<"$2" | sed 's/^error: patch failed: //' | tr '\n' ' ' | sed 's/ $//')"
  merged="$(cd "$1" && git diff --name-only --diff-filter=U | tr '\n' ' ' | sed 's/ $//')"
  [[ -n "${merged}" ]] && merged="conflicts in ${merged}" ||
    merged="$(grep -E '^error: ' <<<"$3" | head -n 3 | tr '\n' ' ' | sed 's/ $//')"
  echo "hunks that do not apply: ${hunks:-none reported}; three-way merge: ${merged:-failed}"
}

# kubecarry::rebase::apply_series <tree> <patch...> applies the patches in
# order with kubecarry::rebase::apply_one, printing a TSV row
# "<patch>\t<status>\t<detail>" for each. It stops at the first conflict
# (leaving <tree> in "git am" there) and then returns 1; the patches after it
# are not tried.
kubecarry::rebase::apply_series() {
  local tree="$1" p row
  shift
  for p in "$@"; do
    if ! row="$(kubecarry::rebase::apply_one "${tree}" "${p}")"; then
      printf '%s\t%s\n' "${p##*/}" "${row}"
      return 1
    fi
    printf '%s\t%s\n' "${p##*/}" "${row}"
  done
}

# kubecarry::rebase::check_target <from> <to> accepts only another release
# of the same minor that the Go module proxy serves.
kubecarry::rebase::check_target() {
  local from="$1" to="$2"
  [[ "${to}" =~ ^v1\.([0-9]+)\.[0-9]+$ ]] || kubecarry::log::fatal "'${to}' is not an upstream release like v1.35.4"
  [[ "${to}" != "${from}" ]] || kubecarry::log::fatal "the series is already on ${from}"
  [[ "${to%.*}" == "${from%.*}" ]] ||
    kubecarry::log::fatal "${to} is not a ${from%.*} release: hack/rebase.sh moves the series within a minor; for ${to%.*} see hack/forward-port-report.sh"
  kubecarry::upstream::module_dir k8s.io/kubernetes "${to}" >/dev/null
}

# kubecarry::rebase::prepare_workspace <workspace> <from> <to> makes the
# patch workspace the pristine tree of <to> with the pristine tree of <from>
# fetched into it (the blobs the patches were made against, which a
# three-way merge needs). It refuses a workspace holding work that is not in
# patches/.
kubecarry::rebase::prepare_workspace() {
  local ws="$1" from="$2" to="$3"
  if [[ -d "${ws}/.git" && ! -f "$(kubecarry::rebase::state)" ]]; then
    local commits
    commits="$(git -C "${ws}" rev-list --count upstream..HEAD 2>/dev/null || echo unknown)"
    if [[ -n "$(git -C "${ws}" status --porcelain)" || "${commits}" != "$(kubecarry::patches::list | grep -c .)" ]]; then
      kubecarry::log::fatal "${ws} has work that is not in patches/ (uncommitted or unexported commits); export it with hack/patch-workspace.sh export, or remove it"
    fi
  fi
  kubecarry::upstream::ensure_pristine
  local previous
  previous="$(kubecarry::upstream::pristine_dir)"
  KUBECARRY_UPSTREAM_VERSION="${to}" kubecarry::upstream::ensure_pristine
  rm -rf "${ws}"
  mkdir -p "${ws%/*}"
  kubecarry::upstream::git clone -q "$(KUBECARRY_UPSTREAM_VERSION="${to}" kubecarry::upstream::pristine_dir)" "${ws}"
  (
    cd "${ws}" &&
      kubecarry::upstream::git checkout -q -b patches upstream &&
      kubecarry::upstream::git fetch -q "${previous}" "refs/tags/upstream:refs/kubecarry/${from}"
  ) || kubecarry::log::fatal "could not prepare the workspace ${ws}"
  printf 'from=%q\nto=%q\nlog=%q\n' "${from}" "${to}" "$(kubecarry::rebase::dir)/${from}-${to}.tsv" >"$(kubecarry::rebase::state)"
  kubecarry::log::status "workspace ${ws}: ${to} (tag upstream), ${from} fetched as refs/kubecarry/${from}"
}

# kubecarry::rebase::continue_series <workspace> <log> <patch...> applies
# the patches after what the workspace already holds, appending to the carry
# log. On --continue the first one is the patch the maintainer resolved.
kubecarry::rebase::continue_series() {
  local ws="$1" log="$2"
  shift 2
  local -a patches=("$@")
  if [[ -s "${log}" && "$(tail -n1 "${log}" | cut -f2)" == conflict ]]; then
    local resolved="${patches[0]}" subject
    subject="$(sed -n 's/^Subject: \[PATCH\] //p' "${resolved}" | head -n1)"
    [[ "$(git -C "${ws}" log -1 --format=%s)" == "${subject}"* ]] ||
      kubecarry::log::fatal "the workspace's last commit is not ${resolved##*/}: finish it there with git am --continue (or drop it with git am --skip and remove it from patches/series by hand)"
    sed -i '$d' "${log}"
    printf '%s\tresolved-by-hand\tresolved in the workspace after a conflict\n' "${resolved##*/}" >>"${log}"
    patches=("${patches[@]:1}")
  fi
  local i
  for ((i = 0; i < ${#patches[@]}; i++)); do
    if ! kubecarry::rebase::apply_series "${ws}" "${patches[i]}" >>"${log}"; then
      {
        printf 'pending=('
        printf '%q ' "${patches[@]:i}"
        printf ')\n'
      } >>"$(kubecarry::rebase::state)"
      kubecarry::rebase::report "not-run" "${patches[@]:i+1}" || true
      kubecarry::log::error "${patches[i]##*/} conflicts with ${to}: $(tail -n1 "${log}" | cut -f3)"
      kubecarry::log::error "resolve it in ${ws} (git status; git am --continue), then run hack/rebase.sh --continue; nothing outside the workspace was changed"
      exit 1
    fi
  done
  kubecarry::rebase::finish "${ws}"
}

# kubecarry::rebase::finish <workspace> moves the checkout to the release
# once every patch is resolved: UPSTREAM_VERSION, go.mod/go.sum, patches/,
# vendor/. A failure before vendor/ is replaced puts those files back as
# they were; then make verify runs on the result.
kubecarry::rebase::finish() {
  local ws="$1"
  kubecarry::log::status "every patch is resolved; moving the checkout to ${to}"
  if ! (
    echo "${to}" >UPSTREAM_VERSION &&
      "${KUBECARRY_ROOT}/hack/update-gomod.sh" &&
      kubecarry::patches::export "${ws}" "${KUBECARRY_PATCHES_DIR}" &&
      "${KUBECARRY_ROOT}/hack/update-vendor.sh"
  ); then
    git checkout -q -- UPSTREAM_VERSION go.mod go.sum patches
    git clean -fdq -- patches
    kubecarry::log::fatal "moving the checkout to ${to} failed (the error is above); UPSTREAM_VERSION, go.mod, go.sum, patches/ and vendor/ are as they were"
  fi
  rm -f "$(kubecarry::rebase::state)"
  local verify=passed
  make -C "${KUBECARRY_ROOT}" verify || verify=failed
  kubecarry::rebase::report "${verify}"
  [[ "${verify}" == passed ]] || kubecarry::log::fatal "the checkout is on ${to}, but make verify failed (above); see the report"
  kubecarry::log::status "the series is on ${to}; review git diff and the report, then commit"
}

# kubecarry::rebase::report <verify result> [patch not tried...] writes
# <from>-<to>.md from the carry log and prints where; its status is
# carrylog's (1 while a patch is unresolved).
kubecarry::rebase::report() {
  local verify="$1" rows p
  shift
  rows="$(mktemp)"
  cp "${log}" "${rows}"
  for p in "$@"; do printf '%s\tnot-tried\t\n' "${p##*/}" >>"${rows}"; done
  local md="${log%.tsv}.md" rc=0
  "$(kubecarry::golang::tool carrylog)" -from "${from}" -to "${to}" -log "${rows}" -verify "${verify}" >"${md}" || rc=$?
  rm -f "${rows}"
  kubecarry::log::status "report: ${md} (carry log ${log})"
  return "${rc}"
}
