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

# The checks of hack/local-up-cluster.sh --test for API extensions served by
# a Pod, the way cert-manager, policy engines and metrics-server extend a
# real cluster: test/images/extensionserver, behind a Service, is a
# validating admission webhook, the conversion webhook of a CRD and the
# backend of an APIService. Each is used through every kube-apiserver, the
# older one included: the apiservers call the Pod at its Service's
# ClusterIP (docs/local-cluster.md says how that address reaches node-1).
# The callers pass a kubectl function, so the same checks run on the local
# cluster and on the kubeadm cluster.

readonly KUBECARRY_EXT_NAMESPACE=kc-ext
readonly KUBECARRY_EXT_SERVICE=kc-ext
# Kept in step with test/images/extensionserver (DeniedKey, DeniedMessage,
# ConversionGroup, TallyGroup).
readonly KUBECARRY_EXT_DENIED_KEY=kubecarry-deny
readonly KUBECARRY_EXT_DENIED_MESSAGE="the kubecarry extension server denies ConfigMaps with the key ${KUBECARRY_EXT_DENIED_KEY}"
readonly KUBECARRY_EXT_CONVERSION_GROUP=conversion.kubecarry.io
readonly KUBECARRY_EXT_TALLY_GROUP=tally.kubecarry.io

# kubecarry::extchecks::certificates <dir> makes a CA and the Service's
# serving certificate in <dir> (ext-ca.crt, ext-serving.{crt,key}).
kubecarry::extchecks::certificates() {
  local dir="$1" svc="${KUBECARRY_EXT_SERVICE}.${KUBECARRY_EXT_NAMESPACE}.svc"
  mkdir -p "${dir}"
  kubecarry::pki::ca "${dir}" ext-ca "kubecarry extension CA"
  kubecarry::pki::cert "${dir}" ext-ca ext-serving server "/CN=${svc}" "DNS:${svc}" "DNS:${svc}.cluster.local"
}

# kubecarry::extchecks::manifest <image> <CA bundle, base64> prints the
# extension server's Deployment and Service and its registrations: the
# ValidatingWebhookConfiguration (ConfigMaps in the check's namespace
# only, so nothing else in the cluster depends on the Pod), the CRD with
# its conversion webhook and the APIService.
kubecarry::extchecks::manifest() {
  local image="$1" ca="$2" ns="${KUBECARRY_EXT_NAMESPACE}" svc="${KUBECARRY_EXT_SERVICE}"
  cat <<YAML
apiVersion: apps/v1
kind: Deployment
metadata: {name: ${svc}, namespace: ${ns}}
spec:
  replicas: 1
  selector: {matchLabels: {app: ${svc}}}
  template:
    metadata: {labels: {app: ${svc}}}
    spec:
      containers:
      - name: extensionserver
        image: ${image}
        imagePullPolicy: Never
        args: [--tls-cert-file=/tls/tls.crt, --tls-private-key-file=/tls/tls.key]
        env:
        - name: POD_NAME
          valueFrom: {fieldRef: {fieldPath: metadata.name}}
        ports: [{containerPort: 8443}]
        readinessProbe: {httpGet: {path: /healthz, port: 8443, scheme: HTTPS}, periodSeconds: 2}
        volumeMounts: [{name: tls, mountPath: /tls, readOnly: true}]
      volumes:
      - name: tls
        secret: {secretName: ${svc}-tls}
---
apiVersion: v1
kind: Service
metadata: {name: ${svc}, namespace: ${ns}}
spec:
  selector: {app: ${svc}}
  ports: [{name: https, port: 443, targetPort: 8443}]
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata: {name: ${svc}}
webhooks:
- name: configmaps.${svc}.kubecarry.io
  admissionReviewVersions: [v1]
  sideEffects: None
  failurePolicy: Fail
  timeoutSeconds: 10
  namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: ${ns}}}
  rules:
  - {apiGroups: [""], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [configmaps]}
  clientConfig:
    caBundle: ${ca}
    service: {namespace: ${ns}, name: ${svc}, path: /validate}
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gadgets.${KUBECARRY_EXT_CONVERSION_GROUP}}
spec:
  group: ${KUBECARRY_EXT_CONVERSION_GROUP}
  scope: Namespaced
  names: {plural: gadgets, singular: gadget, kind: Gadget, listKind: GadgetList}
  conversion:
    strategy: Webhook
    webhook:
      conversionReviewVersions: [v1]
      clientConfig:
        caBundle: ${ca}
        service: {namespace: ${ns}, name: ${svc}, path: /convert}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {name: {type: string}}}
  - name: v2
    served: true
    storage: false
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {displayName: {type: string}}}
---
apiVersion: apiregistration.k8s.io/v1
kind: APIService
metadata: {name: v1.${KUBECARRY_EXT_TALLY_GROUP}}
spec:
  group: ${KUBECARRY_EXT_TALLY_GROUP}
  version: v1
  groupPriorityMinimum: 1000
  versionPriority: 15
  caBundle: ${ca}
  service: {namespace: ${ns}, name: ${svc}, port: 443}
