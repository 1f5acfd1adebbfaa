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

# kubecarry::upstream::module_download <module> <version> <field> downloads
# a module through the Go module proxy (if not cached) and prints one field
# of what "go mod download -json" says of it (.Dir, .Sum: the h1: hash
# go.sum records).
kubecarry::upstream::module_download() {
  local module="$1" version="$2" field="$3" out
  if ! out="$(cd "${KUBECARRY_ROOT}" && GOFLAGS=-mod=mod go mod download -json "${module}@${version}" 2>&1)"; then
    kubecarry::log::fatal "cannot download ${module}@${version} from the Go module proxy: ${out}"
  fi
  kubecarry::json::get "${field}" <<<"${out}"
}

# kubecarry::upstream::module_dir <module> <version> prints the directory of
# a module (downloaded if not cached).
kubecarry::upstream::module_dir() {
  kubecarry::upstream::module_download "$1" "$2" .Dir
}

# kubecarry::upstream::gomod <go.mod file> [kcjson flags] <template> parses
# a go.mod file with "go mod edit -json" and prints what the JSONPath
# template selects, e.g. '{.Go}' or
# '{range .Require[*]}{.Path} {.Version}{"\n"}{end}'.
kubecarry::upstream::gomod() {
  local file="$1" json
  shift
  json="$(go mod edit -json "${file}")" || kubecarry::log::fatal "cannot parse ${file} (go mod edit -json)"
  kubecarry::json::get "$@" <<<"${json}"
}

# kubecarry::upstream::requires <go.mod file> prints "<path> <version>" for
# each module the file requires (hack/update-gomod.sh and
# hack/verify-gomod.sh compare kubecarry's go.mod with upstream's this way).
kubecarry::upstream::requires() {
  kubecarry::upstream::gomod "$1" -allow-missing '{range .Require[*]}{.Path} {.Version}{"\n"}{end}'
}

# kubecarry::upstream::staging_in <go.mod file> prints, one per line and
# sorted, the k8s.io modules the file requires at the placeholder v0.0.0.
kubecarry::upstream::staging_in() {
  local m
  kubecarry::upstream::gomod "$1" -allow-missing '{range .Require[?(@.Version=="v0.0.0")]}{.Path}{"\n"}{end}' |
    while IFS= read -r m; do
      [[ "${m}" != k8s.io/* ]] || echo "${m}"
    done | LC_ALL=C sort
}

# kubecarry::upstream::godebug_in <go.mod file> prints the file's godebug
# settings, one key=value a line.
kubecarry::upstream::godebug_in() {
  kubecarry::upstream::gomod "$1" -allow-missing '{range .GoDebug[*]}{.Key}={.Value}{"\n"}{end}'
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
  kubecarry::upstream::staging_in "${dir}/go.mod"
}

# kubecarry::upstream::godebug prints upstream's godebug directive value.
kubecarry::upstream::godebug() {
  local dir
  dir="$(kubecarry::upstream::kubernetes_dir)"
  kubecarry::upstream::godebug_in "${dir}/go.mod"
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
# UPSTREAM_VERSION is kept: by version, shared by every release line.
kubecarry::upstream::pristine_dir() {
  echo "${KUBECARRY_ROOT}/_output/upstream/kubernetes-$(kubecarry::version::upstream)"
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
    cd "${tmp}" || exit 1
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
      # Leaves the tree as it was before the failed patch; git's report of
      # why the patch failed is already printed, and --abort itself can
      # only fail when there is nothing to abort.
      (cd "${dir}" && kubecarry::upstream::git am --abort) || true
      kubecarry::log::error "patch ${p##*/} does not apply to kubernetes/kubernetes $(kubecarry::version::upstream)"
      return 1
    fi
  done <<<"${listing}"
}

# KUBECARRY_UPSTREAM_COMPONENTS are the upstream commands that
# kubecarry::upstream::build builds: the control plane kubecarry runs next to
# its own (and upgrades to: kube-proxy too), the node and client parts it
# does not patch (kubelet, kube-scheduler, kubectl), and kubeadm, which
# builds and upgrades the clusters of test/kubeadm; and the release's e2e
# suite for hack/conformance.sh: e2e.test, the ginkgo command at the
# version the release pins, agnhost, the suite's test server, and
# nonewprivs, the program of its image of that name.
KUBECARRY_UPSTREAM_COMPONENTS=(kube-apiserver kube-controller-manager kube-scheduler kube-proxy kubelet kubectl kubeadm e2e.test ginkgo agnhost nonewprivs)

# kubecarry::upstream::package <component> prints the Go package a component
# is built from; e2e.test is the test binary of its package.
kubecarry::upstream::package() {
  case "$1" in
    e2e.test) echo k8s.io/kubernetes/test/e2e ;;
    ginkgo) echo github.com/onsi/ginkgo/v2/ginkgo ;;
    agnhost) echo k8s.io/kubernetes/test/images/agnhost ;;
    nonewprivs) echo k8s.io/kubernetes/test/images/nonewprivs ;;
    *) echo "k8s.io/kubernetes/cmd/$1" ;;
  esac
}

