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

# Upstream's conformance suite, offline (hack/conformance.sh): the
# release's e2e.test, ginkgo and kubectl built from the Go module proxy, and
# the images its tests run built here under exactly the names the suite's
# image manifest gives them, so that no test pulls from a registry.

# kubecarry::conformance::skip_list <vX.Y.Z> prints the committed list of
# the tests of that release's suite that cannot run here, each with why.
kubecarry::conformance::skip_list() {
  local minor
  minor="$(cut -d. -f1,2 <<<"$1")"
  echo "${KUBECARRY_ROOT}/test/conformance/skip-list-${minor}.yaml"
}

# kubecarry::conformance::tools <vX.Y.Z> <dir> builds (once, cached by
# version) the release's e2e.test, ginkgo and kubectl, sets E2E_TEST,
# GINKGO, KUBECTL and KCCONFORMANCE, and writes the suite's list of
# conformance tests to <dir>/conformance.yaml.
kubecarry::conformance::tools() {
  local version="$1" dir="$2"
  E2E_TEST="$(kubecarry::upstream::build e2e.test "${version}" | tail -n1)"
  GINKGO="$(kubecarry::upstream::build ginkgo "${version}" | tail -n1)"
  KUBECTL="$(kubecarry::upstream::build kubectl "${version}" | tail -n1)"
  KCCONFORMANCE="$(kubecarry::golang::tool kcconformance)"
  mkdir -p "${dir}"
  "${E2E_TEST}" --list-conformance-tests >"${dir}/conformance.yaml" ||
    kubecarry::log::fatal "${E2E_TEST} --list-conformance-tests failed"
}

# What the tests run inside agnhost's containers ("kubectl exec ... sh -c":
# curl, nc, dig, getent, seq, ip), from Debian's packages where upstream's
# image has Alpine's. Extracted packages run no maintainer scripts, so the
# image adds the links update-alternatives would (nc, awk).
readonly KUBECARRY_AGNHOST_PACKAGES="dash,bash,coreutils,grep,sed,findutils,procps,libc-bin,curl,netcat-openbsd,bind9-dnsutils,iproute2"
# The links update-alternatives would make in that userland.
readonly KUBECARRY_AGNHOST_ALTERNATIVES="--symlink /bin/nc=nc.openbsd --symlink /usr/bin/awk=mawk"

# kubecarry::conformance::rootfs <name> <packages> prints the path of a
# Debian root file system with those packages, extracted once.
kubecarry::conformance::rootfs() {
  local rootfs="${KUBECARRY_OUTPUT}/conformance/images/$1-rootfs.tar"
  if [[ ! -s "${rootfs}" ]]; then
    mkdir -p "${rootfs%/*}"
    kubecarry::apt::install "the conformance suite's images" mmdebstrap=mmdebstrap dpkg-deb=dpkg
    SOURCE_DATE_EPOCH=0 kubecarry::release::debian_rootfs amd64 "${rootfs}" "${rootfs%.tar}.debs" "$2" >&2
  fi
  echo "${rootfs}"
}

# Upstream's busybox test image is Docker's busybox:<version>: upstream
# busybox built with its defconfig. Debian's busybox reverts ash passing
# variables whose names are not shell identifiers ("data-1") on to the
# commands it runs, and the ConfigMap and Secret environment tests print
# such variables with "sh -c env" in it. So busybox is built here from the
# upstream release tarball, which Debian's archive carries as its orig
# tarball, checked against this checksum (the one Debian's source package
# lists).
readonly KUBECARRY_BUSYBOX_VERSION=1.37.0
readonly KUBECARRY_BUSYBOX_SHA256=3311dff32e746499f4df0d5df04d7eb396382d7e108bb9250e7b519b837043a4

