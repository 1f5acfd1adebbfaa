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

# The checks of hack/local-up-cluster.sh. Each check is a command line that
# the summary prints for pasting and that --test runs itself, so what users
# paste is what make test proves.

# How long --test waits for a condition that converges (peer discovery
# refreshes, Pod CIDR allocation, route sync, kube-proxy sync).
readonly KUBECARRY_CHECK_TIMEOUT="${KUBECARRY_CHECK_TIMEOUT:-120}"

# kubecarry::checks::kcmetric prints the path of test/cmd/kcmetric, which
# reads metrics with Prometheus' own parser, built when stale.
kubecarry::checks::kcmetric() {
  kubecarry::golang::tool kcmetric
}

# kubecarry::checks::curl_cmd prints the admin curl prefix with the paths
# spelled out, for pasting into another shell. An HTTP error fails it and
# prints the error body (a Status).
kubecarry::checks::curl_cmd() {
  local pki
  pki="$(kubecarry::cluster::pki)"
  echo "curl -sS --fail-with-body --cacert ${pki}/ca.crt --cert ${pki}/admin.crt --key ${pki}/admin.key"
}

readonly KUBECARRY_DISCOVERY_ACCEPT='application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList'

# The older server (or, without one, the first) is the one the checks ask.
kubecarry::checks::asked_server() {
  local n="${OLDER_APISERVER}"
  ((n > 0)) || n=1
  kubecarry::cluster::apiserver_url "${n}"
}

# Prints the kind of the answer: JobList.
kubecarry::checks::proxied_get_cmd() {
  echo "$(kubecarry::checks::curl_cmd) $(kubecarry::checks::asked_server)/apis/${OLDER_DISABLED_API}/namespaces/default/jobs | $(kubecarry::json::bin) .kind"
}

# Prints how many Job requests the asked server proxied with answer 200.
kubecarry::checks::rerouted_metric_cmd() {
  echo "$(kubecarry::checks::curl_cmd) $(kubecarry::checks::asked_server)/metrics | $(kubecarry::checks::kcmetric) 'apiserver_rerouted_request_total{group=\"${OLDER_DISABLED_API%%/*}\",code=\"200\"}'"
}

# <profile suffix> is "" for the merged view or ";profile=nopeer". Prints
# the names of the groups listed, one a line.
kubecarry::checks::discovery_cmd() {
  printf '%s\n' "$(kubecarry::checks::curl_cmd) -H 'Accept: ${KUBECARRY_DISCOVERY_ACCEPT}$1' $(kubecarry::checks::asked_server)/apis | $(kubecarry::json::bin) '{range .items[*]}{.metadata.name}{\"\\n\"}{end}'"
}

kubecarry::checks::route_sync_cmd() {
  echo "$(kubecarry::checks::curl_cmd) https://$(kubecarry::cluster::gateway_ip):10258/metrics | $(kubecarry::checks::kcmetric) route_controller_route_sync_total"
}

# Prints "<destination> via <next hop>" for each route of the provider.
kubecarry::checks::routes_cmd() {
  printf '%s\n' "ip -j -n $(kubecarry::cluster::netns) route show table ${KUBECARRY_ROUTE_TABLE} proto ${KUBECARRY_ROUTE_PROTOCOL} | $(kubecarry::json::bin) -allow-missing '{range [*]}{.dst} via {.gateway}{\"\\n\"}{end}'"
}

# Prints, per Node, "<name> <provider ID> <InternalIP> <zone> <Pod CIDR>
# taints: <taint keys>".
kubecarry::checks::nodes_cmd() {
  printf '%s\n' "$(kubecarry::checks::curl_cmd) $(kubecarry::cluster::apiserver_url 1)/api/v1/nodes | $(kubecarry::json::bin) -allow-missing '{range .items[*]}{.metadata.name} {.spec.providerID} {.status.addresses[?(@.type==\"InternalIP\")].address} {.metadata.labels.topology\\.kubernetes\\.io/zone} {.spec.podCIDR} taints: {.spec.taints[*].key}{\"\\n\"}{end}'"
}

