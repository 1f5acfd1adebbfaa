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

# The checks of hack/local-up-cluster.sh --test that run real Pods on
# node-1, with the built kubectl: a Deployment behind a Service through
# kube-proxy, DNS from a Pod, externalIPs off and on, a Job through the
# older apiserver and its garbage collection, kubectl against every server,
# webhooks and an APIService served by a Pod through every server.

readonly KUBECARRY_CHECK_EXTERNAL_IP=203.0.113.10

# kubecarry::podchecks::kubectl_at <server URL> <args...>
kubecarry::podchecks::kubectl_at() {
  local server="$1"
  shift
  kubecarry::addons::kubectl --server="${server}" --request-timeout=20s "$@"
}

# kubecarry::podchecks::apply <manifest on stdin> applies through apiserver-1.
kubecarry::podchecks::apply() {
  local out
  out="$(kubecarry::addons::kubectl apply -f - 2>&1)" || { kubecarry::log::error "kubectl apply failed: ${out}"; return 1; }
}

# kubecarry::podchecks::http_from_node <ip> <port>: GET from node-1's
# namespace; prints the answer (a Pod name).
kubecarry::podchecks::http_from_node() {
  kubecarry::node::in_netns 1 curl -sS --fail --max-time 3 "http://$1:$2/"
}

# kubecarry::podchecks::answer_is_a_backend <answer>: the answer names a
# Pod of Deployment kc-echo.
kubecarry::podchecks::answer_is_a_backend() {
  local pods
  pods="$(kubecarry::addons::kubectl get pods -l app=kc-echo -o jsonpath='{range .items[*]}{.metadata.name}{"\n"}{end}')" || return 1
  grep -qxF -- "$1" <<<"${pods}" || { echo "answer '$1' is not one of the Pods [${pods//$'\n'/ }]" >&2; return 1; }
}

# kubecarry::podchecks::pod_answers <Pod IP> <name>: the Pod answers from
# node-1 with its own name.
kubecarry::podchecks::pod_answers() {
  local answer
  answer="$(kubecarry::podchecks::http_from_node "$1" 8080)" || return 1
  [[ "${answer}" == "$2" ]] || { echo "answer '${answer}' is not '$2'" >&2; return 1; }
}

kubecarry::podchecks::service_answers() {
  local answer
  answer="$(kubecarry::podchecks::http_from_node "$1" "$2")" && kubecarry::podchecks::answer_is_a_backend "${answer}"
}

# kubecarry::podchecks::deployment runs an echoserver Pod on every real
# node (at least two), reaches each from node-1 at its Pod IP (across the
# nodes: the Pod CIDR routes) and them through the Service's ClusterIP.
kubecarry::podchecks::deployment() {
  local replicas=$((REAL_NODES < 2 ? 2 : REAL_NODES))
  kubecarry::podchecks::apply <<YAML || return 1
apiVersion: apps/v1
kind: Deployment
metadata: {name: kc-echo, namespace: default}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: kc-echo}}
  template:
    metadata: {labels: {app: kc-echo}}
    spec:
      # One per real node; the registered-only Nodes are tainted and so
      # not counted (nodeTaintsPolicy).
      topologySpreadConstraints:
      - {maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: DoNotSchedule,
         nodeTaintsPolicy: Honor, labelSelector: {matchLabels: {app: kc-echo}}}
      containers:
      - name: echoserver
        image: $(kubecarry::images::ref echoserver)
        imagePullPolicy: Never
        env:
        - name: POD_NAME
          valueFrom: {fieldRef: {fieldPath: metadata.name}}
        ports: [{containerPort: 8080}]
        readinessProbe: {httpGet: {path: /healthz, port: 8080}, periodSeconds: 2}
---
apiVersion: v1
kind: Service
metadata: {name: kc-echo, namespace: default}
spec:
  selector: {app: kc-echo}
  ports: [{name: http, port: 80, targetPort: 8080}]