# kubecarry::upstream::cache_dir prints where upstream builds are cached by
# version: outside the checkout, so that fresh clones (CI) reuse them.
kubecarry::upstream::cache_dir() {
  echo "${KUBECARRY_UPSTREAM_CACHE:-${HOME}/.cache/kubecarry/upstream}"
}

# kubecarry::upstream::binary_path <component> <vX.Y.Z> prints where the
# upstream <component> of that release is cached.
kubecarry::upstream::binary_path() {
  echo "$(kubecarry::upstream::cache_dir)/$2/$1"
}

# kubecarry::upstream::apiserver_path <vX.Y.Z> prints where the upstream
# kube-apiserver of that release is cached.
kubecarry::upstream::apiserver_path() {
  kubecarry::upstream::binary_path kube-apiserver "$1"
}

# kubecarry::upstream::build_apiserver <vX.Y.Z>: kubecarry::upstream::build
# of kube-apiserver.
kubecarry::upstream::build_apiserver() {
  kubecarry::upstream::build kube-apiserver "$1"
}

# kubecarry::upstream::build <component> <vX.Y.Z> builds (once) the
# unpatched <component> (one of KUBECARRY_UPSTREAM_COMPONENTS) of
# release vX.Y.Z from the Go module proxy and prints its path.
# k8s.io/kubernetes names its staging modules at v0.0.0 and resolves them
# with replace directives into its own tree; a module outside that tree
# replaces each of them with the published staging release v0.Y.Z instead.
kubecarry::upstream::build() {
  local component="$1" version="$2"
  if ! [[ " ${KUBECARRY_UPSTREAM_COMPONENTS[*]} " == *" ${component} "* ]]; then
    kubecarry::log::fatal "'${component}' is not an upstream command this builds (${KUBECARRY_UPSTREAM_COMPONENTS[*]})"
  fi
  if ! [[ "${version}" =~ ^v1\.([0-9]+)\.([0-9]+)$ ]]; then
    kubecarry::log::fatal "'${version}' is not an upstream release like v1.36.3"
  fi
  local staging="v0.${version#v1.}"
  local bin
  bin="$(kubecarry::upstream::binary_path "${component}" "${version}")"
  if [[ -x "${bin}" ]]; then
    echo "${bin}"
    return 0
  fi
  local dir="${bin%/*}/module-${component}"
  rm -rf "${dir}"
  mkdir -p "${dir}"

  kubecarry::log::status "building upstream ${component} ${version} in ${dir}"
  local src out
  if ! out="$(cd "${dir}" && GOFLAGS=-mod=mod go mod download -json "k8s.io/kubernetes@${version}" 2>&1)" ||
    ! src="$(kubecarry::json::get .GoMod <<<"${out}")" || [[ ! -f "${src}" ]]; then
    rm -rf "${dir}"
    kubecarry::log::fatal "the Go module proxy does not serve k8s.io/kubernetes@${version}: ${out}"
  fi

  {
    echo "module kubecarry.invalid/upstream-${component}"
    echo
    # The go and godebug lines keep upstream's language version and runtime
    # defaults.
    echo "go $(kubecarry::upstream::gomod "${src}" .Go)"
    kubecarry::upstream::godebug_in "${src}" | while IFS= read -r g; do echo "godebug ${g}"; done
    echo
    echo "require k8s.io/kubernetes ${version}"
    echo
    echo "replace ("
    kubecarry::upstream::staging_in "${src}" | while IFS= read -r m; do echo "	${m} => ${m} ${staging}"; done
    echo ")"
  } >"${dir}/go.mod"
  local package
  package="$(kubecarry::upstream::package "${component}")"
  printf '//go:build tools\n\npackage tools\n\nimport _ "%s"\n' "${package}" >"${dir}/tools.go"

  local ldflags
  ldflags="$(kubecarry::version::ldflags_for "${version}" "" clean "")"
  # errexit does not hold on the left of "||": every step checks itself.
  (
    cd "${dir}" || exit 1
    export GOFLAGS="-mod=mod -buildvcs=false"
    # A staging module the proxy does not serve fails here, naming it.
    if ! go mod tidy -e >/dev/null 2>"${dir}/tidy.log"; then
      kubecarry::log::error "go mod tidy failed in ${dir}:"
      tail -n 20 "${dir}/tidy.log" >&2
      exit 1
    fi
    # The e2e suite is a test binary; its test files import every sig's
    # package, whose requirements k8s.io/kubernetes's go.mod already pins
    # (tidy keeps only what tools.go imports; -mod=mod adds them back).
    # No vet: it would analyse every package the suite links, for facts.
    local build=(build)
    [[ "${component}" != e2e.test ]] || build=(test -c -vet=off)
    CGO_ENABLED=0 go "${build[@]}" -trimpath -tags=selinux,notest,grpcnotrace \
      -ldflags="${ldflags} -s -w" -o "${bin}.tmp" "${package}"
  ) || kubecarry::log::fatal "building upstream ${component} ${version} failed (module in ${dir}; the go command's errors are above)"
  mv "${bin}.tmp" "${bin}"
  echo "${bin}"
}

