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

# kubecarry::checks::curl_cmd prints the admin curl prefix with the paths
# spelled out, for pasting into another shell.
kubecarry::checks::curl_cmd() {
  local pki
  pki="$(kubecarry::cluster::pki)"
  echo "curl -sS --cacert ${pki}/ca.crt --cert ${pki}/admin.crt --key ${pki}/admin.key"
}

readonly KUBECARRY_DISCOVERY_ACCEPT='application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList'

# The older server (or, without one, the first) is the one the checks ask.
kubecarry::checks::asked_server() {
  local n="${OLDER_APISERVER}"
  ((n > 0)) || n=1
  kubecarry::cluster::apiserver_url "${n}"
}

kubecarry::checks::proxied_get_cmd() {
  echo "$(kubecarry::checks::curl_cmd) $(kubecarry::checks::asked_server)/apis/${OLDER_DISABLED_API}/namespaces/default/jobs"
}

kubecarry::checks::rerouted_metric_cmd() {
  echo "$(kubecarry::checks::curl_cmd) $(kubecarry::checks::asked_server)/metrics | grep '^apiserver_rerouted_request_total'"
}

# <profile suffix> is "" for the merged view or ";profile=nopeer".
kubecarry::checks::discovery_cmd() {
  echo "$(kubecarry::checks::curl_cmd) -H 'Accept: ${KUBECARRY_DISCOVERY_ACCEPT}$1' $(kubecarry::checks::asked_server)/apis | grep -c '\"name\": \"${OLDER_DISABLED_API%%/*}\"'"
}

kubecarry::checks::route_sync_cmd() {
  echo "$(kubecarry::checks::curl_cmd) https://$(kubecarry::cluster::gateway_ip):10258/metrics | grep '^route_controller_route_sync_total'"
}

kubecarry::checks::routes_cmd() {
  echo "ip -n $(kubecarry::cluster::netns) route show proto ${KUBECARRY_ROUTE_PROTOCOL}"
}

kubecarry::checks::upstream_only_cmd() {
  echo "$(kubecarry::checks::curl_cmd) $(kubecarry::cluster::apiserver_url 1)/apis/admissionregistration.k8s.io/v1/mutatingadmissionpolicies"
}

