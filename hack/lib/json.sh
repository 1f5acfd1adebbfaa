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

# JSON and YAML for scripts: parsed by test/cmd/kcjson (kubectl's JSONPath
# and YAML-or-JSON decoder), never with sed, grep or awk.
#
#   lease="$(kubecarry::cluster::curl "${url}" | kubecarry::json::get .spec.holderIdentity)"
#   kubecarry::json::get -o json '{@}' <manifest.yaml   # each document as one line of JSON
#
# A missing key, an empty answer or an error page fails with kcjson's
# message on stderr (see test/cmd/kcjson/main.go for the flags).

# kubecarry::json::bin prints the path of test/cmd/kcjson, built when stale.
kubecarry::json::bin() {
  kubecarry::golang::tool kcjson
}

# kubecarry::json::get [-allow-missing] [-o text|json] <template> reads JSON
# or YAML on stdin and prints what the kubectl-style JSONPath template
# selects, e.g. '{.spec.clusterIP}' or .spec.clusterIP.
kubecarry::json::get() {
  local bin
  bin="$(kubecarry::json::bin)" || return 1
  "${bin}" "$@"
}
