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

# Certificates and kubeconfigs for local clusters, made with openssl (nothing
# is downloaded). Keys are ECDSA P-256 like kubeadm's default; certificates
# are valid for KUBECARRY_PKI_DAYS days (default 30): a local cluster is
# recreated long before that.

# kubecarry::pki::openssl runs openssl, turning its failure into an error
# that names the file being made.
kubecarry::pki::openssl() {
  local what="$1" out
  shift
  if ! out="$(openssl "$@" 2>&1)"; then
    kubecarry::log::fatal "openssl could not make ${what}: ${out}"
  fi
}

# kubecarry::pki::ca <dir> <name> <common name> makes <dir>/<name>.{crt,key},
# a self-signed CA.
kubecarry::pki::ca() {
  local dir="$1" name="$2" cn="$3"
  kubecarry::pki::openssl "${dir}/${name}.crt" req -x509 -new -nodes \
    -newkey ec -pkeyopt ec_paramgen_curve:P-256 \
    -keyout "${dir}/${name}.key" -out "${dir}/${name}.crt" \
    -days "${KUBECARRY_PKI_DAYS:-30}" -subj "/CN=${cn}" \
    -addext "basicConstraints=critical,CA:TRUE" \
    -addext "keyUsage=critical,keyCertSign,cRLSign,digitalSignature"
}

# kubecarry::pki::cert <dir> <ca name> <name> <usage> <subject> [SAN...]
# makes <dir>/<name>.{crt,key} signed by <dir>/<ca name>. <usage> is
# "server", "client" or "server,client"; <subject> is an openssl subject
# such as "/O=system:masters/CN=admin"; each SAN is "DNS:..." or "IP:...".
kubecarry::pki::cert() {
  local dir="$1" ca="$2" name="$3" usage="$4" subject="$5"
  shift 5
  local eku=() u
  IFS=, read -r -a u <<<"${usage}"
  for u in "${u[@]}"; do
    case "${u}" in
      server) eku+=(serverAuth) ;;
      client) eku+=(clientAuth) ;;
      *) kubecarry::log::fatal "unknown certificate usage '${u}' for ${name}" ;;
    esac
  done
  local ext="${dir}/${name}.ext"
  {
    echo "basicConstraints=critical,CA:FALSE"
    echo "keyUsage=critical,digitalSignature,keyEncipherment"
    echo "extendedKeyUsage=$(IFS=,; echo "${eku[*]}")"
    if [[ $# -gt 0 ]]; then
      echo "subjectAltName=$(IFS=,; echo "$*")"
    fi
  } >"${ext}"
  kubecarry::pki::openssl "${dir}/${name}.key" req -new -nodes \
    -newkey ec -pkeyopt ec_paramgen_curve:P-256 \
    -keyout "${dir}/${name}.key" -out "${dir}/${name}.csr" -subj "${subject}"
  kubecarry::pki::openssl "${dir}/${name}.crt" x509 -req -in "${dir}/${name}.csr" \
    -CA "${dir}/${ca}.crt" -CAkey "${dir}/${ca}.key" -CAcreateserial \
    -days "${KUBECARRY_PKI_DAYS:-30}" -extfile "${ext}" -out "${dir}/${name}.crt"
  rm -f "${dir}/${name}.csr" "${ext}"
}

# kubecarry::pki::service_account_keys <dir> makes the service account
# signing key pair <dir>/sa.{key,pub}.
kubecarry::pki::service_account_keys() {
  local dir="$1"
  kubecarry::pki::openssl "${dir}/sa.key" genpkey -algorithm EC \
    -pkeyopt ec_paramgen_curve:P-256 -out "${dir}/sa.key"
  kubecarry::pki::openssl "${dir}/sa.pub" pkey -in "${dir}/sa.key" -pubout -out "${dir}/sa.pub"
}

# kubecarry::pki::kubeconfig <file> <server URL> <CA file> <cert> <key> <user>
# writes a kubeconfig that authenticates with a client certificate, referring
# to the files by absolute path.
kubecarry::pki::kubeconfig() {
  kubecarry::pki::write_kubeconfig "$1" "$2" "$3" "$6" "client-certificate: $4" "client-key: $5"
}

# kubecarry::pki::token_kubeconfig <file> <server URL> <CA file> <token> <user>
# writes a kubeconfig that authenticates with a bearer token.
kubecarry::pki::token_kubeconfig() {
  kubecarry::pki::write_kubeconfig "$1" "$2" "$3" "$5" "token: $4"
}

# kubecarry::pki::write_kubeconfig <file> <server URL> <CA file> <user>
# <credential line>... writes a one-cluster, one-user kubeconfig, readable
# only by its owner (it holds credentials or their paths).
kubecarry::pki::write_kubeconfig() {
  local file="$1" server="$2" ca="$3" user="$4"
  shift 4
  (
    umask 077
    {
      echo "apiVersion: v1"
      echo "kind: Config"
      echo "clusters:"
      echo "- name: local"
      echo "  cluster:"
      echo "    server: ${server}"
      echo "    certificate-authority: ${ca}"
      echo "users:"
      echo "- name: ${user}"
      echo "  user:"
      local line
      for line in "$@"; do
        echo "    ${line}"
      done
      echo "contexts:"
      echo "- name: local"
      echo "  context:"
      echo "    cluster: local"
      echo "    user: ${user}"
      echo "current-context: local"
    } >"${file}"
  )
}