kubecarry::checks::upstream_only_cmd() {
  echo "$(kubecarry::checks::curl_cmd) $(kubecarry::cluster::apiserver_url 1)/apis/admissionregistration.k8s.io/v1/mutatingadmissionpolicies | $(kubecarry::json::bin) .kind"
}

kubecarry::checks::upstream_reverse_cmd() {
  echo "$(kubecarry::checks::curl_cmd) $(kubecarry::cluster::upstream_peer_url)/apis/${UPSTREAM_PEER_DISABLED_API}/namespaces/default/jobs | $(kubecarry::json::bin) .kind"
}

kubecarry::cluster::print_summary() {
  local logs i
  logs="$(kubecarry::cluster::logs)"
  cat <<EOF

kubecarry local cluster is running. Logs: ${logs}/<component>.log

EOF
  for ((i = 1; i <= API_SERVERS; i++)); do
    printf '  %-26s %s%s\n' "apiserver-${i}" "$(kubecarry::cluster::apiserver_url "${i}")" \
      "$( ((i == OLDER_APISERVER)) && echo "  (older: without ${OLDER_DISABLED_API})")"
  done
  if [[ -n "${UPSTREAM_PEER}" ]]; then
    printf '  %-26s %s  (upstream %s, without %s)\n' apiserver-upstream "$(kubecarry::cluster::upstream_peer_url)" "${UPSTREAM_PEER}" "${UPSTREAM_PEER_DISABLED_API}"
  fi
  cat <<EOF
  etcd                       http://127.0.0.1:${ETCD_PORT}
  kube-controller-manager    https://$(kubecarry::cluster::gateway_ip):10257
  cloud-controller-manager   https://$(kubecarry::cluster::gateway_ip):10258
  kube-scheduler             https://$(kubecarry::cluster::gateway_ip):10259  (upstream ${KUBECARRY_NODE_VERSION})
EOF
  local j
  for ((j = 1; j <= REAL_NODES; j++)); do
    printf '  %-26s %s\n' "node-${j}" "kubelet (upstream ${KUBECARRY_NODE_VERSION}), containerd and kube-proxy (nftables," \
      "" "--allow-service-external-ips=${ALLOW_SERVICE_EXTERNAL_IPS}) in network namespace" \
      "" "$(kubecarry::cluster::netns "${j}"), $(kubecarry::cluster::node_ip "${j}"), Pod CIDR $(kubecarry::node::pod_cidr "${j}")"
  done
  if ((REAL_NODES < NODES)); then
    printf '  %-26s %s\n' "node-$((REAL_NODES + 1)) ... node-${NODES}" "registered only (no kubelet, tainted ${KUBECARRY_NO_KUBELET_TAINT})," \
      "" "but get Pod CIDRs and routes"
  fi
  cat <<EOF
  CoreDNS                    ${KUBECARRY_DNS_SERVICE_IP}
  Images                     $(kubecarry::images::ref pause), $(kubecarry::images::ref echoserver), $(kubecarry::images::ref coredns)
                             (built here, imported into containerd: use imagePullPolicy: Never or IfNotPresent)

  export KUBECONFIG=$(kubecarry::cluster::kubeconfig) PATH=${LOCAL_CLUSTER_DIR}/bin:\$PATH CONTAINER_RUNTIME_ENDPOINT=unix://$(kubecarry::node::containerd_socket 1)
  kubectl get pods -A -o wide
  kubectl create deployment echo --image=$(kubecarry::images::ref echoserver) --replicas=2
  crictl ps

Checks to paste into another shell:

EOF
  if ((OLDER_APISERVER > 0)); then
    cat <<EOF
  # 1. apiserver-${OLDER_APISERVER} does not serve ${OLDER_DISABLED_API}; it answers through the peer proxy
  $(kubecarry::checks::proxied_get_cmd)
  $(kubecarry::checks::rerouted_metric_cmd)

  # 2. its /apis: the merged view of all peers lists ${OLDER_DISABLED_API%%/*}, its own view does not (both list apps)
  $(kubecarry::checks::discovery_cmd "")
  $(kubecarry::checks::discovery_cmd ";profile=nopeer")

EOF
  fi
  cat <<EOF
  # 3. the CCM initialised the Nodes from the inventory (provider ID, InternalIP, zone; no uninitialized taint),
  #    the route controller's syncs with the cloud, and the routes it made to their Pod CIDRs
  $(kubecarry::checks::nodes_cmd)
  $(kubecarry::checks::route_sync_cmd)
  $(kubecarry::checks::routes_cmd)

EOF
  if [[ -n "${UPSTREAM_PEER}" ]]; then
    cat <<EOF
  # 4. only upstream ${UPSTREAM_PEER} serves mutatingadmissionpolicies: kubecarry's apiserver-1 proxies to it
  $(kubecarry::checks::upstream_only_cmd)
  #    and the upstream peer proxies ${UPSTREAM_PEER_DISABLED_API} to kubecarry
  $(kubecarry::checks::upstream_reverse_cmd)

EOF
  fi
  echo "Press Ctrl-C to stop everything (or run hack/local-up-cluster.sh --down from another shell)."
}

