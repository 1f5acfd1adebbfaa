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

# Building a release line that has no vendor/ (hack/lib/line.sh): its
# sources are the upstream release's Go modules, checked against the line's
# sources.sum, assembled into a kubernetes/kubernetes tree with the line's
# series applied by "git am" (the tree hack/test-upstream.sh tests), and
# built there in module mode at upstream's own pins (its go.mod and go.sum).

# kubecarry::line::sources_file prints the line's checksum file.
kubecarry::line::sources_file() {
  echo "${KUBECARRY_LINE_DIR}/sources.sum"
}

# kubecarry::line::source_modules prints "<module> <version>" for every
# module the line's tree is assembled from: k8s.io/kubernetes at
# UPSTREAM_VERSION and each staging module at the matching v0.Y.Z.
kubecarry::line::source_modules() {
  local staging m
  staging="$(kubecarry::version::staging)"
  echo "k8s.io/kubernetes $(kubecarry::version::upstream)"
  while IFS= read -r m; do
    echo "${m} ${staging}"
  done < <(kubecarry::upstream::staging_modules)
}

# kubecarry::line::sources_sum prints the line's sources.sum as the Go module
# proxy serves it today: "<module> <version> <h1: hash of the module zip>",
# the hash go.sum records and the go command checks every download against.
kubecarry::line::sources_sum() {
  local m v sum
  while read -r m v; do
    sum="$(kubecarry::upstream::module_download "${m}" "${v}" .Sum)"
    [[ "${sum}" == h1:* ]] || kubecarry::log::fatal "the go command gave no h1: checksum for ${m}@${v} (got '${sum}')"
    echo "${m} ${v} ${sum}"
  done < <(kubecarry::line::source_modules)
}

# kubecarry::line::verify_sources fails, naming each difference, unless the
# module sources the line is assembled from are exactly those its
# sources.sum records, with the same checksums.
kubecarry::line::verify_sources() {
  local file want have
  file="$(kubecarry::line::sources_file)"
  [[ -f "${file}" ]] || kubecarry::log::fatal "${file} is missing: run KUBECARRY_LINE=${KUBECARRY_LINE} hack/update-line-sources.sh"
  want="$(grep -v '^#' "${file}" | LC_ALL=C sort)"
  have="$(kubecarry::line::sources_sum | LC_ALL=C sort)"
  if [[ "${want}" != "${have}" ]]; then
    kubecarry::log::error "the module sources of line ${KUBECARRY_LINE} differ from ${file} (< recorded, > served now):"
    diff <(echo "${want}") <(echo "${have}") | grep '^[<>]' >&2 || true
    kubecarry::log::fatal "a changed UPSTREAM_VERSION needs KUBECARRY_LINE=${KUBECARRY_LINE} hack/update-line-sources.sh; a changed checksum for the same version means the sources are not upstream's"
  fi
}

# kubecarry::line::series_stamp prints what the line's tree is made of: the
# upstream version and the checksum of the series and every patch in it.
kubecarry::line::series_stamp() {
  local listing
  listing="$(kubecarry::patches::list)" || return 1
  {
    kubecarry::version::upstream
    cat "${KUBECARRY_PATCHES_DIR}/series"
    [[ -z "${listing}" ]] || xargs -d '\n' cat <<<"${listing}"
  } | sha256sum | cut -d' ' -f1
}

# kubecarry::line::tree prints the line's patched tree,
# _output/lines/<minor>/tree, assembling it (sources verified, the series
# applied) when it is missing or made from another version or series.
kubecarry::line::tree() {
  local tree="${KUBECARRY_OUTPUT}/tree" stamp
  stamp="$(kubecarry::line::series_stamp)" || kubecarry::log::fatal "cannot read the series of line ${KUBECARRY_LINE}"
  if [[ "$(cat "${tree}/.git/kubecarry-series" 2>/dev/null)" != "${stamp}" ]]; then
    kubecarry::line::verify_sources
    kubecarry::log::status "assembling line ${KUBECARRY_LINE}: $(kubecarry::version::upstream) with $(kubecarry::patches::list | grep -c . || true) patches in ${tree}"
    kubecarry::upstream::patched_tree "${tree}" >&2 ||
      kubecarry::log::fatal "the series of line ${KUBECARRY_LINE} (${KUBECARRY_PATCHES_DIR}) does not apply to $(kubecarry::version::upstream)"
    echo "${stamp}" >"${tree}/.git/kubecarry-series"
  fi
  echo "${tree}"
}