YAML
  local out
  if ! out="$(kubecarry::addons::kubectl rollout status deployment/kc-echo --timeout="${KUBECARRY_CHECK_TIMEOUT}s" 2>&1)"; then
    kubecarry::log::error "Deployment kc-echo did not become available: ${out}"
    kubecarry::addons::kubectl get pods -o wide >&2 || true
    return 1
  fi
  local pods
  pods="$(kubecarry::addons::kubectl get pods -l app=kc-echo -o jsonpath='{range .items[*]}{.metadata.name} {.spec.nodeName} {.status.podIP}{"\n"}{end}')" || return 1
  kubecarry::log::status "ok: Deployment kc-echo is available: ${pods//$'\n'/; }"
  local name node pod_ip nodes=""
  while read -r name node pod_ip; do
    [[ -n "${name}" ]] || continue
    nodes+=" ${node}"
    kubecarry::checks::eventually "Pod ${name} on ${node} answers from node-1 at its Pod IP ${pod_ip}, with its name" \
      kubecarry::podchecks::pod_answers "${pod_ip}" "${name}" || return 1
  done <<<"${pods}"
  local j
  for ((j = 1; j <= REAL_NODES; j++)); do
    [[ " ${nodes} " == *" node-${j} "* ]] || { kubecarry::log::error "no kc-echo Pod runs on node-${j} (they run on${nodes})"; return 1; }
  done
  local ip
  ip="$(kubecarry::addons::kubectl get service kc-echo -o jsonpath='{.spec.clusterIP}')" || return 1
  kubecarry::checks::eventually "Service kc-echo answers on its ClusterIP ${ip} from node-1, through kube-proxy, with a Pod's name" \
    kubecarry::podchecks::service_answers "${ip}" 80
}

# kubecarry::podchecks::dns resolves the API's and kc-echo's names from a
# Pod through the kube-dns Service; kc-echo must resolve to its ClusterIP.
kubecarry::podchecks::dns() {
  kubecarry::podchecks::apply <<YAML || return 1
apiVersion: v1
kind: Pod
metadata: {name: kc-dns-lookup, namespace: default}
spec:
  restartPolicy: OnFailure
  containers:
  - name: lookup
    image: $(kubecarry::images::ref echoserver)
    imagePullPolicy: Never
    args: [--lookup, "kubernetes.default.svc.cluster.local,kc-echo.default.svc.cluster.local,kc-echo"]
YAML
  local out ip
  if ! out="$(kubecarry::addons::kubectl wait --for=jsonpath='{.status.phase}'=Succeeded pod/kc-dns-lookup --timeout="${KUBECARRY_CHECK_TIMEOUT}s" 2>&1)"; then
    kubecarry::log::error "Pod kc-dns-lookup did not resolve the names: ${out}; its log: $(kubecarry::addons::kubectl logs kc-dns-lookup 2>&1)"
    return 1
  fi
  out="$(kubecarry::addons::kubectl logs kc-dns-lookup)" || return 1
  ip="$(kubecarry::addons::kubectl get service kc-echo -o jsonpath='{.spec.clusterIP}')" || return 1
  kubecarry::checks::expect "what the Pod resolved" \
    "kubernetes.default.svc.cluster.local 10.0.0.1"$'\n'"kc-echo.default.svc.cluster.local ${ip}"$'\n'"kc-echo ${ip}" "${out}" || return 1
  kubecarry::log::status "ok: a Pod resolves kubernetes.default.svc.cluster.local, kc-echo.default.svc.cluster.local and kc-echo (search path) through CoreDNS"
  kubecarry::addons::kubectl delete pod kc-dns-lookup --wait=false >/dev/null
}

# kubecarry::podchecks::no_answer <ip> <port>: a GET from the host gets no
# answer within 3 s.
kubecarry::podchecks::no_answer() {
  local out
  if out="$(curl -sS --max-time 3 "http://$1:$2/" 2>&1)"; then
    echo "http://$1:$2/ answered: ${out}" >&2
    return 1
  fi
}