# kubecarry::conformance::busybox_binary builds (once, cached by version)
# upstream busybox, static, with its defconfig, and prints its path.
kubecarry::conformance::busybox_binary() {
  local version="${KUBECARRY_BUSYBOX_VERSION}"
  local dir="${KUBECARRY_BUSYBOX_CACHE:-${HOME}/.cache/kubecarry/busybox}/${version}"
  if [[ -x "${dir}/busybox" ]]; then
    echo "${dir}/busybox"
    return 0
  fi
  local tarball="busybox_${version}.orig.tar.bz2"
  local url="${KUBECARRY_DEBIAN_MIRROR:-http://deb.debian.org/debian}/pool/main/b/busybox/${tarball}"
  kubecarry::apt::install "busybox's build" gcc=gcc make=make bzip2=bzip2
  rm -rf "${dir}"
  mkdir -p "${dir}"
  kubecarry::log::status "building busybox ${version} (upstream's release, static, defconfig) in ${dir}"
  curl -fsSL --retry 3 -o "${dir}/${tarball}" "${url}" || kubecarry::log::fatal "downloading ${url} failed"
  sha256sum -c --quiet - <<<"${KUBECARRY_BUSYBOX_SHA256}  ${dir}/${tarball}" >&2 ||
    kubecarry::log::fatal "${url} is not busybox ${version}'s release tarball (its SHA-256 is not ${KUBECARRY_BUSYBOX_SHA256})"
  tar -xjf "${dir}/${tarball}" -C "${dir}"
  if ! (cd "${dir}/busybox-${version}" && make defconfig &&
    sed -i 's/^# CONFIG_STATIC is not set$/CONFIG_STATIC=y/' .config && grep -qx CONFIG_STATIC=y .config &&
    make -j"$(nproc)" busybox) >"${dir}/build.log" 2>&1; then
    tail -n 20 "${dir}/build.log" >&2
    kubecarry::log::fatal "building busybox ${version} failed (log: ${dir}/build.log)"
  fi
  mv "${dir}/busybox-${version}/busybox" "${dir}/busybox"
  rm -rf "${dir}/busybox-${version}" "${dir:?}/${tarball}"
  echo "${dir}/busybox"
}

# kubecarry::conformance::busybox prints the flags of a busybox image:
# upstream busybox with a link in /bin for each of its commands (tests run
# /bin/sysctl), "sh" by default, as Docker's busybox image ("busybox
# --install /bin").
kubecarry::conformance::busybox() {
  local busybox
  busybox="$(kubecarry::conformance::busybox_binary)"
  local flags="--cmd sh" applet
  for applet in $("${busybox}" --list); do
    flags+=" --symlink /bin/${applet}=/usr/local/bin/busybox"
  done
  echo "${busybox} 0 ${flags}"
}

# kubecarry::conformance::rootfs_binary <name> <rootfs> <path> extracts one
# program of a root file system (it runs against the rootfs's libraries in
# the image) and prints where it put it.
kubecarry::conformance::rootfs_binary() {
  local out="${KUBECARRY_OUTPUT}/conformance/images/$1" member
  member="$(tar -tf "$2" | grep -E "^(\./)?$3\$" | head -n1)" ||
    kubecarry::log::fatal "$2 has no $3"
  tar -xOf "$2" "${member}" >"${out}"
  chmod 0755 "${out}"
  echo "${out}"
}

# kubecarry::conformance::dnsutils prints the flags of jessie-dnsutils,
# where the DNS tests run their dig and getent scripts (always as the
# container's command): agnhost's Debian userland, which has them (Debian's
# bind9-dnsutils, as upstream's Debian jessie with dnsutils), and bash as the
# default command, as Debian's images.
kubecarry::conformance::dnsutils() {
  local rootfs
  rootfs="$(kubecarry::conformance::rootfs agnhost "${KUBECARRY_AGNHOST_PACKAGES}")"
  echo "$(kubecarry::conformance::rootfs_binary dnsutils-bash "${rootfs}" "(usr/)?bin/bash") 0 --name bash" \
    "--rootfs linux/amd64=${rootfs} ${KUBECARRY_AGNHOST_ALTERNATIVES}"
}

# kubecarry::conformance::nginx prints the flags of the nginx images (every
# tag) the ReplicationController and garbage collector tests run: Debian's
# nginx in the foreground with test/conformance/images/nginx/nginx.conf,
# where upstream's are nginx:<tag>-alpine.
kubecarry::conformance::nginx() {
  local rootfs
  rootfs="$(kubecarry::conformance::rootfs nginx nginx)"
  echo "$(kubecarry::conformance::rootfs_binary nginx "${rootfs}" usr/sbin/nginx) 0 --rootfs linux/amd64=${rootfs}" \
    "--file /etc/nginx/nginx.conf=${KUBECARRY_ROOT}/test/conformance/images/nginx/nginx.conf"
}