YAML
}

# kubecarry::extchecks::deploy <kubectl function> <image> <dir> runs the
# extension server and registers it; it waits for the Deployment and for
# the APIService to be Available.
kubecarry::extchecks::deploy() {
  local kubectl="$1" image="$2" dir="$3" ns="${KUBECARRY_EXT_NAMESPACE}" svc="${KUBECARRY_EXT_SERVICE}" out
  kubecarry::extchecks::certificates "${dir}"
  if ! out="$("${kubectl}" create namespace "${ns}" 2>&1 &&
    "${kubectl}" -n "${ns}" create secret tls "${svc}-tls" --cert="${dir}/ext-serving.crt" --key="${dir}/ext-serving.key" 2>&1 &&
    kubecarry::extchecks::manifest "${image}" "$(base64 -w0 "${dir}/ext-ca.crt")" | "${kubectl}" apply -f - 2>&1)"; then
    kubecarry::log::error "registering the extension server failed: ${out}"
    return 1
  fi
  if ! out="$("${kubectl}" -n "${ns}" rollout status "deployment/${svc}" --timeout="${KUBECARRY_CHECK_TIMEOUT}s" 2>&1)"; then
    kubecarry::log::error "Deployment ${svc} did not become available: ${out}; its Pods: $("${kubectl}" -n "${ns}" get pods -o wide 2>&1)"
    return 1
  fi
  if ! out="$("${kubectl}" wait --for=condition=Available "apiservice/v1.${KUBECARRY_EXT_TALLY_GROUP}" --timeout="${KUBECARRY_CHECK_TIMEOUT}s" 2>&1)"; then
    kubecarry::log::error "APIService v1.${KUBECARRY_EXT_TALLY_GROUP} did not become Available: ${out}"
    return 1
  fi
  kubecarry::log::status "ok: the extension server runs in Pod $("${kubectl}" -n "${ns}" get pods -l "app=${svc}" -o jsonpath='{.items[0].metadata.name}') as an admission webhook, a conversion webhook and APIService v1.${KUBECARRY_EXT_TALLY_GROUP}"
}

# kubecarry::extchecks::admission <kubectl function> <server URL> <tag>:
# through the server, a ConfigMap with the denied key is refused with the
# webhook's message and one without it is admitted.
kubecarry::extchecks::admission() {
  local kubectl="$1" server="$2" tag="$3" ns="${KUBECARRY_EXT_NAMESPACE}" out
  if out="$("${kubectl}" --server="${server}" -n "${ns}" create configmap "denied-${tag}" --from-literal="${KUBECARRY_EXT_DENIED_KEY}=1" 2>&1)"; then
    echo "a ConfigMap with ${KUBECARRY_EXT_DENIED_KEY} was admitted through ${server}: ${out}" >&2
    return 1
  fi
  [[ "${out}" == *"${KUBECARRY_EXT_DENIED_MESSAGE}"* ]] ||
    { echo "a ConfigMap with ${KUBECARRY_EXT_DENIED_KEY} was refused through ${server}, but not by the webhook: ${out}" >&2; return 1; }
  # An earlier attempt may have created it before its answer was lost.
  out="$("${kubectl}" --server="${server}" -n "${ns}" create configmap "admitted-${tag}" --from-literal=key=1 2>&1)" ||
    [[ "${out}" == *'"admitted-'"${tag}"'" already exists'* ]] ||
    { echo "a ConfigMap without ${KUBECARRY_EXT_DENIED_KEY} was refused through ${server}: ${out}" >&2; return 1; }
}

