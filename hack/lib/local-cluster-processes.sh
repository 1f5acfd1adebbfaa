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

# The processes of the local cluster (hack/lib/local-cluster.sh): starting
# a component, finding it, waiting for it, and stopping everything.

# Each started component has <pids>/<name>.pid holding its PID
# and, on the second line, the binary, so tear-down after a crash never
# signals a PID the kernel has since given to someone else.

# kubecarry::cluster::start <name> <binary> [command prefix... --] <args...>
# starts <binary> in the background with its output in <logs>/<name>.log.
# A prefix (unshare, ip netns exec) must exec the binary in the same process.
kubecarry::cluster::start() {
  local name="$1" binary="$2"
  shift 2
  local log
  log="$(kubecarry::cluster::logs)/${name}.log"
  "$@" >"${log}" 2>&1 &
  printf '%s\n%s\n' "$!" "${binary}" >"$(kubecarry::cluster::pids)/${name}.pid"
}

# kubecarry::cluster::pid_of <name> prints the PID of a started component if
# that process still runs its binary.
kubecarry::cluster::pid_of() {
  local file
  file="$(kubecarry::cluster::pids)/$1.pid"
  [[ -f "${file}" ]] || return 1
  local pid binary
  { read -r pid; read -r binary; } <"${file}"
  [[ -n "${pid}" && -r "/proc/${pid}/cmdline" ]] || return 1
  # The prefix commands exec the binary, so the process's executable is
  # the binary itself once it runs (or the prefix for a moment before).
  tr '\0' ' ' <"/proc/${pid}/cmdline" | grep -qF -- "${binary##*/}" || return 1
  echo "${pid}"
}

# kubecarry::cluster::fail <name> <message> stops start-up, naming the
# component and showing the tail of its log.
kubecarry::cluster::fail() {
  local name="$1" message="$2" log
  log="$(kubecarry::cluster::logs)/${name}.log"
  kubecarry::log::error "${name}: ${message}"
  if [[ -f "${log}" ]]; then
    echo "--- last lines of ${log}:" >&2
    tail -n 25 "${log}" >&2
    echo "---" >&2
  fi
  exit 1
}

# kubecarry::cluster::wait_ready <name> <what> <command...> polls the
# command until it succeeds; the component exiting or KUBECARRY_START_TIMEOUT
# passing ends start-up with the check's last error and the component's log.
kubecarry::cluster::wait_ready() {
  local name="$1" what="$2"
  shift 2
  local deadline=$((SECONDS + KUBECARRY_START_TIMEOUT)) last
  until last="$("$@" 2>&1)"; do
    last="last check '$*' said: $(tail -n 5 <<<"${last:-nothing}")"
    kubecarry::cluster::pid_of "${name}" >/dev/null || kubecarry::cluster::fail "${name}" "exited before ${what}; ${last}"
    ((SECONDS < deadline)) || kubecarry::cluster::fail "${name}" "not ${what} after ${KUBECARRY_START_TIMEOUT}s; ${last}"
    sleep 0.5
  done
}

# kubecarry::cluster::port_free <host> <port> <what> stops start-up if
# something already listens there.
kubecarry::cluster::port_free() {
  if (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; then
    kubecarry::log::fatal "$1:$2 (${3}) is already in use; stop what listens there or pick another port"
  fi
}

# kubecarry::cluster::stop <name> stops one started component the way
# kubecarry::cluster::down stops them all (SIGTERM, then SIGKILL after 15 s)
# and returns when it is gone; a component that does not run is no error.
kubecarry::cluster::stop() {
  local pid deadline=$((SECONDS + 15))
  pid="$(kubecarry::cluster::pid_of "$1")" || return 0
  # It may have exited since pid_of looked.
  kill -TERM "${pid}" 2>/dev/null || true
  while [[ -d "/proc/${pid}" ]] && ((SECONDS < deadline)); do sleep 0.2; done
  kill -KILL "${pid}" 2>/dev/null || true
}

# kubecarry::cluster::down stops every component a run of this state
# directory started (SIGTERM, then SIGKILL after 15 s) and removes its
# network namespace. It is safe to call when nothing runs.
kubecarry::cluster::down() {
  # The nodes' Pods go first, through their containerd, while it runs.
  kubecarry::nodes::down
  local pids
  pids="$(kubecarry::cluster::pids)"
  local -a running=() names=()
  local file name pid
  for file in "${pids}"/*.pid; do
    [[ -e "${file}" ]] || continue
    name="${file##*/}"
    name="${name%.pid}"
    if pid="$(kubecarry::cluster::pid_of "${name}")"; then
      # It may have exited since pid_of looked: nothing to stop then.
      kill -TERM "${pid}" 2>/dev/null || true
      running+=("${pid}")
      names+=("${name}")
    fi
    rm -f "${file}"
  done
  if [[ ${#running[@]} -gt 0 ]]; then
    kubecarry::log::status "stopping ${names[*]}"
    local deadline=$((SECONDS + 15)) left
    while ((SECONDS < deadline)); do
      left=0
      for pid in "${running[@]}"; do
        [[ -d "/proc/${pid}" ]] && left=1
      done
      ((left)) || break
      sleep 0.2
    done
    for pid in "${running[@]}"; do
      if [[ -d "/proc/${pid}" ]]; then
        # As above: it may have exited in the meantime.
        kill -KILL "${pid}" 2>/dev/null || true
      fi
    done
  fi
  # Every node's namespace (a crashed run may have had more than this one
  # asks for); the veth host ends go with their peers, the bridge (and
  # the routes through it) last.
  local netns
  for netns in $(ip netns list | awk -v re="^${LOCAL_CLUSTER_PREFIX}-node-[0-9]+\$" '$1 ~ re {print $1}'); do
    kubecarry::log::status "removing network namespace ${netns}"
    ip netns delete "${netns}"
  done
  ip link delete "$(kubecarry::cluster::host_link)" >/dev/null 2>&1 || true
}