# kubecarry::conformance::image_source <ref> <vX.Y.Z> prints how this
# builds an image the suite names: "<binary> <user> [image flags...]", or
# nothing when it cannot (the tests that need it are on the skip list);
# the flags name the binary (--name) where it is not the image's name.
# agnhost (every tag the manifest names) is the release's own
# test/images/agnhost on a Debian userland, run as /agnhost (tests read
# their argv) with "pause" as its default command and porter's certificate
# at the root, like upstream's; nautilus is that agnhost serving its page;
# nonewprivs is the release's nnp, setuid root; busybox is upstream's built
# here; jessie-dnsutils and nginx are Debian's; sample-apiserver is k8s.io/sample-apiserver of the release's
# staging version; etcd is etcd of the tag; pause is kubecarry's
# test/images/pause.
kubecarry::conformance::image_source() {
  local ref="$1" version="$2" name tag
  name="${ref%:*}" tag="${ref##*:}"
  case "${name}" in
    */e2e-test-images/agnhost)
      local src
      src="$(kubecarry::upstream::module_dir k8s.io/kubernetes "${version}")/test/images/agnhost"
      echo "$(kubecarry::upstream::build agnhost "${version}" | tail -n1) 0 --entrypoint /agnhost --cmd pause" \
        "--rootfs linux/amd64=$(kubecarry::conformance::rootfs agnhost "${KUBECARRY_AGNHOST_PACKAGES}")" \
        "--symlink /agnhost=usr/local/bin/agnhost --symlink /agnhost-2=usr/local/bin/agnhost" \
        "${KUBECARRY_AGNHOST_ALTERNATIVES}" \
        "--file /localhost.crt=${src}/porter/localhost.crt --file /localhost.key=${src}/porter/localhost.key"
      ;;
    */e2e-test-images/busybox) kubecarry::conformance::busybox ;;
    */e2e-test-images/nautilus)
      # agnhost serving / (test-webserver) with the page the Update Demo
      # tests read, as upstream's image is agnhost plus these two files.
      local html
      html="$(kubecarry::upstream::module_dir k8s.io/kubernetes "${version}")/test/images/nautilus/html"
      echo "$(kubecarry::upstream::build agnhost "${version}" | tail -n1) 0 --name agnhost --entrypoint /agnhost --cmd test-webserver" \
        "--rootfs linux/amd64=$(kubecarry::conformance::rootfs agnhost "${KUBECARRY_AGNHOST_PACKAGES}")" \
        "--symlink /agnhost=usr/local/bin/agnhost" \
        "--file /nautilus.jpg=${html}/nautilus.jpg --file /data.json=${html}/data.json"
      ;;
    */e2e-test-images/jessie-dnsutils) kubecarry::conformance::dnsutils ;;
    */e2e-test-images/nonewprivs)
      # nnp prints its effective uid; setuid root, so a container that
      # may escalate prints 0 and one that may not its own uid.
      echo "$(kubecarry::upstream::build nonewprivs "${version}" | tail -n1) 0 --name nnp --binary-mode 04755"
      ;;
    */e2e-test-images/nginx) kubecarry::conformance::nginx ;;
    */e2e-test-images/sample-apiserver)
      echo "$(kubecarry::upstream::go_install k8s.io/sample-apiserver "v0.${version#v1.}" | tail -n1) 0"
      ;;
    */etcd) echo "$(kubecarry::etcd::binary "v${tag%-*}" | tail -n1) 0" ;;
    */pause)
      kubecarry::golang::test_image pause "${KUBECARRY_OUTPUT}/conformance/bin/pause"
      echo "${KUBECARRY_OUTPUT}/conformance/bin/pause 65535"
      ;;
  esac
}

