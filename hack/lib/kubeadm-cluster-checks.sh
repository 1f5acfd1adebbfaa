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

# The short kubeadm check of make test (hack/kubeadm-cluster.sh test): a
# cluster built from the docs' recipe, with one control plane that does not
# serve a group-version, works the way users expect: kube-proxy and CoreDNS
# run, a Service answers from a Pod on a worker, the control plane without
# the group-version serves it through its peer, and kubeadm of the next
# minor offers the upgrade. Uses kubecarry::checks::eventually
# (hack/lib/local-cluster-checks.sh).

# kubecarry::kca::cp_kubectl <node> <args...> runs kubectl in cp-1 against
# one control plane's own kube-apiserver, not the load balancer.
kubecarry::kca::cp_kubectl() {
  local n="$1"
  shift
  kubecarry::kca::kubectl --server "https://$(kubecarry::kca::node_ip "${n}"):6443" "$@"
}

# kubecarry::kca::check_addons: kubeadm's kube-proxy DaemonSet (kubecarry's
# image) and CoreDNS are running on every node they should.
kubecarry::kca::check_addons() {
  local what
  for what in daemonset/kube-proxy deployment/coredns; do
    kubecarry::kca::kubectl -n kube-system rollout status "${what}" --timeout="${KUBECARRY_CHECK_TIMEOUT}s" >/dev/null ||
      { kubecarry::log::error "${what} did not become ready: $(kubecarry::kca::kubectl -n kube-system get pods -o wide 2>&1)"; return 1; }
    kubecarry::log::status "ok: ${what} is ready"
  done
}

# kubecarry::kca::test_image <node> <name> builds test/images/<name> as
# the image localhost/kubecarry/<name>:kubeadm and imports it into <node>.
kubecarry::kca::test_image() {
  local n="$1" name="$2" dir="${KUBEADM_CLUSTER_DIR}/images" out tool
  tool="$(kubecarry::release::tool)"
  kubecarry::golang::test_image "${name}" "${dir}/${name}-bin"
  rm -rf "${dir}/${name}.layout"
  out="$("${tool}" image --name "${name}" --ref "$(kubecarry::kca::test_image_ref "${name}")" --version kubeadm --source "${KUBECARRY_DEFAULT_SOURCE_URL}" --epoch 0 \
    --user 65532 --binary "linux/amd64=${dir}/${name}-bin" --tarball "linux/amd64=${dir}/${name}.tar" --layout "${dir}/${name}.layout" 2>&1)" ||
    kubecarry::log::fatal "building the ${name} image failed: ${out}"
  printf '%s %s\n' "$(kubecarry::kca::test_image_ref "${name}")" "${dir}/${name}.tar" >"${dir}/${name}.list"
  kubecarry::kca::import "${n}" "${dir}/${name}.list"
}
kubecarry::kca::test_image_ref() { echo "localhost/kubecarry/$1:kubeadm"; }
readonly KCA_ECHO_IMAGE=localhost/kubecarry/echoserver:kubeadm

# kubecarry::kca::check_service <node>: a Deployment whose Pod runs on
# <node>, behind a Service, answers on the ClusterIP from cp-1 through
# kube-proxy with the Pod's name.
kubecarry::kca::check_service() {
  local n="$1" pod ip
  kubecarry::kca::test_image "${n}" echoserver
  kubecarry::kca::kubectl apply -f - >/dev/null <<YAML || return 1
apiVersion: apps/v1
kind: Deployment
metadata: {name: kc-echo, namespace: default}
spec:
  replicas: 1
  selector: {matchLabels: {app: kc-echo}}
  template:
    metadata: {labels: {app: kc-echo}}
    spec:
      nodeSelector: {kubernetes.io/hostname: ${n}}
      containers:
      - name: echoserver
        image: ${KCA_ECHO_IMAGE}
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
  kubecarry::kca::kubectl rollout status deployment/kc-echo --timeout="${KUBECARRY_CHECK_TIMEOUT}s" >/dev/null ||
    { kubecarry::log::error "Deployment kc-echo did not become available: $(kubecarry::kca::kubectl get pods -o wide 2>&1)"; return 1; }
  pod="$(kubecarry::kca::kubectl get pods -l app=kc-echo -o jsonpath='{.items[0].metadata.name}@{.items[0].spec.nodeName}')" || return 1
  [[ "${pod#*@}" == "${n}" ]] || { kubecarry::log::error "kc-echo's Pod runs on ${pod#*@}, not ${n}"; return 1; }
  ip="$(kubecarry::kca::kubectl get service kc-echo -o jsonpath='{.spec.clusterIP}')" || return 1
  kubecarry::checks::eventually "Service kc-echo (${ip}) answers from cp-1 with the name of its Pod on ${n}, ${pod%@*}" \
    kubecarry::kca::answers "${ip}" "${pod%@*}"
}

kubecarry::kca::answers() {
  local answer
  answer="$(kubecarry::kca::exec cp-1 curl -sS --fail --max-time 3 "http://$1/")" || return 1
  [[ "${answer}" == "$2" ]] || { echo "answered '${answer}', want '$2'" >&2; return 1; }
}

