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

# The patch series: reading patches/series, linting headers, and applying
# patches written for a kubernetes/kubernetes checkout onto vendor/.
#
# Path mapping for vendor/ (see patches/README.md):
#   staging/src/k8s.io/<module>/<path>  ->  vendor/k8s.io/<module>/<path>
#   <any other path>                    ->  vendor/k8s.io/kubernetes/<path>
# Files named *_test.go and files under a testdata/ directory are left out:
# vendor/ has none. Files in package directories "go mod vendor" did not copy
# are left out too (the binaries cannot import them); both lists are printed.

KUBECARRY_PATCHES_DIR="${KUBECARRY_PATCHES_DIR:-${KUBECARRY_LINE_DIR}/patches}"

# kubecarry::patches::list prints the patch files of the series in order, as
# absolute paths. It fails on a series entry without a file and on a patch
# file that the series does not list, so nothing is silently skipped.
kubecarry::patches::list() {
  local dir="${1:-${KUBECARRY_PATCHES_DIR}}"
  local series="${dir}/series"
  [[ -f "${series}" ]] || kubecarry::log::fatal "${series} is missing (an empty file means no patches)"

  local -a listed=()
  local line
  while IFS= read -r line || [[ -n "${line}" ]]; do
    line="${line%%#*}"
    line="${line//[[:space:]]/}"
    [[ -n "${line}" ]] || continue
    [[ -f "${dir}/${line}" ]] || kubecarry::log::fatal "series lists ${line}, but ${dir}/${line} does not exist"
    listed+=("${line}")
  done < "${series}"

  local f name found
  for f in "${dir}"/*.patch; do
    [[ -e "${f}" ]] || continue
    name="${f##*/}"
    found=false
    for line in "${listed[@]+"${listed[@]}"}"; do
      [[ "${line}" == "${name}" ]] && found=true
    done
    ${found} || kubecarry::log::fatal "${dir}/${name} is not listed in ${series}; add it to the series or delete it"
  done

  for line in "${listed[@]+"${listed[@]}"}"; do
    echo "${dir}/${line}"
  done
}

# kubecarry::patches::to_vendor_paths rewrites the file names of a k/k-layout
# patch (stdin) to vendor/ paths (stdout). Only header lines are rewritten:
# between a "diff --git" line and the first hunk of that file.
kubecarry::patches::to_vendor_paths() {
  awk '
    function map(p,    prefix) {
      # p is "a/<path>" or "b/<path>"; /dev/null stays as it is.
      if (p == "/dev/null") return p
      prefix = substr(p, 1, 2)
      p = substr(p, 3)
      if (index(p, "staging/src/k8s.io/") == 1) return prefix "vendor/k8s.io/" substr(p, 20)
      return prefix "vendor/k8s.io/kubernetes/" p
    }
    /^diff --git / { header = 1; print "diff --git " map($3) " " map($4); next }
    header && /^(---|\+\+\+) / { print $1 " " map($2); next }
    header && /^(rename|copy) (from|to) / {
      p = substr($0, length($1 " " $2 " ") + 1)
      print $1 " " $2 " " substr(map("x/" p), 3); next
    }
    /^@@ / { header = 0 }
    { print }
  '
}

# kubecarry::patches::files prints the path of every file a patch (already in
# vendor/ paths) touches; git names a deleted file on the b/ side too.
kubecarry::patches::files() {
  awk '/^diff --git / { print substr($4, 3) }' "$1"
}

