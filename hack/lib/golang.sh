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

# The one place that holds kubecarry's build flags. They follow upstream's
# hack/lib/golang.sh for non-debug builds: -trimpath, "-s -w", the
# selinux,notest,grpcnotrace tags, and CGO off for the binaries upstream
# links statically. VCS stamping stays off: the version enters only through
# the ldflags of hack/lib/version.sh.

# The binaries kubecarry ships, as cmd/ paths.
readonly KUBECARRY_ALL_TARGETS=(
  cmd/kube-apiserver
  cmd/kube-controller-manager
  cmd/cloud-controller-manager
  cmd/kube-proxy
)

# Upstream links kube-apiserver, kube-controller-manager and kube-proxy
# statically; the cloud-controller-manager is built the same way (nothing in
# it needs cgo).
readonly KUBECARRY_STATIC_BINARIES=(
  kube-apiserver
  kube-controller-manager
  cloud-controller-manager
  kube-proxy
)

# kubecarry::golang::contains <word> <list...> succeeds if <word> is in the list.
kubecarry::golang::contains() {
  local want="$1" w
  shift
  for w in "$@"; do
    [[ "${w}" == "${want}" ]] && return 0
  done
  return 1
}

# kubecarry::golang::build_binaries <target>... builds each cmd/ target into
# _output/bin/. With no target it builds them all.
kubecarry::golang::build_binaries() {
  kubecarry::golang::build_binaries_into "${KUBECARRY_OUTPUT}/bin" "$@"
}

