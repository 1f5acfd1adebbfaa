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

# Helpers that locate the upstream Kubernetes sources in the Go module cache.

# kubecarry::upstream::module_dir <module> <version> downloads a module
# through the Go module proxy (if not cached) and prints its directory.
kubecarry::upstream::module_dir() {
  local module="$1" version="$2" out
  if ! out="$(cd "${KUBECARRY_ROOT}" && GOFLAGS=-mod=mod go mod download -json "${module}@${version}" 2>&1)"; then
    kubecarry::log::fatal "cannot download ${module}@${version} from the Go module proxy: ${out}"
  fi
  sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p' <<<"${out}"
}

# kubecarry::upstream::kubernetes_dir prints the directory of k8s.io/kubernetes
# at UPSTREAM_VERSION.
kubecarry::upstream::kubernetes_dir() {
  kubecarry::upstream::module_dir k8s.io/kubernetes "$(kubecarry::version::upstream)"
}

# kubecarry::upstream::staging_modules prints, one per line, the k8s.io
# staging modules that k8s.io/kubernetes requires at the placeholder version
# v0.0.0 (upstream resolves them with replace directives into staging/).
kubecarry::upstream::staging_modules() {
  local dir
  dir="$(kubecarry::upstream::kubernetes_dir)"
  sed -n 's/^[[:space:]]*\(k8s\.io\/[a-z0-9-]*\) v0\.0\.0$/\1/p' "${dir}/go.mod" | LC_ALL=C sort
}

# kubecarry::upstream::godebug prints upstream's godebug directive value.
kubecarry::upstream::godebug() {
  local dir
  dir="$(kubecarry::upstream::kubernetes_dir)"
  sed -n 's/^godebug \(.*\)$/\1/p' "${dir}/go.mod"
}

# Fixed identity and dates for commits kubecarry's scripts make, so the
# assembled trees are the same on every machine.
kubecarry::upstream::git() {
  GIT_AUTHOR_NAME=kubecarry GIT_AUTHOR_EMAIL=kubecarry@invalid \
  GIT_COMMITTER_NAME=kubecarry GIT_COMMITTER_EMAIL=kubecarry@invalid \
  GIT_AUTHOR_DATE="${GIT_AUTHOR_DATE:-1970-01-01T00:00:00Z}" \
  GIT_COMMITTER_DATE="${GIT_COMMITTER_DATE:-1970-01-01T00:00:00Z}" \
    git -c commit.gpgsign=false -c core.autocrlf=false -c core.safecrlf=false -c advice.detachedHead=false "$@"
}

# kubecarry::upstream::pristine_dir prints where the pristine tree of
# UPSTREAM_VERSION is kept.
kubecarry::upstream::pristine_dir() {
  echo "${KUBECARRY_OUTPUT}/upstream/kubernetes-$(kubecarry::version::upstream)"
}

# kubecarry::upstream::ensure_pristine assembles (once) a git repository of
# the pristine kubernetes/kubernetes tree from the Go module sources:
# k8s.io/kubernetes@vX.Y.Z at the root and every staging module @v0.Y.Z in
# staging/src/k8s.io/<name>, committed once and tagged "upstream".
kubecarry::upstream::ensure_pristine() {
  local dir
  dir="$(kubecarry::upstream::pristine_dir)"
  if [[ -f "${dir}/.git/kubecarry-pristine" ]]; then
    return 0
  fi
  local upstream staging
  upstream="$(kubecarry::version::upstream)"
  staging="$(kubecarry::version::staging)"
  kubecarry::log::status "assembling a pristine kubernetes/kubernetes ${upstream} tree in ${dir}"

  rm -rf "${dir}"
  local tmp="${dir}.tmp"
  rm -rf "${tmp}"
  mkdir -p "${tmp}/staging/src/k8s.io"
  local src
  src="$(kubecarry::upstream::kubernetes_dir)"
  [[ -n "${src}" ]] || kubecarry::log::fatal "cannot locate k8s.io/kubernetes@${upstream}"
  cp -R "${src}/." "${tmp}/"
  local m
  while IFS= read -r m; do
    src="$(kubecarry::upstream::module_dir "${m}" "${staging}")"
    [[ -n "${src}" ]] || kubecarry::log::fatal "cannot locate ${m}@${staging}"
    mkdir -p "${tmp}/staging/src/${m}"
    cp -R "${src}/." "${tmp}/staging/src/${m}/"
  done < <(kubecarry::upstream::staging_modules)
  # The module cache is read-only.
  chmod -R u+w "${tmp}"

  (
    cd "${tmp}"
    kubecarry::upstream::git init -q -b pristine
    kubecarry::upstream::git add -A -f .
    kubecarry::upstream::git commit -q -m "kubernetes ${upstream} from the Go module sources"
    kubecarry::upstream::git tag upstream
  )
  touch "${tmp}/.git/kubecarry-pristine"
  mv "${tmp}" "${dir}"
}

# kubecarry::upstream::patched_tree <dir> makes <dir> a fresh clone of the
# pristine tree with every patch of the series applied by "git am", one
# commit per patch. A patch that does not apply stops it with git's report.
kubecarry::upstream::patched_tree() {
  local dir="$1"
  kubecarry::upstream::ensure_pristine
  rm -rf "${dir}"
  mkdir -p "$(dirname "${dir}")"
  kubecarry::upstream::git clone -q "$(kubecarry::upstream::pristine_dir)" "${dir}"
  (cd "${dir}" && kubecarry::upstream::git checkout -q -b patches upstream)

  local listing
  listing="$(kubecarry::patches::list)" || return 1
  [[ -n "${listing}" ]] || return 0
  local p
  while IFS= read -r p; do
    if ! (cd "${dir}" && kubecarry::upstream::git am -q "${p}"); then
      (cd "${dir}" && kubecarry::upstream::git am --abort) || true
      kubecarry::log::error "patch ${p##*/} does not apply to kubernetes/kubernetes $(kubecarry::version::upstream)"
      return 1
    fi
  done <<<"${listing}"
}
