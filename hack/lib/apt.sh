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

# Debian packages for the tools hack/ scripts call but do not build.

# kubecarry::apt::install <purpose> <command>=<package>... installs, with
# apt-get, the package of every command that is not on PATH, unless all are
# there. <purpose> completes "... needs": it names who needs them in errors.
# Installing needs root and apt-get; without them it fails naming the packages.
kubecarry::apt::install() {
  local purpose="$1" pair
  shift
  local -a missing=()
  # Many of these tools live in sbin, which a non-login root shell may not
  # have on PATH.
  export PATH="${PATH}:/usr/sbin:/sbin"
  for pair in "$@"; do
    command -v "${pair%%=*}" >/dev/null 2>&1 || missing+=("${pair#*=}")
  done
  if [[ ${#missing[@]} -eq 0 ]]; then
    return 0
  fi
  if [[ "$(id -u)" -ne 0 ]]; then
    kubecarry::log::fatal "${purpose} needs ${missing[*]}, and installing them needs root (as root: apt-get install ${missing[*]})"
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    kubecarry::log::fatal "${purpose} needs ${missing[*]}; install them with your distribution's package manager (no apt-get here)"
  fi
  kubecarry::log::status "installing ${missing[*]} for ${purpose}"
  local log
  log="$(mktemp)"
  # A fresh machine has no package lists yet: update once and retry.
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >"${log}" 2>&1; then
    if ! DEBIAN_FRONTEND=noninteractive apt-get update -qq >"${log}" 2>&1 ||
       ! DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >"${log}" 2>&1; then
      cat "${log}" >&2
      rm -f "${log}"
      kubecarry::log::fatal "apt-get could not install ${missing[*]} for ${purpose} (its output is above)"
    fi
  fi
  rm -f "${log}"
  for pair in "$@"; do
    command -v "${pair%%=*}" >/dev/null 2>&1 ||
      kubecarry::log::fatal "apt-get installed ${pair#*=}, but ${pair%%=*} is still not on PATH (${PATH})"
  done
}