# kubecarry::extchecks::conversion <kubectl function> <server URL> <tag>:
# a Gadget written as v1 through the server reads as v2 (converted by the
# webhook) through it, with its name moved to spec.displayName.
kubecarry::extchecks::conversion() {
  local kubectl="$1" server="$2" tag="$3" ns="${KUBECARRY_EXT_NAMESPACE}" out
  out="$("${kubectl}" --server="${server}" -n "${ns}" apply -f - 2>&1 <<YAML
apiVersion: ${KUBECARRY_EXT_CONVERSION_GROUP}/v1
kind: Gadget
metadata: {name: gadget-${tag}}
spec: {name: written-through-${tag}}
YAML
  )" || { echo "creating Gadget gadget-${tag} (v1) through ${server} failed: ${out}" >&2; return 1; }
  out="$("${kubectl}" --server="${server}" -n "${ns}" get "gadgets.v2.${KUBECARRY_EXT_CONVERSION_GROUP}" "gadget-${tag}" -o jsonpath='{.apiVersion} {.spec.displayName}' 2>&1)" ||
    { echo "reading Gadget gadget-${tag} as v2 through ${server} failed: ${out}" >&2; return 1; }
  kubecarry::checks::expect "Gadget gadget-${tag} read as v2 through ${server}" "${KUBECARRY_EXT_CONVERSION_GROUP}/v2 written-through-${tag}" "${out}"
}

# kubecarry::extchecks::aggregated <kubectl function> <server URL>: the
# APIService's tallies list through the server names the serving Pod.
kubecarry::extchecks::aggregated() {
  local kubectl="$1" server="$2" pod out
  pod="$("${kubectl}" -n "${KUBECARRY_EXT_NAMESPACE}" get pods -l "app=${KUBECARRY_EXT_SERVICE}" -o jsonpath='{.items[0].metadata.name}')" || return 1
  out="$("${kubectl}" --server="${server}" get "tallies.${KUBECARRY_EXT_TALLY_GROUP}" -o jsonpath='{.items[*].metadata.name}' 2>&1)" ||
    { echo "listing tallies through ${server} failed: ${out}" >&2; return 1; }
  kubecarry::checks::expect "tallies through ${server}" "${pod}" "${out}"
}

# kubecarry::extchecks::run <kubectl function> <image> <dir> <server URL>...
# deploys the extension server and uses each extension through every
# server given.
kubecarry::extchecks::run() {
  local kubectl="$1" image="$2" dir="$3"
  shift 3
  kubecarry::extchecks::deploy "${kubectl}" "${image}" "${dir}" || return 1
  local i=0 server
  for server in "$@"; do
    i=$((i + 1))
    kubecarry::checks::eventually "the admission webhook served by a Pod refuses a ConfigMap with ${KUBECARRY_EXT_DENIED_KEY} through ${server}" \
      kubecarry::extchecks::admission "${kubectl}" "${server}" "${i}" || return 1
    kubecarry::checks::eventually "a Gadget written as v1 through ${server} reads as v2 there, converted by the conversion webhook served by a Pod" \
      kubecarry::extchecks::conversion "${kubectl}" "${server}" "${i}" || return 1
    kubecarry::checks::eventually "APIService v1.${KUBECARRY_EXT_TALLY_GROUP}, served by a Pod, answers through ${server}" \
      kubecarry::extchecks::aggregated "${kubectl}" "${server}" || return 1
  done
}