kubecarry::checks::upstream_reverse_cmd() {
  echo "$(kubecarry::checks::curl_cmd) $(kubecarry::cluster::upstream_peer_url)/apis/${UPSTREAM_PEER_DISABLED_API}/namespaces/default/jobs"
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
  kube-proxy (node-1)        nftables in network namespace $(kubecarry::cluster::netns), --allow-service-external-ips=${ALLOW_SERVICE_EXTERNAL_IPS}
  Nodes                      node-1 ... node-${NODES}

  export KUBECONFIG=$(kubecarry::cluster::kubeconfig)

Checks to paste into another shell:

EOF
  if ((OLDER_APISERVER > 0)); then
    cat <<EOF
  # 1. apiserver-${OLDER_APISERVER} does not serve ${OLDER_DISABLED_API}; it answers through the peer proxy
  $(kubecarry::checks::proxied_get_cmd)
  $(kubecarry::checks::rerouted_metric_cmd)

  # 2. its /apis: the merged view of all peers lists the group (1), its own view does not (0)
  $(kubecarry::checks::discovery_cmd "")
  $(kubecarry::checks::discovery_cmd ";profile=nopeer")

EOF
  fi
  cat <<EOF
  # 3. the route controller's syncs with the cloud, and the routes it made
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
# command succeeds or KUBECARRY_CHECK_TIMEOUT passes.
kubecarry::checks::eventually() {
  local what="$1"
  shift
  local deadline=$((SECONDS + KUBECARRY_CHECK_TIMEOUT))
  until "$@"; do
    if ((SECONDS >= deadline)); then
      kubecarry::log::error "check failed after ${KUBECARRY_CHECK_TIMEOUT}s: ${what}"
      return 1
    fi
    sleep 1
  done
  kubecarry::log::status "ok: ${what}"
}

# kubecarry::checks::output_matches <extended regexp> <command line> runs a
# printed command line and succeeds if its output matches.
kubecarry::checks::output_matches() {
  local re="$1" cmd="$2" out
  out="$(bash -c "${cmd}" 2>&1)" || true
  [[ "${out}" =~ ${re} ]]
}

kubecarry::checks::rerouted_total() {
  bash -c "$(kubecarry::checks::rerouted_metric_cmd)" 2>/dev/null |
    awk -v g="${OLDER_DISABLED_API%%/*}" '$0 ~ "group=\"" g "\"" && $0 ~ "code=\"200\"" {s += $NF} END {print s + 0}'
}

kubecarry::checks::proxied_get() {
  kubecarry::checks::output_matches '"kind": *"JobList"' "$(kubecarry::checks::proxied_get_cmd)" &&
    (($(kubecarry::checks::rerouted_total) > 0))
}

kubecarry::checks::discovery() {
  kubecarry::checks::output_matches '^1$' "$(kubecarry::checks::discovery_cmd "")" &&
    kubecarry::checks::output_matches '^0$' "$(kubecarry::checks::discovery_cmd ";profile=nopeer")"
}

kubecarry::checks::routes() {
  local syncs routes
  syncs="$(bash -c "$(kubecarry::checks::route_sync_cmd)" 2>/dev/null | awk '{print $NF}')"
  routes="$(bash -c "$(kubecarry::checks::routes_cmd)" | grep -c ' via ' || true)"
  [[ -n "${syncs}" ]] && ((${syncs%.*} >= 1 && routes == NODES))
}

# kubecarry::checks::external_ip_ignored creates a Service with an
# externalIP and checks that kube-proxy, started with
# --allow-service-external-ips=false, programs its ClusterIP but not the
# externalIP, and reports it in its gauge; the apiserver warns on create.
kubecarry::checks::external_ip_ignored() {
  local url netns headers body cluster_ip
  url="$(kubecarry::cluster::apiserver_url 1)"
  netns="$(kubecarry::cluster::netns)"
  headers="$(mktemp)"
  body="$(kubecarry::cluster::curl -D "${headers}" -X POST -H 'Content-Type: application/json' \
    "${url}/api/v1/namespaces/default/services" \
    --data '{"apiVersion":"v1","kind":"Service","metadata":{"name":"kc-external-ip"},"spec":{"ports":[{"port":80,"protocol":"TCP"}],"externalIPs":["203.0.113.10"]}}')" ||
    { kubecarry::log::error "creating the Service failed: ${body}"; return 1; }
  grep -qi '^warning: 299 - "spec.externalIPs is deprecated' "${headers}" ||
    { kubecarry::log::error "the apiserver did not warn about spec.externalIPs:"; cat "${headers}" >&2; rm -f "${headers}"; return 1; }
  rm -f "${headers}"
  kubecarry::log::status "ok: the apiserver warns that spec.externalIPs is deprecated"
  cluster_ip="$(sed -n 's/.*"clusterIP": *"\([0-9.]*\)".*/\1/p' <<<"${body}" | head -n1)"
  [[ -n "${cluster_ip}" ]] || { kubecarry::log::error "the Service got no clusterIP"; return 1; }

  kubecarry::checks::eventually "kube-proxy programs the Service's ClusterIP ${cluster_ip}" \
    kubecarry::checks::output_matches "${cluster_ip//./\\.}" "ip netns exec ${netns} nft list table ip kube-proxy" || return 1
  if kubecarry::checks::output_matches '203\.0\.113\.10' "ip netns exec ${netns} nft list table ip kube-proxy"; then
    kubecarry::log::error "kube-proxy's ruleset names the externalIP 203.0.113.10 although --allow-service-external-ips=false"
    return 1
  fi
  kubecarry::log::status "ok: kube-proxy's ruleset does not name the externalIP 203.0.113.10"
  kubecarry::checks::eventually "kubeproxy_services_external_ips_ignored is 1" \
    kubecarry::checks::output_matches $'(^|\n)kubeproxy_services_external_ips_ignored 1(\n|$)' \
    "ip netns exec ${netns} curl -sS http://127.0.0.1:10249/metrics"
}

# kubecarry::cluster::run_checks runs every printed check (and the
# externalIPs one) against the running cluster; the first failure ends it.
kubecarry::cluster::run_checks() {
  if ((OLDER_APISERVER > 0)); then
    kubecarry::checks::eventually "apiserver-${OLDER_APISERVER} answers ${OLDER_DISABLED_API} Jobs through the peer proxy" kubecarry::checks::proxied_get
    kubecarry::checks::eventually "merged /apis of apiserver-${OLDER_APISERVER} lists ${OLDER_DISABLED_API%%/*}, profile=nopeer does not" kubecarry::checks::discovery
  fi
  kubecarry::checks::eventually "route_controller_route_sync_total counts syncs and ${NODES} routes exist in $(kubecarry::cluster::netns)" kubecarry::checks::routes
  kubecarry::checks::external_ip_ignored
  if [[ -n "${UPSTREAM_PEER}" ]]; then
    kubecarry::checks::eventually "apiserver-1 answers mutatingadmissionpolicies through upstream ${UPSTREAM_PEER}" \
      kubecarry::checks::output_matches '"kind": *"MutatingAdmissionPolicyList"' "$(kubecarry::checks::upstream_only_cmd)"
    kubecarry::checks::eventually "upstream ${UPSTREAM_PEER} answers ${UPSTREAM_PEER_DISABLED_API} Jobs through kubecarry" \
      kubecarry::checks::output_matches '"kind": *"JobList"' "$(kubecarry::checks::upstream_reverse_cmd)"
  fi
  kubecarry::log::status "every check passed"
}