# kubecarry::golang::build_binaries_into <dir> <target>... builds each cmd/
# target (all when none is given) into <dir>, for the GOOS and GOARCH in the
# environment (the host's when unset).
kubecarry::golang::build_binaries_into() {
  local out="$1"
  shift
  local -a targets=("$@")
  if [[ ${#targets[@]} -eq 0 ]]; then
    targets=("${KUBECARRY_ALL_TARGETS[@]}")
  fi

  kubecarry::version::get_version_vars
  local ldflags
  ldflags="$(kubecarry::version::ldflags) -s -w"
  local -r tags="selinux,notest,grpcnotrace"
  mkdir -p "${out}"

  local target name cgo platform i
  for i in "${!targets[@]}"; do
    target="${targets[i]#./}"
    target="${target%/}"
    kubecarry::golang::contains "${target}" "${KUBECARRY_ALL_TARGETS[@]}" || kubecarry::log::fatal "unknown build target '${target}'; known targets: ${KUBECARRY_ALL_TARGETS[*]}"
    targets[i]="${target}"
  done
  # A line without vendor/ builds from its patched upstream tree.
  if ! kubecarry::line::is_main; then
    kubecarry::line::build_into "${out}" "${ldflags}" "${tags}" "${targets[@]}"
    return
  fi

  platform="$(go env GOOS)/$(go env GOARCH)"
  for target in "${targets[@]}"; do
    name="${target##*/}"
    cgo=1
    if kubecarry::golang::contains "${name}" "${KUBECARRY_STATIC_BINARIES[@]}"; then
      cgo=0
    fi
    kubecarry::log::status "building ${name} (${KUBE_GIT_VERSION}, ${platform}, CGO_ENABLED=${cgo})"
    (cd "${KUBECARRY_ROOT}" && CGO_ENABLED="${cgo}" GOFLAGS="-mod=vendor -buildvcs=false" \
      go build -trimpath -tags="${tags}" -ldflags="${ldflags}" \
        -o "${out}/${name}" "./${target}")
  done
}

# kubecarry::golang::tool <name> prints the path of the helper command
# test/cmd/<name> that scripts use (kcjson, kcmetric, testsummary), building
# it into _output/tools/ when it is missing or older than any of the
# sources it may import (test/, pkg/) or vendor/.
kubecarry::golang::tool() {
  local name="$1"
  # Built from the main line's vendor/ and shared by every release line.
  local bin="${KUBECARRY_ROOT}/_output/tools/${name}"
  if [[ ! -x "${bin}" ]] ||
    [[ -n "$(find "${KUBECARRY_ROOT}/test" "${KUBECARRY_ROOT}/pkg" "${KUBECARRY_ROOT}/vendor/modules.txt" -newer "${bin}" -print -quit)" ]]; then
    mkdir -p "${bin%/*}"
    local out
    # A temporary name first: two scripts, or two subshells of one (their
    # $$ is the script's, hence BASHPID), may build it at the same time.
    local tmp="${bin}.${BASHPID}"
    if ! out="$(cd "${KUBECARRY_ROOT}" && CGO_ENABLED=0 GOFLAGS="-mod=vendor -buildvcs=false" \
      go build -trimpath -o "${tmp}" "./test/cmd/${name}" 2>&1)"; then
      rm -f "${tmp}"
      kubecarry::log::fatal "building test/cmd/${name} failed: ${out}"
    fi
    mv -f "${tmp}" "${bin}"
  fi
  echo "${bin}"
}

# kubecarry::golang::test_image <name> <output> builds the program of
# test/images/<name> (pause, echoserver) static, as the images that run it
# need, to <output>.
kubecarry::golang::test_image() {
  local name="$1" out="$2" log
  mkdir -p "${out%/*}"
  if ! log="$(cd "${KUBECARRY_ROOT}" && CGO_ENABLED=0 GOFLAGS="-mod=vendor -buildvcs=false" \
    go build -trimpath -ldflags="-s -w" -o "${out}" "./test/images/${name}" 2>&1)"; then
    kubecarry::log::fatal "building test/images/${name} failed: ${log}"
  fi
}

# kubecarry::golang::reexec_at_stable_path <script> [args...] re-runs the
# calling script with the checkout seen at one fixed path, when it can (as
# root, with unshare): the checkout is bind-mounted there in a mount
# namespace of the script's own, which vanishes with it. Go's build cache
# keys a package compiled without -trimpath by its directory, and
# golangci-lint's results name absolute paths (its //nolint filter re-reads
# them), so a clone at a new path would otherwise compile and lint every
# package again, and could be handed results naming the files of a clone
# that is gone. Without root it returns and the script runs in place.
kubecarry::golang::reexec_at_stable_path() {
  local script="$1"
  shift
  kubecarry::golang::can_use_stable_path || return 0
  local rel
  rel="$(realpath --relative-to="${KUBECARRY_ROOT}" "${script}")"
  exec "${KUBECARRY_ROOT}/hack/lib/at-stable-path.sh" "${KUBECARRY_ROOT}" "$(kubecarry::golang::stable_path)" . \
    "$(kubecarry::golang::stable_path)/${rel}" "$@"
}

# kubecarry::golang::at_stable_path <command> [args...] runs one command the
# way reexec_at_stable_path runs a script: with the checkout at the stable
# path and the working directory mapped into it. A script that runs only
# part of its work through Go (test-e2e's go test, the drills' builds) uses
# this, so the processes it starts stay in the host's mount namespace. It
# runs the command in place when the stable path cannot be used, the script
# already runs there, or the working directory is outside the checkout.
kubecarry::golang::at_stable_path() {
  local rel
  rel="$(realpath --relative-to="${KUBECARRY_ROOT}" "${PWD}")"
  if ! kubecarry::golang::can_use_stable_path || [[ "${rel}" == ..* ]]; then
    "$@"
    return
  fi
  "${KUBECARRY_ROOT}/hack/lib/at-stable-path.sh" "${KUBECARRY_ROOT}" "$(kubecarry::golang::stable_path)" "${rel}" "$@"
}

# kubecarry::golang::can_use_stable_path succeeds when the checkout can be
# bind-mounted at the stable path (root, unshare) and is not there already.
kubecarry::golang::can_use_stable_path() {
  [[ -z "${KUBECARRY_AT_STABLE_PATH:-}" ]] && [[ "$(id -u)" -eq 0 ]] && command -v unshare >/dev/null 2>&1
}

# kubecarry::golang::stable_path prints the fixed path the checkout is seen
# at (KUBECARRY_STABLE_PATH, default ~/.cache/kubecarry/checkout).
kubecarry::golang::stable_path() {
  echo "${KUBECARRY_STABLE_PATH:-${HOME}/.cache/kubecarry/checkout}"
}
