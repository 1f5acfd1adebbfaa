/*
Copyright 2026 The Kubernetes Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

package proxy

import (
	"sync"
	"sync/atomic"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/client-go/tools/events"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/features"
	"k8s.io/kubernetes/pkg/proxy/metrics"
	proxyutil "k8s.io/kubernetes/pkg/proxy/util"
)

// externalIPsDisallowed is kube-proxy's allowServiceExternalIPs option,
// inverted so that the zero value is the default (allowed). It is
// process-wide, like the feature gate it is combined with, because every
// proxier of a kube-proxy (one per IP family) must agree on it.
var externalIPsDisallowed atomic.Bool

// SetServiceExternalIPsAllowed sets kube-proxy's allowServiceExternalIPs
// option. kube-proxy calls it once, before it creates its proxiers.
func SetServiceExternalIPsAllowed(allowed bool) {
	externalIPsDisallowed.Store(!allowed)
}

// ServiceExternalIPsAllowed reports whether kube-proxy implements
// Service.spec.externalIPs: only if both the allowServiceExternalIPs option
// and the AllowServiceExternalIPs feature gate allow it.
func ServiceExternalIPsAllowed() bool {
	return !externalIPsDisallowed.Load() && utilfeature.DefaultFeatureGate.Enabled(features.AllowServiceExternalIPs)
}

// serviceAsProxied returns the Service as the proxiers must see it. When
// externalIPs are not allowed, that is a shallow copy without externalIPs, so
// that every derived property (rules, "externally accessible", external
// traffic policy, health check node ports) is that of a Service that never had
// them. The ignored IPs are returned so that conntrack entries of flows to
// them can be removed. The argument is not modified.
func serviceAsProxied(service *v1.Service) (*v1.Service, []string) {
	if len(service.Spec.ExternalIPs) == 0 || ServiceExternalIPsAllowed() {
		return service, nil
	}
	withoutExternalIPs := *service
	withoutExternalIPs.Spec.ExternalIPs = nil
	return &withoutExternalIPs, service.Spec.ExternalIPs
}

// ExternalIPsReporter tells operators which Services lose their externalIPs
// because kube-proxy does not implement them: it keeps the
// kubeproxy_services_external_ips_ignored gauge, and logs and records a
// Node-scoped event once per Service when its externalIPs start being ignored.
// It is a Service event handler (see pkg/proxy/config.ServiceHandler) and
// watches Services independently of the proxiers, so it reports once per
// kube-proxy rather than once per IP family.
type ExternalIPsReporter struct {
	nodeRef  *v1.ObjectReference
	recorder events.EventRecorder // may be nil

	mu      sync.Mutex
	ignored map[types.NamespacedName]bool
}

// NewExternalIPsReporter returns a reporter whose events are about nodeRef
// (kube-proxy's own Node); recorder may be nil.
func NewExternalIPsReporter(nodeRef *v1.ObjectReference, recorder events.EventRecorder) *ExternalIPsReporter {
	return &ExternalIPsReporter{
		nodeRef:  nodeRef,
		recorder: recorder,
		ignored:  make(map[types.NamespacedName]bool),
	}
}

// OnServiceAdd is part of config.ServiceHandler.
func (r *ExternalIPsReporter) OnServiceAdd(service *v1.Service) {
	r.observe(service)
}

// OnServiceUpdate is part of config.ServiceHandler.
func (r *ExternalIPsReporter) OnServiceUpdate(_, service *v1.Service) {
	r.observe(service)
}

// OnServiceDelete is part of config.ServiceHandler.
func (r *ExternalIPsReporter) OnServiceDelete(service *v1.Service) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.ignored, types.NamespacedName{Namespace: service.Namespace, Name: service.Name})
	metrics.ServicesExternalIPsIgnored.Set(float64(len(r.ignored)))
}

// OnServiceSynced is part of config.ServiceHandler.
func (r *ExternalIPsReporter) OnServiceSynced() {}

// IgnoredServices returns how many Services currently have ignored externalIPs.
func (r *ExternalIPsReporter) IgnoredServices() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.ignored)
}

func (r *ExternalIPsReporter) observe(service *v1.Service) {
	name := types.NamespacedName{Namespace: service.Namespace, Name: service.Name}
	// Headless and ExternalName Services never get externalIP rules, so
	// nothing is lost for them.
	_, ignoredIPs := serviceAsProxied(service)
	lost := len(ignoredIPs) > 0 && !proxyutil.ShouldSkipService(service)

	r.mu.Lock()
	defer r.mu.Unlock()
	if !lost {
		delete(r.ignored, name)
		metrics.ServicesExternalIPsIgnored.Set(float64(len(r.ignored)))
		return
	}
	if r.ignored[name] {
		return
	}
	r.ignored[name] = true
	metrics.ServicesExternalIPsIgnored.Set(float64(len(r.ignored)))

	klog.InfoS("Ignoring Service externalIPs: kube-proxy does not implement spec.externalIPs (allowServiceExternalIPs or the AllowServiceExternalIPs feature gate is false)",
		"service", klog.KObj(service), "externalIPs", ignoredIPs)
	if r.recorder != nil {
		r.recorder.Eventf(r.nodeRef, service, v1.EventTypeWarning, "ExternalIPsIgnored", "IgnoreExternalIPs",
			"Service %s/%s sets spec.externalIPs %v, which this node's kube-proxy ignores because allowServiceExternalIPs or the AllowServiceExternalIPs feature gate is false",
			service.Namespace, service.Name, ignoredIPs)
	}
}