kubecarry::podchecks::external_answers() {
  local answer
  answer="$(curl -sS --fail --max-time 3 "http://$1:$2/")" && kubecarry::podchecks::answer_is_a_backend "${answer}"
}

# kubecarry::podchecks::restart_kube_proxy <true|false> starts node-1's
# kube-proxy (the node the externalIP is routed to) again with another
# --allow-service-external-ips.
kubecarry::podchecks::restart_kube_proxy() {
  kubecarry::cluster::stop "$(kubecarry::node::process kube-proxy 1)"
  # shellcheck disable=SC2034 # kubecarry::cluster::kube_proxy reads it.
  ALLOW_SERVICE_EXTERNAL_IPS="$1"
  kubecarry::cluster::kube_proxy 1
}

# kubecarry::podchecks::external_ips: Service kc-external-ip (made by
# kubecarry::checks::external_ip_ignored, backed by kc-echo) with its
# externalIP routed from the host to node-1: with kube-proxy's
# --allow-service-external-ips=false the externalIP gets no answer while
# the ClusterIP does; after kube-proxy restarts with true it answers.
kubecarry::podchecks::external_ips() {
  local ip="${KUBECARRY_CHECK_EXTERNAL_IP}" cluster_ip
  cluster_ip="$(kubecarry::addons::kubectl get service kc-external-ip -o jsonpath='{.spec.clusterIP}')" || return 1
  # Through the host end of node-1's link, so it goes with the namespace.
  ip route replace "${ip}/32" via "$(kubecarry::cluster::node_ip 1)" dev "$(kubecarry::cluster::host_link)"
  kubecarry::checks::eventually "kc-external-ip answers on its ClusterIP ${cluster_ip} with --allow-service-external-ips=false" \
    kubecarry::podchecks::service_answers "${cluster_ip}" 80 || return 1
  kubecarry::podchecks::no_answer "${ip}" 80 || return 1
  kubecarry::log::status "ok: its externalIP ${ip}, routed to node-1, gets no answer"
  kubecarry::podchecks::restart_kube_proxy true
  kubecarry::checks::eventually "after kube-proxy restarts with --allow-service-external-ips=true the externalIP ${ip} answers with a Pod's name" \
    kubecarry::podchecks::external_answers "${ip}" 80 || return 1
  kubecarry::checks::eventually "kubeproxy_services_external_ips_ignored is 0" kubecarry::checks::external_ips_ignored_is 0
}

kubecarry::podchecks::job_pods() {
  kubecarry::addons::kubectl get pods -l batch.kubernetes.io/job-name=kc-job -o jsonpath='{range .items[*]}{.metadata.name}={.status.phase}{"\n"}{end}'
}

kubecarry::podchecks::job_pods_gone() {
  local pods
  pods="$(kubecarry::podchecks::job_pods)" || return 1
  [[ -z "${pods}" ]] || { echo "Pods of kc-job left: ${pods//$'\n'/ }" >&2; return 1; }
}