# kubecarry::checks::eventually <description> <command...> polls until the
# command succeeds or KUBECARRY_CHECK_TIMEOUT passes; a failure prints what
# the last attempt said on stderr.
kubecarry::checks::eventually() {
  local what="$1"
  shift
  local deadline=$((SECONDS + KUBECARRY_CHECK_TIMEOUT)) last
  last="$(mktemp)"
  until "$@" 2>"${last}"; do
    if ((SECONDS >= deadline)); then
      kubecarry::log::error "check failed after ${KUBECARRY_CHECK_TIMEOUT}s: ${what}; the last attempt: $(cat "${last}")"
      rm -f "${last}"
      return 1
    fi
    sleep 1
  done
  rm -f "${last}"
  kubecarry::log::status "ok: ${what}"
}

# kubecarry::checks::run <command line> runs a printed command line and
# prints its output; when it fails (an HTTP error, an answer kcjson or
# kcmetric cannot read) it says so on stderr, with the output.
kubecarry::checks::run() {
  local out
  if ! out="$(bash -o pipefail -c "$1" 2>&1)"; then
    echo "\`$1\` failed: ${out}" >&2
    return 1
  fi
  echo "${out}"
}

# kubecarry::checks::expect <what> <want> <got> succeeds if got equals
# want, and says what it got on stderr otherwise.
kubecarry::checks::expect() {
  [[ "$3" == "$2" ]] && return 0
  echo "$1: want ${2@Q}, got ${3@Q}" >&2
  return 1
}

kubecarry::checks::proxied_get() {
  local kind total
  kind="$(kubecarry::checks::run "$(kubecarry::checks::proxied_get_cmd)")" &&
    kubecarry::checks::expect "kind of the answer" JobList "${kind}" &&
    total="$(kubecarry::checks::run "$(kubecarry::checks::rerouted_metric_cmd)")" || return 1
  # The proxied GET above is counted, so the counter is at least 1.
  if ! [[ "${total}" =~ ^[0-9]+$ ]] || ((total == 0)); then
    echo "apiserver_rerouted_request_total of ${OLDER_DISABLED_API%%/*} with code 200 is ${total@Q}, want at least 1" >&2
    return 1
  fi
}

# Both views must list apps (which every server serves), so a document
# that lists nothing cannot pass as "${OLDER_DISABLED_API%%/*} not listed".
kubecarry::checks::discovery() {
  local group="${OLDER_DISABLED_API%%/*}" merged local_view
  merged="$(kubecarry::checks::run "$(kubecarry::checks::discovery_cmd "")")" || return 1
  local_view="$(kubecarry::checks::run "$(kubecarry::checks::discovery_cmd ";profile=nopeer")")" || return 1
  if ! grep -qx apps <<<"${merged}" || ! grep -qx apps <<<"${local_view}"; then
    echo "apps missing from /apis: merged [${merged//$'\n'/ }], profile=nopeer [${local_view//$'\n'/ }]" >&2
    return 1
  fi
  grep -qx "${group}" <<<"${merged}" ||
    { echo "merged /apis does not list ${group}: [${merged//$'\n'/ }]" >&2; return 1; }
  if grep -qx "${group}" <<<"${local_view}"; then
    echo "profile=nopeer /apis lists ${group}, which the server does not serve: [${local_view//$'\n'/ }]" >&2
    return 1
  fi
}

