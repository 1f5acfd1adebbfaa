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

# Logging helpers: status lines go to stderr so stdout stays usable for data.

kubecarry::log::status() {
  echo "+++ [$(date -u +'%H:%M:%S')] $*" >&2
}

kubecarry::log::error() {
  echo "!!! [$(date -u +'%H:%M:%S')] $*" >&2
}

# kubecarry::log::fatal prints an error and exits non-zero.
kubecarry::log::fatal() {
  kubecarry::log::error "$@"
  exit 1
}
