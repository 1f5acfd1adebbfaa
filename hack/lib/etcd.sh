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

# etcd for integration tests and local clusters, built from the Go module
# proxy through the hack/tools module (see hack/install-etcd.sh).

# kubecarry::etcd::version prints the etcd version pinned in hack/tools/go.mod.
kubecarry::etcd::version() {
  local v
  v="$(kubecarry::upstream::gomod "${KUBECARRY_ROOT}/hack/tools/go.mod" -allow-missing \
    '{.Require[?(@.Path=="go.etcd.io/etcd/server/v3")].Version}')"
  [[ -n "${v}" ]] || kubecarry::log::fatal "hack/tools/go.mod does not require go.etcd.io/etcd/server/v3"
  echo "${v}"
}

# kubecarry::etcd::bin_dir prints the git-ignored directory that holds the
# etcd binary of the pinned version.
kubecarry::etcd::bin_dir() {
  echo "${KUBECARRY_ROOT}/third_party/etcd/$(kubecarry::etcd::version)"
}

# kubecarry::etcd::install builds etcd if the pinned version is not there yet
# and leaves its directory at the front of PATH.
kubecarry::etcd::install() {
  local dir version
  version="$(kubecarry::etcd::version)"
  dir="$(kubecarry::etcd::bin_dir)"
  # A binary that cannot say its version (half written, another platform's)
  # is simply built again, so its error is not shown.
  if [[ -x "${dir}/etcd" ]] && "${dir}/etcd" --version 2>/dev/null | grep -q "etcd Version: ${version#v}\$"; then
    kubecarry::log::status "etcd ${version} already installed in ${dir}"
  else
    kubecarry::log::status "building etcd ${version} from the Go module proxy"
    mkdir -p "${dir}"
    # Build to a temporary name so an interrupted build never leaves a
    # binary that looks installed.
    if ! (cd "${KUBECARRY_ROOT}/hack/tools" && GOWORK=off GOFLAGS=-mod=mod CGO_ENABLED=0 \
          go build -trimpath -o "${dir}/etcd.tmp" go.etcd.io/etcd/server/v3); then
      rm -f "${dir}/etcd.tmp"
      kubecarry::log::fatal "building etcd ${version} failed (is the Go module proxy reachable?)"
    fi
    mv "${dir}/etcd.tmp" "${dir}/etcd"
  fi
  export PATH="${dir}:${PATH}"
}

# kubecarry::etcd::binary <vX.Y.Z> prints the path of an etcd binary of that
# release: the pinned one (kubecarry::etcd::install), or another built once
# in a throwaway module and cached by version (kubeadm's default etcd of a
# newer minor). etcd's modules carry replace directives, so "go install
# module@version" refuses them; as a dependency of a module of ours they
# are ignored.
kubecarry::etcd::binary() {
  local version="$1"
  [[ "${version}" =~ ^v3\.[0-9]+\.[0-9]+$ ]] || kubecarry::log::fatal "'${version}' is not an etcd release like v3.6.8"
  if [[ "${version}" == "$(kubecarry::etcd::version)" ]]; then
    kubecarry::etcd::install >&2
    echo "$(kubecarry::etcd::bin_dir)/etcd"
    return 0
  fi
  local bin
  bin="$(kubecarry::upstream::go_install_path go.etcd.io/etcd/etcd "${version}")"
  if [[ -x "${bin}" ]]; then
    echo "${bin}"
    return 0
  fi
  local dir="${bin%/*}/module"
  rm -rf "${dir}"
  mkdir -p "${dir}"
  kubecarry::log::status "building etcd ${version} from the Go module proxy in ${dir}"
  printf 'module kubecarry.invalid/etcd\n\ngo 1.24\n\nrequire go.etcd.io/etcd/server/v3 %s\n' "${version}" >"${dir}/go.mod"
  printf '//go:build tools\n\npackage tools\n\nimport _ "go.etcd.io/etcd/server/v3"\n' >"${dir}/tools.go"
  if ! (cd "${dir}" && export GOWORK=off GOFLAGS="-mod=mod -buildvcs=false" &&
    go mod tidy >"${dir}/build.log" 2>&1 &&
    CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o "${bin}.tmp" go.etcd.io/etcd/server/v3 >>"${dir}/build.log" 2>&1); then
    tail -n 20 "${dir}/build.log" >&2
    kubecarry::log::fatal "building etcd ${version} failed (the Go module proxy may not serve it; log: ${dir}/build.log)"
  fi
  mv "${bin}.tmp" "${bin}"
  echo "${bin}"
}
