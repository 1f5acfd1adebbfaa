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

# The pieces of hack/release.sh. Names follow upstream's build/lib/release.sh:
# KUBE_BUILD_PLATFORMS selects the platforms, KUBE_DOCKER_REGISTRY the
# registry the image references name.

# The platforms kubecarry releases, and the default of KUBE_BUILD_PLATFORMS.
readonly KUBECARRY_RELEASE_PLATFORMS=(linux/amd64 linux/arm64)

# The registry image references name unless KUBE_DOCKER_REGISTRY is set.
readonly KUBECARRY_DEFAULT_REGISTRY="registry.kubecarry.io"

# Where the images' source label and the provenance point.
# shellcheck disable=SC2034 # hack/release.sh reads it.
readonly KUBECARRY_DEFAULT_SOURCE_URL="https://github.com/kubecarry/kubecarry"

# What kube-proxy execs (nft, iptables and ip6tables with both backends,
# conntrack, ipset for the ipvs mode), from Debian's packages.
readonly KUBECARRY_KUBE_PROXY_PACKAGES="nftables,iptables,conntrack,ipset"

# kubecarry::release::set_platforms sets KUBECARRY_BUILD_PLATFORMS (an
# array) to the platforms to build: KUBE_BUILD_PLATFORMS (space- or
# comma-separated) or all of them. An unknown platform is fatal.
kubecarry::release::set_platforms() {
  local list="${KUBE_BUILD_PLATFORMS:-${KUBECARRY_RELEASE_PLATFORMS[*]}}" p
  KUBECARRY_BUILD_PLATFORMS=()
  for p in ${list//,/ }; do
    kubecarry::golang::contains "${p}" "${KUBECARRY_RELEASE_PLATFORMS[@]}" ||
      kubecarry::log::fatal "KUBE_BUILD_PLATFORMS names '${p}'; kubecarry releases ${KUBECARRY_RELEASE_PLATFORMS[*]}"
    KUBECARRY_BUILD_PLATFORMS+=("${p}")
  done
  [[ ${#KUBECARRY_BUILD_PLATFORMS[@]} -gt 0 ]] || kubecarry::log::fatal "KUBE_BUILD_PLATFORMS names no platform"
}

# kubecarry::release::registry prints the registry of the image references.
kubecarry::release::registry() {
  local r="${KUBE_DOCKER_REGISTRY:-${KUBECARRY_DEFAULT_REGISTRY}}"
  [[ "${r}" =~ ^[a-z0-9.-]+(:[0-9]+)?(/[a-z0-9._-]+)*$ ]] ||
    kubecarry::log::fatal "KUBE_DOCKER_REGISTRY '${r}' is not a registry like registry.example.com or registry.example.com/kubecarry"
  echo "${r}"
}

# kubecarry::release::image_tag <version> prints the image tag of a version
# the way kubeadm derives it from kubernetesVersion: "+" becomes "_", which
# image tags cannot hold.
kubecarry::release::image_tag() {
  echo "${1//+/_}"
}

# kubecarry::release::tool prints the path of the release command
# (hack/tools/release), building it when its sources changed.
kubecarry::release::tool() {
  local src="${KUBECARRY_ROOT}/hack/tools/release" bin="${KUBECARRY_OUTPUT}/tools/release"
  if [[ ! -x "${bin}" ]] || [[ -n "$(find "${src}" -newer "${bin}" -print -quit)" ]]; then
    mkdir -p "${bin%/*}"
    local out
    if ! out="$(cd "${src}" && GOWORK=off GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath -o "${bin}" . 2>&1)"; then
      kubecarry::log::fatal "building hack/tools/release failed: ${out}"
    fi
  fi
  echo "${bin}"
}

# kubecarry::release::debian_rootfs <arch> <rootfs.tar> <debs.tsv> [<packages>]
# extracts Debian packages (default: what kube-proxy needs), with their
# dependencies, for <arch> into a root file system tar (mmdebstrap's extract
# variant runs no maintainer script, so it needs no emulation for a foreign
# architecture), and lists the packages with the SHA-256 of each .deb.
kubecarry::release::debian_rootfs() {
  local arch="$1" rootfs="$2" debs="$3" packages="${4:-${KUBECARRY_KUBE_PROXY_PACKAGES}}"
  local mirror="${KUBECARRY_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
  local suite="${KUBECARRY_DEBIAN_SUITE:-bookworm}"
  local log="${rootfs%.tar}.log"
  # The hook runs (in sh) while the downloaded .debs are still in the apt
  # cache; $1 is the root file system being built.
  local hook
  hook="for f in \"\$1\"/var/cache/apt/archives/*.deb; do"
  hook+=" printf '%s\\t%s\\n' \"\$(dpkg-deb --show --showformat='\${Package}\\t\${Version}\\t\${Architecture}' \"\$f\")\""
  hook+=" \"\$(sha256sum <\"\$f\" | cut -d' ' -f1)\"; done | LC_ALL=C sort >$(printf '%q' "${debs}")"
  kubecarry::log::status "extracting ${packages} for ${arch} from Debian ${suite} (${mirror})"
  if ! SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH}" mmdebstrap --variant=extract --architectures="${arch}" \
    --include="${packages}" --extract-hook="${hook}" \
    "${suite}" "${rootfs}" "${mirror}" >"${log}" 2>&1; then
    tail -n 20 "${log}" >&2
    kubecarry::log::fatal "mmdebstrap could not extract ${packages} for ${arch} from ${mirror} (log: ${log})"
  fi
  [[ -s "${debs}" ]] || kubecarry::log::fatal "mmdebstrap extracted no package list for ${arch} (log: ${log})"
}

# kubecarry::release::tar_gz <archive> <dir> <name> writes <dir>/<name> as a
# gzip-compressed tar whose bytes depend only on the files: sorted names,
# numeric root ownership, normalised modes, mtimes at SOURCE_DATE_EPOCH, no
# gzip timestamp.
kubecarry::release::tar_gz() {
  local archive="$1" dir="$2" name="$3"
  tar --sort=name --format=gnu --owner=0 --group=0 --numeric-owner \
    --mode='u+w,go-w,a+rX' --mtime="@${SOURCE_DATE_EPOCH}" \
    -C "${dir}" -cf - "${name}" | gzip -n >"${archive}"
}

# kubecarry::release::checksums <dir> writes SHA256SUMS and SHA512SUMS over
# every file of <dir>, by relative path.
kubecarry::release::checksums() {
  local dir="$1" algo list
  list="$(mktemp)"
  (cd "${dir}" && find . -type f ! -name SHA256SUMS ! -name SHA512SUMS -printf '%P\n' | LC_ALL=C sort) >"${list}"
  for algo in 256 512; do
    (cd "${dir}" && xargs -r -d '\n' "sha${algo}sum" <"${list}" >"SHA${algo}SUMS")
  done
  rm -f "${list}"
}