# kubecarry::checks::nodes: every Node got its provider ID, InternalIP and
# zone from the kubecarry inventory (cloud_config), and lost the
# uninitialized taint it was registered with.
kubecarry::checks::nodes() {
  local out j line want
  out="$(kubecarry::checks::run "$(kubecarry::checks::nodes_cmd)")" || return 1
  for ((j = 1; j <= NODES; j++)); do
    line="$(grep "^node-${j} " <<<"${out}")" || { echo "no Node node-${j}: ${out}" >&2; return 1; }
    want="node-${j} kubecarry://node-${j} $(kubecarry::cluster::node_ip "${j}") local-a "
    [[ "${line}" == "${want}"* ]] ||
      { echo "Node node-${j} is not initialised from the inventory: want \"${want}...\", got \"${line}\"" >&2; return 1; }
    if [[ "${line#*taints:}" == *node.cloudprovider.kubernetes.io/uninitialized* ]]; then
      echo "Node node-${j} still has the uninitialized taint: ${line}" >&2
      return 1
    fi
  done
}

# kubecarry::checks::routes: the route controller synced with the cloud,
# and the provider routes exactly each Node's Pod CIDR via its InternalIP.
kubecarry::checks::routes() {
  local syncs node_list routes want="" j cidr
  syncs="$(kubecarry::checks::run "$(kubecarry::checks::route_sync_cmd)")" || return 1
  if ! [[ "${syncs}" =~ ^[0-9]+$ ]] || ((syncs == 0)); then
    echo "route_controller_route_sync_total is ${syncs@Q}, want at least 1" >&2
    return 1
  fi
  node_list="$(kubecarry::checks::run "$(kubecarry::checks::nodes_cmd)")" || return 1
  for ((j = 1; j <= NODES; j++)); do
    cidr="$(grep "^node-${j} " <<<"${node_list}" | cut -d' ' -f5)"
    [[ -n "${cidr}" && "${cidr}" != taints: ]] || { echo "Node node-${j} has no Pod CIDR yet" >&2; return 1; }
    want+="${cidr} via $(kubecarry::cluster::node_ip "${j}")"$'\n'
  done
  routes="$(kubecarry::checks::run "$(kubecarry::checks::routes_cmd)")" || return 1
  kubecarry::checks::expect "routes of protocol ${KUBECARRY_ROUTE_PROTOCOL} in $(kubecarry::cluster::netns)" \
    "$(LC_ALL=C sort <<<"${want%$'\n'}")" "$(LC_ALL=C sort <<<"${routes}")"
}