# kubecarry::podchecks::job_through_older: a Job created, watched and
# deleted through the apiserver that does not serve batch/v1 (all proxied
# to a peer) runs a real Pod to completion, and the garbage collector
# removes its Pods after the delete.
kubecarry::podchecks::job_through_older() {
  local older out pods
  older="$(kubecarry::checks::asked_server)"
  if ! out="$(kubecarry::podchecks::kubectl_at "${older}" create -f - 2>&1 <<YAML
apiVersion: batch/v1
kind: Job
metadata: {name: kc-job, namespace: default}
spec:
  backoffLimit: 2
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: lookup
        image: $(kubecarry::images::ref echoserver)
        imagePullPolicy: Never
        args: [--lookup, kubernetes.default.svc.cluster.local]
YAML
  )"; then
    kubecarry::log::error "creating Job kc-job through ${older} failed: ${out}"
    return 1
  fi
  if ! out="$(kubecarry::podchecks::kubectl_at "${older}" wait --for=condition=Complete job/kc-job --timeout="${KUBECARRY_CHECK_TIMEOUT}s" 2>&1)"; then
    kubecarry::log::error "Job kc-job did not complete: ${out}; its Pods: $(kubecarry::podchecks::job_pods 2>&1)"
    return 1
  fi
  out="$(kubecarry::podchecks::kubectl_at "${older}" get jobs kc-job -o jsonpath='{.status.succeeded}')" || return 1
  kubecarry::checks::expect "kubectl get jobs through ${older}: .status.succeeded of kc-job" 1 "${out}" || return 1
  pods="$(kubecarry::podchecks::job_pods)" || return 1
  [[ "${pods}" == kc-job-*=Succeeded ]] || { kubecarry::log::error "kc-job's Pods: want one Succeeded, got ${pods@Q}"; return 1; }
  kubecarry::log::status "ok: Job kc-job, created through ${older}, ran Pod ${pods%=*} to completion"
  out="$(kubecarry::podchecks::kubectl_at "${older}" delete job kc-job --cascade=background 2>&1)" ||
    { kubecarry::log::error "deleting Job kc-job through ${older} failed: ${out}"; return 1; }
  kubecarry::checks::eventually "after the Job's delete through ${older}, the garbage collector removed its Pod" \
    kubecarry::podchecks::job_pods_gone
}

# kubecarry::podchecks::apiserver_urls prints the URL of every
# kube-apiserver of the cluster, one per line, the upstream peer included.
kubecarry::podchecks::apiserver_urls() {
  local i
  for ((i = 1; i <= API_SERVERS; i++)); do kubecarry::cluster::apiserver_url "${i}"; done
  [[ -z "${UPSTREAM_PEER}" ]] || kubecarry::cluster::upstream_peer_url
}

# kubecarry::podchecks::extensions: an admission webhook, a conversion
# webhook and an APIService, all served by one Pod on node-1, work through
# every kube-apiserver (hack/lib/local-cluster-extension-checks.sh).
kubecarry::podchecks::extensions() {
  local -a urls
  mapfile -t urls < <(kubecarry::podchecks::apiserver_urls)
  kubecarry::extchecks::run kubecarry::addons::kubectl "$(kubecarry::images::ref extensionserver)" \
    "${LOCAL_CLUSTER_DIR}/extension-pki" "${urls[@]}"
}

# kubecarry::podchecks::kubectl_everywhere: the built kubectl lists the
# Nodes and Pods through every apiserver.
kubecarry::podchecks::kubectl_everywhere() {
  local -a urls
  local url out
  mapfile -t urls < <(kubecarry::podchecks::apiserver_urls)
  for url in "${urls[@]}"; do
    out="$(kubecarry::podchecks::kubectl_at "${url}" get nodes,pods -A -o name 2>&1)" ||
      { kubecarry::log::error "kubectl get nodes,pods -A through ${url} failed: ${out}"; return 1; }
    if ! grep -qx node/node-1 <<<"${out}" || ! grep -qx "node/node-${REAL_NODES}" <<<"${out}" || ! grep -q '^pod/coredns-' <<<"${out}"; then
      kubecarry::log::error "kubectl through ${url} does not list node-1, node-${REAL_NODES} and CoreDNS: ${out}"
      return 1
    fi
  done
  kubecarry::log::status "ok: kubectl $("${KUBECTL_BINARY}" version --client -o json | kubecarry::json::get .clientVersion.gitVersion) lists Nodes and Pods through ${urls[*]}"
}

# kubecarry::podchecks::run runs the Pod checks in order; the first failure
# ends it.
kubecarry::podchecks::run() {
  kubecarry::podchecks::kubectl_everywhere
  kubecarry::podchecks::deployment
  kubecarry::podchecks::dns
  kubecarry::podchecks::external_ips
  if ((OLDER_APISERVER > 0)); then
    kubecarry::podchecks::job_through_older
  fi
  kubecarry::podchecks::extensions
}
