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

# The images the local cluster's node runs, built here with the release's
# image code (hack/tools/release) and imported into containerd, so nothing
# is pulled from a registry: pause (the sandbox), echoserver (the test
# server) and extensionserver (webhooks and an APIService) from test/images, and CoreDNS built from the Go module proxy.
# Their bytes depend only on the binaries: a fixed creation date (epoch 0).

readonly KUBECARRY_LOCAL_IMAGES=(pause echoserver extensionserver coredns)
readonly KUBECARRY_LOCAL_IMAGE_REPO="${KUBECARRY_LOCAL_IMAGE_REPO:-localhost/kubecarry}"
readonly KUBECARRY_COREDNS_VERSION="${KUBECARRY_COREDNS_VERSION:-v1.14.7}"

kubecarry::images::dir() { echo "${KUBECARRY_OUTPUT}/local-cluster-images"; }
kubecarry::images::tarball() { echo "$(kubecarry::images::dir)/$1.tar"; }

# kubecarry::images::ref <image> prints the reference Pods and containerd
# name it by.
kubecarry::images::ref() {
  case "$1" in
    coredns) echo "${KUBECARRY_LOCAL_IMAGE_REPO}/coredns:${KUBECARRY_COREDNS_VERSION}" ;;
    *) echo "${KUBECARRY_LOCAL_IMAGE_REPO}/$1:local" ;;
  esac
}

# kubecarry::images::build builds the binaries and writes one image tarball
# per image for the machine's platform. The programs of test/images run as
# an unprivileged user; CoreDNS as root, to bind port 53.
kubecarry::images::build() {
  local dir platform tool
  dir="$(kubecarry::images::dir)"
  platform="linux/$(go env GOARCH)"
  tool="$(kubecarry::release::tool)"
  mkdir -p "${dir}/bin"
  local name out
  for name in pause echoserver extensionserver; do
    kubecarry::golang::test_image "${name}" "${dir}/bin/${name}"
  done
  cp "${COREDNS_BINARY}" "${dir}/bin/coredns"
  local user
  for name in "${KUBECARRY_LOCAL_IMAGES[@]}"; do
    user=65532
    [[ "${name}" != coredns ]] || user=0
    rm -rf "${dir}/${name}.layout"
    if ! out="$("${tool}" image --name "${name}" --ref "$(kubecarry::images::ref "${name}")" \
      --version "$(kubecarry::images::ref "${name}" | cut -d: -f2)" --source "${KUBECARRY_DEFAULT_SOURCE_URL}" --epoch 0 \
      --user "${user}" --binary "${platform}=${dir}/bin/${name}" --tarball "${platform}=$(kubecarry::images::tarball "${name}")" \
      --layout "${dir}/${name}.layout" 2>&1)"; then
      kubecarry::log::fatal "building the ${name} image failed: ${out}"
    fi
  done
}
