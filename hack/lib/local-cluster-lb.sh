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

# The load balancer in front of the local cluster's kube-apiservers, in the
# shape kubeadm's HA guide gives it: Debian's HAProxy in TCP mode (TLS goes
# through to the servers, so clients still check the servers' certificates
# and present their own), round robin, and an HTTPS health check of each
# server's /readyz. Used by hack/upgrade-drill.sh.

kubecarry::cluster::lb_url() { echo "https://$(kubecarry::cluster::lb_ip):${KUBECARRY_APISERVER_PORT}"; }

# kubecarry::lb::haproxy_config <bind address:port> <name=address:port...>
# prints the configuration of a load balancer in front of kube-apiservers
# (this one and hack/kubeadm-cluster.sh's).
#
# The health check runs every second and takes a server out after two
# failures, so a server that starts a graceful shutdown (its /readyz fails
# at once) gets no new connections within ~2-3 s, well inside the
# --shutdown-delay-duration the drill gives the servers. Connections already
# open stay where they are: the server ends them itself (HTTP/2 GOAWAY),
# which lets clients finish in-flight requests and reconnect; cutting them
# when the check fails (on-marked-down shutdown-sessions) would fail those
# requests instead. "retries" with "option redispatch" sends a connection
# whose server refuses it (stopped between two checks) to another one.
# Client and server timeouts are longer than client-go's HTTP/2 health
# ping (every 30 s on an idle connection), so idle watch connections stay.
# A check gets 1 s: /readyz answers in milliseconds, and a server that is
# hung (its kernel still accepts connections) must leave the rotation in
# about 4 s, since every new connection balanced to it meanwhile fails
# its TLS handshake after the client's 10 s.
kubecarry::lb::haproxy_config() {
  local bind="$1" server
  shift
  cat <<EOF
global
  maxconn 4096
defaults
  mode tcp
  log stdout format raw local0
  option tcplog
  option dontlognull
  timeout connect 5s
  timeout client 35s
  timeout server 35s
  timeout check 1s
  retries 3
  option redispatch
frontend kube-apiserver
  bind ${bind}
  default_backend kube-apiservers
backend kube-apiservers
  balance roundrobin
  option httpchk
  http-check connect ssl
  http-check send meth GET uri /readyz
  http-check expect status 200
  default-server inter 1s fall 2 rise 2 check-ssl verify none
EOF
  for server in "$@"; do
    echo "  server ${server%%=*} ${server#*=} check"
  done
}

# kubecarry::cluster::load_balancer <server numbers...> installs HAProxy if
# needed, starts it in front of those servers on the load balancer address
# (added to the host end), and waits until a request through it is served.
kubecarry::cluster::load_balancer() {
  kubecarry::apt::install "the load balancer of hack/upgrade-drill.sh" haproxy=haproxy
  local config="${LOCAL_CLUSTER_DIR}/haproxy.cfg" haproxy
  haproxy="$(command -v haproxy)"
  local i backends=()
  for i in "$@"; do backends+=("apiserver-${i}=$(kubecarry::cluster::apiserver_ip "${i}"):${KUBECARRY_APISERVER_PORT}"); done
  kubecarry::lb::haproxy_config "$(kubecarry::cluster::lb_ip):${KUBECARRY_APISERVER_PORT}" "${backends[@]}" >"${config}"
  haproxy -c -q -f "${config}" || kubecarry::log::fatal "HAProxy refuses its configuration ${config} (haproxy -c said why above)"
  ip addr add "$(kubecarry::cluster::lb_ip)/32" dev "$(kubecarry::cluster::host_link)"
  kubecarry::cluster::port_free "$(kubecarry::cluster::lb_ip)" "${KUBECARRY_APISERVER_PORT}" "load balancer"
  kubecarry::log::status "starting HAProxy $("${haproxy}" -v | awk 'NR==1 {print $3}') on $(kubecarry::cluster::lb_url) in front of apiserver-{$(IFS=,; echo "$*")}"
  # -db: stay in the foreground, logging to stdout, so the cluster's
  # process handling applies to it like to any other component.
  kubecarry::cluster::start haproxy "${haproxy}" "${haproxy}" -db -f "${config}"
  kubecarry::cluster::wait_ready haproxy "serving" kubecarry::cluster::curl "$(kubecarry::cluster::lb_url)/readyz"
}