# kubecarry::patches::apply_to_vendor <tree> <patch> applies one k/k-layout
# patch to <tree>/vendor. On failure it prints git's report (which names the
# file and the hunk) under the patch's name and returns non-zero; git apply
# is atomic, so the tree is unchanged then.
kubecarry::patches::apply_to_vendor() {
  local tree="$1" patch="$2" name="${2##*/}"
  local mapped
  mapped="$(mktemp)"
  kubecarry::patches::to_vendor_paths < "${patch}" > "${mapped}"

  local -a excludes=() skipped_tests=() skipped_unvendored=()
  local f
  while IFS= read -r f; do
    if [[ "${f}" == *_test.go || "/${f}/" == */testdata/* ]]; then
      skipped_tests+=("${f}")
      excludes+=("--exclude=${f}")
    elif [[ ! -d "${tree}/$(dirname "${f}")" ]]; then
      skipped_unvendored+=("${f}")
      excludes+=("--exclude=${f}")
    fi
  done < <(kubecarry::patches::files "${mapped}")

  local out rc=0
  # The ceiling keeps git from treating <tree> as part of an enclosing
  # repository (the checkout itself), which would change how paths resolve.
  out="$(cd "${tree}" && GIT_CEILING_DIRECTORIES="$(dirname "${tree}")" git apply --verbose --whitespace=nowarn "${excludes[@]+"${excludes[@]}"}" "${mapped}" 2>&1)" || rc=$?
  rm -f "${mapped}"
  if [[ ${rc} -ne 0 ]]; then
    kubecarry::log::error "patch ${name} does not apply to vendor/:"
    grep -v '^Skipped patch\|^Checking patch' <<<"${out}" | sed 's/^/    /' >&2
    return 1
  fi
  kubecarry::log::status "applied ${name} to vendor/ (${#skipped_tests[@]} test file(s) skipped, ${#skipped_unvendored[@]} file(s) outside vendored packages skipped)"
  for f in "${skipped_unvendored[@]+"${skipped_unvendored[@]}"}"; do
    kubecarry::log::status "    not vendored, skipped: ${f}"
  done
}

# kubecarry::patches::generate_vendor <tree> writes <tree>/vendor from go.mod
# and the series. <tree> must not contain a vendor/ yet; on any failure
# <tree>/vendor is removed again, so a caller never sees a half-patched tree.
kubecarry::patches::generate_vendor() {
  local tree="$1"
  [[ ! -e "${tree}/vendor" ]] || kubecarry::log::fatal "internal error: ${tree}/vendor already exists"
  mkdir -p "${tree}"
  if ! (cd "${KUBECARRY_ROOT}" && GOFLAGS=-mod=mod go mod vendor -o "${tree}/vendor"); then
    rm -rf "${tree}/vendor"
    kubecarry::log::error "go mod vendor failed"
    return 1
  fi
  local listing
  listing="$(kubecarry::patches::list)" || { rm -rf "${tree}/vendor"; return 1; }
  local -a patches=()
  [[ -z "${listing}" ]] || mapfile -t patches <<<"${listing}"
  local p
  for p in "${patches[@]+"${patches[@]}"}"; do
    if ! kubecarry::patches::apply_to_vendor "${tree}" "${p}"; then
      rm -rf "${tree}/vendor"
      return 1
    fi
  done
  kubecarry::log::status "vendor/ generated with ${#patches[@]} patch(es)"
}

# kubecarry::patches::lint <patch> <position> checks one patch file against
# the header template of patches/README.md and prints every problem found.
kubecarry::patches::lint() {
  local patch="$1" position="$2" name="${1##*/}" problems=0
  local -a msgs=()

  if ! [[ "${name}" =~ ^([0-9]{4})-[a-z0-9][a-z0-9-]*\.patch$ ]]; then
    msgs+=("file name must be NNNN-<component>-<topic>.patch")
  elif [[ "$((10#${BASH_REMATCH[1]}))" -ne "${position}" ]]; then
    msgs+=("is number ${BASH_REMATCH[1]} but sits at position ${position} of the series")
  fi
  if [[ "$(head -n1 "${patch}")" != "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001" ]]; then
    msgs+=("not made with 'git format-patch --zero-commit' (first line)")
  fi
  if ! grep -Eq '^Subject: \[PATCH\] [a-z0-9][a-z0-9./-]*: [^ ].+' "${patch}"; then
    msgs+=("subject must read '<component>: <summary>'")
  fi
  # The commit message ends at the first "---" line (the diffstat follows).
  local message
  message="$(awk '/^Subject: /{m=1; next} m && /^---$/{exit} m' "${patch}")"
  local key
  for key in Release-note Upstream Drop-when Tests; do
    grep -Eq "^${key}: [^ ]" <<<"${message}" || msgs+=("the message has no '${key}:' line")
  done
  # The why: at least one line of prose before the trailers.
  if ! awk '/^(Release-note|Upstream|Differs-from-upstream|Drop-when|Tests): /{exit} NF{found=1} END{exit !found}' <<<"${message}"; then
    msgs+=("the message does not say why the patch is carried")
  fi
  if [[ "$(tail -n2 "${patch}" | head -n1)" == "-- " ]]; then
    msgs+=("has a signature; export with --no-signature")
  fi

  local m
  for m in "${msgs[@]+"${msgs[@]}"}"; do
    kubecarry::log::error "${name}: ${m}"
    problems=$((problems + 1))
  done
  return "$((problems > 0))"
}

# kubecarry::patches::lint_series lints every patch of the series.
kubecarry::patches::lint_series() {
  local listing
  listing="$(kubecarry::patches::list "$@")" || return 1
  [[ -n "${listing}" ]] || return 0
  local p position=0 failed=0
  while IFS= read -r p; do
    position=$((position + 1))
    kubecarry::patches::lint "${p}" "${position}" || failed=1
  done <<<"${listing}"
  return "${failed}"
}

# kubecarry::patches::export <workspace> <patches dir> writes the commits of
# the patch workspace after its tag "upstream" to <patches dir> as the
# series, byte-stably: --zero-commit, --no-signature and --no-numbered keep
# the bytes the same across exports (adding a patch does not rename the
# others' subjects); --full-index keeps blob ids from depending on the
# repository's size. The new series is linted before anything is written:
# if a patch fails the header template, <patches dir> is left as it was and
# the function fails, naming every problem.
kubecarry::patches::export() {
  local workspace="$1" dir="$2" status
  [[ -d "${workspace}/.git" ]] || { kubecarry::log::error "no patch workspace at ${workspace}"; return 1; }
  status="$(git -C "${workspace}" status --porcelain)" || return 1
  if [[ -n "${status}" ]]; then
    kubecarry::log::error "${workspace} has uncommitted changes; commit them (one commit per patch) before exporting"
    return 1
  fi
  local tmp
  tmp="$(mktemp -d)"
  if ! git -C "${workspace}" format-patch -q --no-numbered --zero-commit --no-signature --full-index \
      -o "${tmp}/format-patch" upstream..HEAD; then
    rm -rf "${tmp}"
    return 1
  fi
  mkdir -p "${tmp}/series"
  echo "# Applied in order by hack/update-vendor.sh and hack/test-upstream.sh; see README.md." >"${tmp}/series/series"
  local p name n=0
  for p in "${tmp}/format-patch"/*.patch; do
    [[ -e "${p}" ]] || continue
    # format-patch keeps the subject's case (feature gate names are
    # CamelCase); file names are lower case, as the lint requires.
    name="$(tr '[:upper:]' '[:lower:]' <<<"${p##*/}")"
    cp "${p}" "${tmp}/series/${name}"
    echo "${name}" >>"${tmp}/series/series"
    n=$((n + 1))
  done
  if ! kubecarry::patches::lint_series "${tmp}/series"; then
    rm -rf "${tmp}"
    kubecarry::log::error "nothing exported, ${dir} is unchanged: fix the headers above in the workspace (git commit --amend / rebase -i) and export again"
    return 1
  fi
  rm -f "${dir}"/*.patch
  cp "${tmp}/series"/* "${dir}/"
  rm -rf "${tmp}"
  kubecarry::log::status "exported ${n} patch(es) to ${dir}"
}

# kubecarry::vendor::compare <expected> <actual> prints every file that is
# missing, extra or different in <actual> (relative to the vendor/ root) and
# fails if there is any.
kubecarry::vendor::compare() {
  local expected="$1" actual="$2" out
  [[ -d "${actual}" ]] || { kubecarry::log::error "vendor/ does not exist"; return 1; }
  if out="$(LC_ALL=C diff -rq "${expected}" "${actual}" 2>&1)"; then
    return 0
  fi
  local line
  while IFS= read -r line; do
    case "${line}" in
      "Files ${expected}/"*" differ")
        line="${line#"Files ${expected}/"}"
        kubecarry::log::error "differs: vendor/${line%% and *}" ;;
      "Only in ${expected}"*)
        line="${line#"Only in ${expected}"}"; line="${line#/}"; line="${line#: }"
        kubecarry::log::error "missing: vendor/${line/: //}" ;;
      "Only in ${actual}"*)
        line="${line#"Only in ${actual}"}"; line="${line#/}"; line="${line#: }"
        kubecarry::log::error "unexpected: vendor/${line/: //}" ;;
      *)
        kubecarry::log::error "${line}" ;;
    esac
  done <<<"${out}"
  return 1
}