# kubecarry::line::kubecarry_module <tree> prints a module directory that
# holds kubecarry's own packages (the sample cloud-controller-manager and
# its cloud provider) as module github.com/kubecarry/kubecarry, building
# against <tree> instead of vendor/: k8s.io/kubernetes and every staging
# module are replaced by the tree's directories, the rest is at upstream's
# pins (the tree's go.sum).
kubecarry::line::kubecarry_module() {
  local tree="$1" dir="${KUBECARRY_OUTPUT}/kubecarry-module"
  rm -rf "${dir}"
  mkdir -p "${dir}/cmd"
  cp -R "${KUBECARRY_ROOT}/cmd/cloud-controller-manager" "${dir}/cmd/"
  cp -R "${KUBECARRY_ROOT}/pkg" "${dir}/"
  cp "${tree}/go.sum" "${dir}/go.sum"
  local rel
  rel="$(realpath --relative-to="${dir}" "${tree}")"
  {
    echo "module github.com/kubecarry/kubecarry"
    echo
    echo "go $(kubecarry::upstream::gomod "${tree}/go.mod" .Go)"
    kubecarry::upstream::godebug_in "${tree}/go.mod" | while IFS= read -r g; do echo "godebug ${g}"; done
    echo
    echo "require k8s.io/kubernetes v0.0.0"
    echo
    echo "replace ("
    echo "	k8s.io/kubernetes => ${rel}"
    kubecarry::upstream::staging_in "${tree}/go.mod" | while IFS= read -r m; do echo "	${m} => ${rel}/staging/src/${m}"; done
    echo ")"
  } >"${dir}/go.mod"
  echo "${dir}"
}

# kubecarry::line::is_own_target <target> succeeds for a command that is
# kubecarry's own program (it imports kubecarry's packages: the sample
# cloud-controller-manager), which a line builds in kubecarry_module. The
# other commands are upstream's mains and come from the tree. Upstream has
# a cmd/cloud-controller-manager of its own, so whether the tree has the
# directory cannot tell them apart.
kubecarry::line::is_own_target() {
  grep -rqF --include='*.go' '"github.com/kubecarry/kubecarry/' "${KUBECARRY_ROOT}/$1"
}

# kubecarry::line::release_modules <tree> <modules.txt> <go.sum> writes what
# a release of the line names as its Go inputs, in the form the main line
# takes them from vendor/modules.txt and go.sum: every module that provides
# a package of a released binary ("# <module> <version>"), k8s.io/kubernetes
# and the staging modules at the versions the tree was assembled from, with
# their sources.sum checksums; the others at the tree's pins, with its
# go.sum's.
kubecarry::line::release_modules() {
  local tree="$1" modules_txt="$2" gosum="$3" module pkgs=() target
  module="$(kubecarry::line::kubecarry_module "${tree}")"
  for target in "${KUBECARRY_ALL_TARGETS[@]}"; do
    if kubecarry::line::is_own_target "${target}"; then pkgs+=("./${target}"); else pkgs+=("k8s.io/kubernetes/${target}"); fi
  done
  local sources
  sources="$(grep -v '^#' "$(kubecarry::line::sources_file)")"
  (cd "${module}" && GOWORK=off GOFLAGS="-mod=mod -buildvcs=false" CGO_ENABLED=0 \
    go list -deps -f '{{with .Module}}{{if not .Main}}{{.Path}} {{.Version}}{{with .Replace}} {{.Path}}{{end}}{{end}}{{end}}' "${pkgs[@]}") |
    LC_ALL=C sort -u | while read -r path version replacement; do
    if [[ -n "${replacement}" ]]; then
      # Replaced by a directory of the tree: the version it was assembled
      # from.
      version="$(awk -v m="${path}" '$1 == m { print $2 }' <<<"${sources}")"
      [[ -n "${version}" ]] || kubecarry::log::fatal "${path} is built from ${replacement}, which is not among the line's sources"
    fi
    echo "# ${path} ${version}"
  done >"${modules_txt}"
  [[ -s "${modules_txt}" ]] || kubecarry::log::fatal "listing the modules of line ${KUBECARRY_LINE}'s binaries failed"
  { cat "${tree}/go.sum"; echo "${sources}"; } >"${gosum}"
}

# kubecarry::line::build_into <dir> <ldflags> <tags> <target>... builds the
# line's binaries (cmd/ targets of KUBECARRY_ALL_TARGETS) into <dir>:
# upstream's commands from the patched tree, kubecarry's own from
# kubecarry_module.
kubecarry::line::build_into() {
  local out="$1" ldflags="$2" tags="$3"
  shift 3
  local tree module="" target name srcdir
  tree="$(kubecarry::line::tree)"
  for target in "$@"; do
    name="${target##*/}"
    srcdir="${tree}"
    if kubecarry::line::is_own_target "${target}"; then
      [[ -n "${module}" ]] || module="$(kubecarry::line::kubecarry_module "${tree}")"
      srcdir="${module}"
    fi
    kubecarry::log::status "building ${name} (${KUBE_GIT_VERSION}, line ${KUBECARRY_LINE}, $(go env GOOS)/$(go env GOARCH), CGO_ENABLED=0)"
    (cd "${srcdir}" && CGO_ENABLED=0 GOWORK=off GOFLAGS="-mod=mod -buildvcs=false" \
      go build -trimpath -tags="${tags}" -ldflags="${ldflags}" -o "${out}/${name}" "./${target}") ||
      kubecarry::log::fatal "building ${name} of line ${KUBECARRY_LINE} failed in ${srcdir} (the go command's errors are above)"
  done
}