# kubecarry::upstream::go_install_path <package> <version> prints where
# kubecarry::upstream::go_install caches that build.
kubecarry::upstream::go_install_path() {
  echo "${KUBECARRY_TOOLS_CACHE:-${HOME}/.cache/kubecarry/tools}/${1##*/}/$2/${1##*/}"
}

# kubecarry::upstream::go_install <package> <version> builds (once) the Go
# command <package> of module release <version>, exactly at the pins of
# that release's own go.mod ("go install <package>@<version>": no replace
# directives allowed, none needed for CoreDNS and crictl), statically, and
# prints its path. Builds are cached by version next to the upstream ones.
kubecarry::upstream::go_install() {
  local package="$1" version="$2"
  local name="${package##*/}"
  local bin
  bin="$(kubecarry::upstream::go_install_path "${package}" "${version}")"
  if [[ -x "${bin}" ]]; then
    echo "${bin}"
    return 0
  fi
  local tmp="${bin%/*}/build.$$"
  rm -rf "${tmp}"
  mkdir -p "${tmp}"
  kubecarry::log::status "building ${package}@${version} from the Go module proxy"
  local log="${bin%/*}/build.log"
  if ! (cd "${tmp}" && GOWORK=off GOFLAGS=-buildvcs=false GOBIN="${tmp}" CGO_ENABLED=0 \
    go install -trimpath -ldflags="-s -w" "${package}@${version}") >"${log}" 2>&1; then
    rm -rf "${tmp}"
    tail -n 20 "${log}" >&2
    kubecarry::log::fatal "building ${package}@${version} failed (the Go module proxy may not serve it; log: ${log})"
  fi
  mv "${tmp}/${name}" "${bin}"
  rm -rf "${tmp}"
  echo "${bin}"
}