# kubecarry::conformance::images <vX.Y.Z> <dir> <list> builds every image
# the suite names ("e2e.test --list-images") that this knows how to build
# into <dir>, and lists "<ref> <tarball>" in <list>; the ones it cannot
# build go to <list>.unbuilt.
kubecarry::conformance::images() {
  local version="$1" dir="$2" list="$3" tool ref recipe bin user flags file out
  tool="$(kubecarry::release::tool)"
  mkdir -p "${dir}"
  : >"${list}"
  : >"${list}.unbuilt"
  for ref in $("${E2E_TEST}" --list-images | LC_ALL=C sort -u); do
    recipe="$(kubecarry::conformance::image_source "${ref}" "${version}")"
    if [[ -z "${recipe}" ]]; then
      echo "${ref}" >>"${list}.unbuilt"
      continue
    fi
    read -r bin user flags <<<"${recipe}"
    file="${dir}/$(tr '/:' '__' <<<"${ref}")"
    # Every run writes the image again (seconds): its parts are cached.
    rm -rf "${file}.layout"
    local name="${ref%:*}"
    # shellcheck disable=SC2086 # flags are words.
    if ! out="$("${tool}" image --name "${name##*/}" --ref "${ref}" --version "${ref##*:}" \
      --source "${KUBECARRY_DEFAULT_SOURCE_URL}" --epoch 0 --user "${user}" ${flags} \
      --binary "linux/amd64=${bin}" --tarball "linux/amd64=${file}.tar" --layout "${file}.layout" 2>&1)"; then
      kubecarry::log::fatal "building the image ${ref} failed: ${out}"
    fi
    printf '%s %s\n' "${ref}" "${file}.tar" >>"${list}"
  done
  kubecarry::log::status "built $(wc -l <"${list}") of the suite's $(($(wc -l <"${list}") + $(wc -l <"${list}.unbuilt"))) images; the others are listed in ${list}.unbuilt (a conformance test that needs one belongs on the skip list)"
}

# kubecarry::conformance::import <containerd socket> <list> imports every
# image of the list into a node's containerd (kubelet's namespace) under
# the name the suite uses.
kubecarry::conformance::import() {
  local socket="$1" ref tarball
  while read -r ref tarball; do
    ctr --address "${socket}" -n k8s.io images import "${tarball}" >/dev/null ||
      kubecarry::log::fatal "importing ${ref} (${tarball}) into the containerd at ${socket} failed"
  done <"$2"
}

# kubecarry::conformance::run <name> <kubeconfig> <report dir> <focus> <procs>
# runs the selected [Conformance] tests through the apiserver the
# kubeconfig names: in parallel on <procs> ginkgo processes, the [Serial]
# ones (ginkgo's Serial decorator) alone on one process after the others,
# as upstream's conformance image does; the tests of the skip list are
# skipped by their exact names. The JUnit report is <report dir>/junit_01.xml.
kubecarry::conformance::run() {
  local name="$1" kubeconfig="$2" report="$3" focus="$4" procs="$5" skip
  skip="$("${KCCONFORMANCE}" skip-regexp -suite "${report%/*}/conformance.yaml" -skip-list "${CONFORMANCE_SKIP_LIST}")" ||
    kubecarry::log::fatal "the skip list ${CONFORMANCE_SKIP_LIST} is not valid"
  rm -rf "${report}"
  mkdir -p "${report}"
  local args=(--no-color --timeout=24h --label-filter=Conformance)
  [[ -z "${focus}" ]] || args+=(--focus="${focus}")
  [[ -z "${skip}" ]] || args+=(--skip="${skip}")
  ((procs <= 1)) || args+=(--procs="${procs}")
  kubecarry::log::status "running the conformance tests${focus:+ matching ${focus}} through the ${name} apiserver ($(kubecarry::conformance::server "${kubeconfig}"), ${procs} processes; log: ${report}/e2e.log)"
  # The suite's own exit status only says whether something failed; the
  # report says what, and the caller judges it.
  "${GINKGO}" "${args[@]}" "${E2E_TEST}" -- \
    --kubeconfig="${kubeconfig}" --kubectl-path="${KUBECTL}" --provider=skeleton \
    --disable-log-dump --report-dir="${report}" >"${report}/e2e.log" 2>&1 || true
  [[ -s "${report}/junit_01.xml" ]] || {
    tail -n 30 "${report}/e2e.log" >&2
    kubecarry::log::fatal "the run through the ${name} apiserver wrote no JUnit report (log: ${report}/e2e.log)"
  }
}

# kubecarry::conformance::server <kubeconfig> prints the server a
# kubeconfig names.
kubecarry::conformance::server() {
  kubecarry::json::get '{.clusters[0].cluster.server}' <"$1"
}
