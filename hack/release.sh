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

# Builds a release of the line KUBECARRY_LINE selects (make release LINE=...)
# into _output/release/<version>/ (another line's into
# _output/lines/<minor>/release/<version>/), for every platform of
# KUBE_BUILD_PLATFORMS (default: linux/amd64 linux/arm64):
#   bin/<os>/<arch>/<binary>                       the binaries, as "make" builds them
#   images/<os>/<arch>/<binary>.tar                 an image tarball ("docker load", "ctr images import")
#   images/oci/<binary>/                            an OCI image layout: the multi-platform index, for pushing
#   kubernetes-server-<os>-<arch>.tar.gz            upstream's server tarball layout
#   kubernetes-src.tar.gz, patches/                 the patched upstream tree, the series
#   sbom/<binary>[-image]-<os>-<arch>.spdx.json     SPDX 2.3 documents
#   provenance.intoto.json                          in-toto Statement v1, SLSA Provenance v1 (unsigned)
#   SHA256SUMS, SHA512SUMS                          over every file above
# Every byte depends only on the commit, SOURCE_DATE_EPOCH (default: the
# commit's time) and the Debian packages (hack/verify-release.sh).
#
# Env: KUBE_BUILD_PLATFORMS    platforms, e.g. linux/amd64
#      KUBE_DOCKER_REGISTRY    registry of the image references (default registry.kubecarry.io)
#      KUBECARRY_SOURCE_URL    the source repository the images and provenance name
#      KUBECARRY_DEBIAN_MIRROR Debian mirror for kube-proxy's base (default http://deb.debian.org/debian;
#                              a snapshot.debian.org URL pins the packages)

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"
source "${KUBECARRY_ROOT}/hack/lib/release.sh"

