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

# Undoing the faults the drills inject into the local cluster's processes.

# kubecarry::cluster::heal <net_cls dir> <nftables table> <names...> undoes
# whatever fault a drill that died mid-run left behind: frozen components,
# the partition's nftables table and net_cls cgroups. Safe to call any
# time: each step may find nothing to undo (a component already gone, no
# table, a process that exited), which is why its errors are ignored.
kubecarry::cluster::heal() {
  local netcls="$1" table="$2" name pid dir
  shift 2
  for name in "$@"; do
    if pid="$(kubecarry::cluster::pid_of "${name}")"; then
      kill -CONT "${pid}" 2>/dev/null || true
    fi
  done
  nft delete table inet "${table}" >/dev/null 2>&1 || true
  if mountpoint -q "${netcls}"; then
    for dir in "${netcls}"/*/; do
      [[ -d "${dir}" ]] || continue
      while read -r pid; do
        echo "${pid}" >"${netcls}/cgroup.procs" 2>/dev/null || true
      done <"${dir}cgroup.procs"
      rmdir "${dir}" || true
    done
    umount "${netcls}" || kubecarry::log::error "could not unmount ${netcls}"
  fi
  rmdir "${netcls}" 2>/dev/null || true
}
