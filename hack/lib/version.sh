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

# Version data for the builds. The upstream version lives in UPSTREAM_VERSION
# and the kubecarry release number in KUBECARRY_RELEASE, both of the release
# line's directory (hack/lib/line.sh); everything else
# (go.mod, the ldflags, the assembled upstream tree) derives from them and
# hack/verify-gomod.sh keeps them in agreement.

# kubecarry::version::upstream prints the upstream Kubernetes version, e.g. v1.35.8.
kubecarry::version::upstream() {
  local v
  # hack/rebase.sh sets KUBECARRY_UPSTREAM_VERSION while it works on another
  # release, before it rewrites the file.
  v="${KUBECARRY_UPSTREAM_VERSION:-$(tr -d '[:space:]' < "${KUBECARRY_LINE_DIR}/UPSTREAM_VERSION")}"
  if ! [[ "${v}" =~ ^v1\.[0-9]+\.[0-9]+$ ]]; then
    kubecarry::log::fatal "UPSTREAM_VERSION must hold a release like v1.35.8, found '${v}'"
  fi
  echo "${v}"
}

# kubecarry::version::staging prints the staging module version matching the
# upstream release: k8s.io/kubernetes v1.X.Y ships k8s.io/<staging> v0.X.Y.
kubecarry::version::staging() {
  local v
  v="$(kubecarry::version::upstream)"
  echo "v0.${v#v1.}"
}

# kubecarry::version::release prints the kubecarry release number.
kubecarry::version::release() {
  local n
  n="$(tr -d '[:space:]' < "${KUBECARRY_LINE_DIR}/KUBECARRY_RELEASE")"
  if ! [[ "${n}" =~ ^[1-9][0-9]*$ ]]; then
    kubecarry::log::fatal "KUBECARRY_RELEASE must be a positive integer, found '${n}'"
  fi
  echo "${n}"
}

# kubecarry::version::get_version_vars sets the KUBE_GIT_* variables the way
# upstream's hack/lib/version.sh names them, so the ldflags match upstream's.
# Any of them may be preset in the environment (release tooling, tarballs).
kubecarry::version::get_version_vars() {
  local git=(git -C "${KUBECARRY_ROOT}")
  local out
  if [[ -z "${KUBE_GIT_COMMIT-}" ]]; then
    KUBE_GIT_COMMIT=""
    # A source tarball has no .git: no commit, the "archive" tree state. In a
    # checkout, git failing (e.g. "dubious ownership") must not pass for that.
    if [[ -e "${KUBECARRY_ROOT}/.git" ]]; then
      out="$("${git[@]}" rev-parse --verify 'HEAD^{commit}' 2>&1)" ||
        kubecarry::log::fatal "git cannot read the commit to stamp into the version: ${out}"
      KUBE_GIT_COMMIT="${out}"
    fi
  fi
  if [[ -z "${KUBE_GIT_TREE_STATE-}" ]]; then
    if [[ -z "${KUBE_GIT_COMMIT}" ]]; then
      KUBE_GIT_TREE_STATE="archive"
    else
      out="$("${git[@]}" status --porcelain 2>&1)" ||
        kubecarry::log::fatal "git status failed, so the version cannot say whether the tree is clean: ${out}"
      if [[ -z "${out}" ]]; then
        KUBE_GIT_TREE_STATE="clean"
      else
        KUBE_GIT_TREE_STATE="dirty"
      fi
    fi
  fi
  if [[ -z "${KUBE_GIT_VERSION-}" ]]; then
    KUBE_GIT_VERSION="$(kubecarry::version::upstream)+kubecarry.$(kubecarry::version::release)"
    if [[ "${KUBE_GIT_TREE_STATE}" == "dirty" ]]; then
      KUBE_GIT_VERSION+="-dirty"
    fi
  fi
  if ! [[ "${KUBE_GIT_VERSION}" =~ ^v[0-9]+\.[0-9]+\.[0-9]+(\+[0-9A-Za-z.-]+)?$ ]]; then
    kubecarry::log::fatal "KUBE_GIT_VERSION '${KUBE_GIT_VERSION}' is not a semantic version like v1.35.8+kubecarry.1"
  fi

  # A reproducible build needs a fixed date: SOURCE_DATE_EPOCH when the caller
  # sets it, otherwise the commit's time, and only outside git the clock.
  if [[ -z "${SOURCE_DATE_EPOCH-}" && -n "${KUBE_GIT_COMMIT}" ]]; then
    SOURCE_DATE_EPOCH="$("${git[@]}" log -1 --format=%ct "${KUBE_GIT_COMMIT}")"
  fi
  KUBE_BUILD_DATE="$(date ${SOURCE_DATE_EPOCH:+"--date=@${SOURCE_DATE_EPOCH}"} -u +'%Y-%m-%dT%H:%M:%SZ')"
}

# kubecarry::version::ldflags prints the -X flags that stamp kubecarry's
# version (kubecarry::version::get_version_vars) into the binaries.
kubecarry::version::ldflags() {
  kubecarry::version::get_version_vars
  kubecarry::version::ldflags_for "${KUBE_GIT_VERSION}" "${KUBE_GIT_COMMIT}" "${KUBE_GIT_TREE_STATE}" "${KUBE_BUILD_DATE}"
}

# kubecarry::version::ldflags_for <gitVersion> <gitCommit> <gitTreeState>
# <buildDate> prints the -X flags that stamp a version into both packages
# upstream stamps: k8s.io/component-base/version (what --version prints and
# emulation versions parse) and k8s.io/client-go/pkg/version. gitMajor and
# gitMinor come from gitVersion; empty values are left out.
kubecarry::version::ldflags_for() {
  local version="$1" commit="$2" tree_state="$3" build_date="$4"
  [[ "${version}" =~ ^v([0-9]+)\.([0-9]+)\. ]] || kubecarry::log::fatal "'${version}' is not a version like v1.35.8"
  local -a ldflags=()
  local key val
  for key in gitVersion gitCommit gitTreeState gitMajor gitMinor buildDate; do
    case "${key}" in
      gitVersion) val="${version}" ;;
      gitCommit) val="${commit}" ;;
      gitTreeState) val="${tree_state}" ;;
      gitMajor) val="${BASH_REMATCH[1]}" ;;
      gitMinor) val="${BASH_REMATCH[2]}" ;;
      buildDate) val="${build_date}" ;;
    esac
    [[ -n "${val}" ]] || continue
    ldflags+=(
      "-X 'k8s.io/client-go/pkg/version.${key}=${val}'"
      "-X 'k8s.io/component-base/version.${key}=${val}'"
    )
  done
  echo "${ldflags[*]}"
}