# kubecarry::kca::check_extensions <node>: an admission webhook, a
# conversion webhook and an APIService, served by one Pod on <node> (the
# only schedulable node), work through every control plane's own
# kube-apiserver, the one without the group-version included, and through
# the load balancer (hack/lib/local-cluster-extension-checks.sh).
kubecarry::kca::check_extensions() {
  local n="$1" cp
  local -a servers=()
  kubecarry::kca::test_image "${n}" extensionserver
  for cp in $(kubecarry::kca::nodes); do
    [[ "${cp}" != cp-* ]] || servers+=("https://$(kubecarry::kca::node_ip "${cp}"):6443")
  done
  servers+=("$(kubecarry::kca::kubectl config view -o jsonpath='{.clusters[0].cluster.server}')")
  kubecarry::extchecks::run kubecarry::kca::kubectl "$(kubecarry::kca::test_image_ref extensionserver)" \
    "${KUBEADM_CLUSTER_DIR}/extension-pki" "${servers[@]}"
}

# kubecarry::kca::check_peer_proxy <node> <group/version>: the control
# plane that does not serve the group-version (a kubeadm patch of that
# node) creates and reads a Job through its peers, lists the resource in
# its discovery, and counts the requests it rerouted.
kubecarry::kca::check_peer_proxy() {
  local n="$1" gv="$2" out metric
  [[ "${gv}" == batch/v1 ]] || kubecarry::log::fatal "the peer proxy check knows batch/v1's Jobs, not ${gv}"
  kubecarry::kca::cp_kubectl "${n}" apply -f - >/dev/null <<YAML || { kubecarry::log::error "creating a Job through ${n} failed"; return 1; }
apiVersion: batch/v1
kind: Job
metadata: {name: kc-proxied, namespace: default}
spec:
  suspend: true
  template:
    spec:
      restartPolicy: Never
      containers: [{name: main, image: kubecarry.invalid/never-run}]
YAML
  kubecarry::checks::eventually "${n} (without ${gv}) answers GET jobs/kc-proxied through its peer" \
    kubecarry::kca::cp_kubectl "${n}" get job kc-proxied -o name
  kubecarry::checks::eventually "${n}'s discovery (peer-aggregated) lists jobs" \
    kubecarry::kca::lists_jobs "${n}"
  metric="$(kubecarry::checks::kcmetric)"
  out="$(kubecarry::kca::cp_kubectl "${n}" get --raw /metrics | "${metric}" 'apiserver_rerouted_request_total{group="batch",resource="jobs",code="200"}')" || return 1
  ((out > 0)) || { kubecarry::log::error "${n}'s apiserver_rerouted_request_total for jobs is ${out}, want > 0"; return 1; }
  kubecarry::log::status "ok: ${n} rerouted ${out} requests for jobs to its peers"
  # And it is the node's kubeadm patch that took the group-version away:
  # its kube-apiserver runs with the flag.
  local id spec
  id="$(kubecarry::kca::exec "${n}" crictl --runtime-endpoint unix:///run/containerd/containerd.sock ps --name kube-apiserver -q)" || return 1
  spec="$(kubecarry::kca::exec "${n}" crictl --runtime-endpoint unix:///run/containerd/containerd.sock inspect "${id%%$'\n'*}")" || return 1
  [[ "${spec}" == *"--runtime-config=${gv}=false"* ]] ||
    { kubecarry::log::error "${n}'s kube-apiserver does not run with --runtime-config=${gv}=false"; return 1; }
}

kubecarry::kca::lists_jobs() {
  kubecarry::kca::cp_kubectl "$1" api-resources --api-group=batch --no-headers -o name | grep -qx jobs.batch
}

# kubecarry::kca::check_upgrade_plan <version>: kubeadm <version>,
# installed on cp-1 as its package would be, offers the upgrade to
# <version> after the docs' image repository switch (its health check Job
# runs upstream's pause image of <version>, imported on every node).
kubecarry::kca::check_upgrade_plan() {
  local version="$1" dir out
  dir="$(kubecarry::kca::upgrade_dir "${version}")"
  kubecarry::kca::prepare_upgrade "${version}" '/pause:'
  kubecarry::kca::install_binary "${dir}/kubeadm" "$(kubecarry::kca::node_dir cp-1)/fs/bin/kubeadm"
  kubecarry::kca::kubeadm cp-1 upgrade plan "${version}" || return 1
  out="$(cat "${KUBEADM_CLUSTER_DIR}/logs/cp-1-kubeadm-upgrade-plan.log")"
  [[ "${out}" == *"kubeadm upgrade apply ${version}"* ]] ||
    { kubecarry::log::error "kubeadm upgrade plan ${version} does not offer 'kubeadm upgrade apply ${version}':"; tail -n 30 <<<"${out}" >&2; return 1; }
  kubecarry::log::status "ok: kubeadm ${version} upgrade plan offers 'kubeadm upgrade apply ${version}'"
}
