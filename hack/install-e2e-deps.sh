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

# Installs what the end-to-end tests (test/e2e/..., hack/local-up-cluster.sh)
# need from the distribution's packages, unless it is already there: nft
# (nftables), iptables, conntrack, ip (iproute2), and curl and openssl for the
# local cluster. Needs root and Debian's apt.

set -o errexit
set -o nounset
set -o pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/init.sh"

# command -> Debian package
declare -A packages=([nft]=nftables [iptables]=iptables [conntrack]=conntrack [ip]=iproute2 [curl]=curl [openssl]=openssl)

# The tools live in sbin, which a non-login root shell may not have on PATH.
export PATH="${PATH}:/usr/sbin:/sbin"
missing=()
for cmd in "${!packages[@]}"; do
  command -v "${cmd}" >/dev/null 2>&1 || missing+=("${packages[${cmd}]}")
done
if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi
if [[ "$(id -u)" -ne 0 ]]; then
  kubecarry::log::fatal "the e2e tests need ${missing[*]}, and installing them needs root"
fi
if ! command -v apt-get >/dev/null 2>&1; then
  kubecarry::log::fatal "the e2e tests need ${missing[*]}; install them with your distribution's package manager (no apt-get here)"
fi
kubecarry::log::status "installing ${missing[*]} for the e2e tests"
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; then
  apt-get update -qq >/dev/null || kubecarry::log::fatal "apt-get update failed; cannot install ${missing[*]}"
  apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null || kubecarry::log::fatal "apt-get could not install ${missing[*]}"
fi
