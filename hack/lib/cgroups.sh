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

# cgroup v1 hierarchies for the nodes' containerd.

# kubecarry::cgroups::mount_missing mounts, under /sys/fs/cgroup, every
# cgroup v1 hierarchy the kernel keeps active but no mount shows (kcnode
# cgroups; why in test/cgroupv1). Without it containerd finds no
# container's cgroup: no container statistics, and kubelet refuses an
# in-place resize that lowers a memory limit. The fault drill's partition
# leaves net_cls so on a host that did not mount it, which is how the whole
# conformance run found it. Call it before a node's containerd starts.
kubecarry::cgroups::mount_missing() {
  local line
  "$(kubecarry::golang::tool kcnode)" cgroups | while IFS= read -r line; do
    kubecarry::log::status "${line}"
  done
}