[[ $# -eq 0 ]] || kubecarry::log::fatal "hack/release.sh takes no arguments (got: $*); set KUBE_BUILD_PLATFORMS to choose platforms"
start=${SECONDS}
kubecarry::release::set_platforms
platforms=("${KUBECARRY_BUILD_PLATFORMS[@]}")
registry="$(kubecarry::release::registry)"
source_url="${KUBECARRY_SOURCE_URL:-${KUBECARRY_DEFAULT_SOURCE_URL}}"
kubecarry::version::get_version_vars
# Checked before the builds, not after them: the provenance and the labels
# name the source commit, and every timestamp needs a fixed date.
[[ -n "${KUBE_GIT_COMMIT}" ]] ||
  kubecarry::log::fatal "a release names its source commit: run it in a git checkout, or set KUBE_GIT_COMMIT (and SOURCE_DATE_EPOCH)"
[[ -n "${SOURCE_DATE_EPOCH-}" ]] || kubecarry::log::fatal "SOURCE_DATE_EPOCH is not set and the commit's time could not be read"
export SOURCE_DATE_EPOCH
version="${KUBE_GIT_VERSION}"
tag="$(kubecarry::release::image_tag "${version}")"
upstream="$(kubecarry::version::upstream)"
kubecarry::apt::install "make release" mmdebstrap=mmdebstrap dpkg-deb=dpkg

out="${KUBECARRY_OUTPUT}/release/${version}"
work="${KUBECARRY_OUTPUT}/release-work/${version}"
rm -rf "${out}" "${work}"
mkdir -p "${out}" "${work}"
tool="$(kubecarry::release::tool)"
# The Go inputs the SBOMs and the provenance name: the main line's
# vendor/modules.txt and go.sum; another line's, listed from its tree into
# release-inputs/<version>/ (kept: hack/test-line.sh checks the release
# against them).
modules="${KUBECARRY_ROOT}/vendor/modules.txt" gosum="${KUBECARRY_ROOT}/go.sum"
if ! kubecarry::line::is_main; then
  inputs="${KUBECARRY_OUTPUT}/release-inputs/${version}"
  mkdir -p "${inputs}"
  modules="${inputs}/modules.txt" gosum="${inputs}/go.sum"
  kubecarry::line::release_modules "$(kubecarry::line::tree)" "${modules}" "${gosum}"
fi
common=(--version "${version}" --revision "${KUBE_GIT_COMMIT}" --source "${source_url}" --epoch "${SOURCE_DATE_EPOCH}")
kubecarry::log::status "release ${version} for ${platforms[*]}, images ${registry}/<binary>:${tag}"

# Binaries, then kube-proxy's Debian base, per platform.
for p in "${platforms[@]}"; do
  GOOS="${p%/*}" GOARCH="${p#*/}" kubecarry::golang::build_binaries_into "${out}/bin/${p}"
  kubecarry::release::debian_rootfs "${p#*/}" "${work}/kube-proxy-base-${p#*/}.tar" "${work}/kube-proxy-base-${p#*/}.debs"
done

binaries=()
for t in "${KUBECARRY_ALL_TARGETS[@]}"; do binaries+=("${t##*/}"); done
for b in "${binaries[@]}"; do
  kubecarry::log::status "image ${registry}/${b}:${tag}"
  args=(--name "${b}" --ref "${registry}/${b}:${tag}" --layout "${out}/images/oci/${b}" --digests "${work}/${b}.digests.json")
  for p in "${platforms[@]}"; do
    args+=(--binary "${p}=${out}/bin/${p}/${b}" --tarball "${p}=${out}/images/${p}/${b}.tar")
    [[ "${b}" != kube-proxy ]] || args+=(--rootfs "${p}=${work}/kube-proxy-base-${p#*/}.tar")
  done
  "${tool}" image "${common[@]}" "${args[@]}"
done

# SBOMs: one per binary and one per image, per platform.
mkdir -p "${out}/sbom"
sbom=("${tool}" sbom "${common[@]}" --upstream "${upstream}" --release-dir "${out}"
  --modules "${modules}" --gosum "${gosum}" --patches "${KUBECARRY_PATCHES_DIR}")
for p in "${platforms[@]}"; do
  for b in "${binaries[@]}"; do
    suffix="${p//\//-}"
    "${sbom[@]}" --name "${b}" --platform "${p}" --binary "${out}/bin/${p}/${b}" --out "${out}/sbom/${b}-${suffix}.spdx.json"
    image_args=(--image "${out}/images/${p}/${b}.tar" --digests "${work}/${b}.digests.json")
    [[ "${b}" != kube-proxy ]] || image_args+=(--debs "${work}/kube-proxy-base-${p#*/}.debs")
    "${sbom[@]}" --name "${b}" --platform "${p}" --binary "${out}/bin/${p}/${b}" "${image_args[@]}" \
      --out "${out}/sbom/${b}-image-${suffix}.spdx.json"
  done
done

# The patch series and the patched upstream tree, as hack/test-upstream.sh
# assembles it.
mkdir -p "${out}/patches"
cp "${KUBECARRY_PATCHES_DIR}/series" "${KUBECARRY_PATCHES_DIR}"/*.patch "${out}/patches/"
kubecarry::log::status "kubernetes-src.tar.gz: kubernetes/kubernetes ${upstream} with the series applied"
kubecarry::upstream::patched_tree "${work}/src-tree"
kubecarry::upstream::git -C "${work}/src-tree" archive --format=tar --prefix=kubernetes/ HEAD | gzip -n >"${out}/kubernetes-src.tar.gz"

# Server tarballs in upstream's layout.
for p in "${platforms[@]}"; do
  staging="${work}/server-${p#*/}"
  mkdir -p "${staging}/kubernetes/server/bin"
  for b in "${binaries[@]}"; do
    cp "${out}/bin/${p}/${b}" "${out}/images/${p}/${b}.tar" "${staging}/kubernetes/server/bin/"
    echo "${tag}" >"${staging}/kubernetes/server/bin/${b}.docker_tag"
  done
  cp "${out}/kubernetes-src.tar.gz" "${staging}/kubernetes/"
  cp -R "${out}/patches" "${staging}/kubernetes/patches"
  kubecarry::log::status "kubernetes-server-${p//\//-}.tar.gz"
  kubecarry::release::tar_gz "${out}/kubernetes-server-${p//\//-}.tar.gz" "${staging}" kubernetes
done

debs=()
for p in "${platforms[@]}"; do debs+=(--debs "${p}=${work}/kube-proxy-base-${p#*/}.debs"); done
platform_list="${platforms[*]}"
"${tool}" provenance "${common[@]}" --upstream "${upstream}" --release-dir "${out}" --out "${out}/provenance.intoto.json" \
  --modules "${modules}" --gosum "${gosum}" --patches "${KUBECARRY_PATCHES_DIR}" \
  --platforms "${platform_list// /,}" --registry "${registry}" --go-version "$(go env GOVERSION)" "${debs[@]}"
kubecarry::release::checksums "${out}"
rm -rf "${work}"
kubecarry::log::status "release ${version} in ${out} ($((SECONDS - start)) s)"