# kubecarry::checks::ruleset_names <ip> succeeds if kube-proxy's nftables
# table names the whole address ip (10.0.0.2, not 10.0.0.25).
kubecarry::checks::ruleset_names() {
  local rules
  rules="$(ip netns exec "$(kubecarry::cluster::netns)" nft list table ip kube-proxy)" || return 1
  [[ "${rules}" =~ (^|[^0-9.])${1//./\\.}($|[^0-9]) ]]
}

# kubecarry::checks::external_ip_ignored creates a Service with an
# externalIP (backed by the Pods of kubecarry::podchecks::deployment) and
# checks that kube-proxy, started with
# --allow-service-external-ips=false, programs its ClusterIP (what must
# keep working) but not the externalIP, and reports it in its gauge; the
# apiserver warns on create.
kubecarry::checks::external_ip_ignored() {
  local url headers body cluster_ip external_ip="${KUBECARRY_CHECK_EXTERNAL_IP}"
  url="$(kubecarry::cluster::apiserver_url 1)"
  headers="$(mktemp)"
  body="$(kubecarry::cluster::curl -D "${headers}" -X POST -H 'Content-Type: application/json' \
    "${url}/api/v1/namespaces/default/services" \
    --data '{"apiVersion":"v1","kind":"Service","metadata":{"name":"kc-external-ip"},"spec":{"selector":{"app":"kc-echo"},"ports":[{"port":80,"targetPort":8080,"protocol":"TCP"}],"externalIPs":["'"${external_ip}"'"]}}')" ||
    { kubecarry::log::error "creating the Service failed: ${body}"; rm -f "${headers}"; return 1; }
  grep -qi '^warning: 299 - "spec.externalIPs is deprecated' "${headers}" ||
    { kubecarry::log::error "the apiserver did not warn about spec.externalIPs: $(cat "${headers}")"; rm -f "${headers}"; return 1; }
  rm -f "${headers}"
  kubecarry::log::status "ok: the apiserver warns that spec.externalIPs is deprecated"
  if ! cluster_ip="$(kubecarry::json::get .spec.clusterIP <<<"${body}")" || [[ -z "${cluster_ip}" ]]; then
    kubecarry::log::error "the Service got no clusterIP: ${body}"
    return 1
  fi

  kubecarry::checks::eventually "kube-proxy programs the Service's ClusterIP ${cluster_ip}" \
    kubecarry::checks::ruleset_names "${cluster_ip}" || return 1
  if kubecarry::checks::ruleset_names "${external_ip}"; then
    kubecarry::log::error "kube-proxy's ruleset names the externalIP ${external_ip} although --allow-service-external-ips=false"
    return 1
  fi
  kubecarry::log::status "ok: kube-proxy's ruleset does not name the externalIP ${external_ip}"
  kubecarry::checks::eventually "kubeproxy_services_external_ips_ignored is 1" \
    kubecarry::checks::external_ips_ignored_is 1
}

kubecarry::checks::external_ips_ignored_is() {
  local got
  got="$(kubecarry::checks::run "ip netns exec $(kubecarry::cluster::netns) curl -sS --fail-with-body http://127.0.0.1:10249/metrics | $(kubecarry::checks::kcmetric) kubeproxy_services_external_ips_ignored")" &&
    kubecarry::checks::expect kubeproxy_services_external_ips_ignored "$1" "${got}"
}

# kubecarry::checks::kind_is <kind> <command line>: the command prints kind.
kubecarry::checks::kind_is() {
  local got
  got="$(kubecarry::checks::run "$2")" && kubecarry::checks::expect "kind of the answer" "$1" "${got}"
}

# kubecarry::cluster::run_checks runs every printed check (and the
# externalIPs one) against the running cluster; the first failure ends it.
kubecarry::cluster::run_checks() {
  if ((OLDER_APISERVER > 0)); then
    kubecarry::checks::eventually "apiserver-${OLDER_APISERVER} answers ${OLDER_DISABLED_API} Jobs through the peer proxy" kubecarry::checks::proxied_get
    kubecarry::checks::eventually "merged /apis of apiserver-${OLDER_APISERVER} lists ${OLDER_DISABLED_API%%/*}, profile=nopeer does not (both list apps)" kubecarry::checks::discovery
  fi
  kubecarry::checks::eventually "the cloud-controller-manager initialised ${NODES} Nodes from the inventory" kubecarry::checks::nodes
  kubecarry::checks::eventually "route_controller_route_sync_total counts syncs and each Node's Pod CIDR is routed via its InternalIP in $(kubecarry::cluster::netns)" kubecarry::checks::routes
  kubecarry::checks::external_ip_ignored
  if [[ -n "${UPSTREAM_PEER}" ]]; then
    kubecarry::checks::eventually "apiserver-1 answers mutatingadmissionpolicies through upstream ${UPSTREAM_PEER}" \
      kubecarry::checks::kind_is MutatingAdmissionPolicyList "$(kubecarry::checks::upstream_only_cmd)"
    kubecarry::checks::eventually "upstream ${UPSTREAM_PEER} answers ${UPSTREAM_PEER_DISABLED_API} Jobs through kubecarry" \
      kubecarry::checks::kind_is JobList "$(kubecarry::checks::upstream_reverse_cmd)"
  fi
  kubecarry::podchecks::run
  kubecarry::log::status "every check passed"
}
