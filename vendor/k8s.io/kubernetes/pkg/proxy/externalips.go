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
	"k8s.io/apimachinery/pkg/util/sets"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/client-go/tools/events"
	"k8s.io/client-go/util/flowcontrol"
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

// Bounds of the ExternalIPsIgnored events of one kube-proxy. Events are for a
// person looking at `kubectl events` or `kubectl describe node`: they say
// that this node ignores a Service's externalIPs. The log line and the
// kubeproxy_services_external_ips_ignored gauge report every Service; the
// events need not, and must not let whoever may create Services make every
// kube-proxy of the cluster write events at the rate they create them.
const (
	// externalIPsEventBurst events may be written at once: enough for the
	// handful of Services a cluster typically has with externalIPs when the
	// switch is turned off, all reported at start.
	externalIPsEventBurst = 5
	// externalIPsEventQPS, one event per 20 s (3 a minute), is the sustained
	// rate afterwards: at most 180 events an hour per node whatever the rate
	// of Service churn, so an N-node cluster gets at most 3N a minute from
	// this source however fast Services are created. A Service that
	// finds no token is not marked as reported and gets its event at a later
	// add, update or informer resync (every configSyncPeriod), if it still
	// exists then.
	externalIPsEventQPS = 1.0 / 20
	// maxEventedServices caps the set of Services (namespace/name) that got
	// an event, the memory that "at most one event per Service per process"
	// costs: at most a few MB with the longest names, and at the rate above
	// reached only after more than two days of continuous churn. Past it no
	// further events are written (the log line and the gauge go on), so that
	// no Service gets a second event.
	maxEventedServices = 10000
)

// ExternalIPsReporter tells operators which Services lose their externalIPs
// because kube-proxy does not implement them: it keeps the
// kubeproxy_services_external_ips_ignored gauge, logs once per Service each
// time its externalIPs start being ignored, and records a Node-scoped event
// at most once per Service (namespace/name, so a Service re-created with the
// same name gets no second one) in the life of the process, under a global
// rate limit (see the constants above).
// It is a Service event handler (see pkg/proxy/config.ServiceHandler) and
// watches Services independently of the proxiers, so it reports once per
// kube-proxy rather than once per IP family.
type ExternalIPsReporter struct {
	nodeRef  *v1.ObjectReference
	recorder events.EventRecorder // may be nil

	mu          sync.Mutex
	ignored     map[types.NamespacedName]bool
	evented     sets.Set[types.NamespacedName]
	eventLimit  flowcontrol.RateLimiter
	maxEvented  int
	capReported bool
}

// NewExternalIPsReporter returns a reporter whose events are about nodeRef
// (kube-proxy's own Node); recorder may be nil.
func NewExternalIPsReporter(nodeRef *v1.ObjectReference, recorder events.EventRecorder) *ExternalIPsReporter {
	return newExternalIPsReporter(nodeRef, recorder,
		flowcontrol.NewTokenBucketRateLimiter(externalIPsEventQPS, externalIPsEventBurst), maxEventedServices)
}

func newExternalIPsReporter(nodeRef *v1.ObjectReference, recorder events.EventRecorder, eventLimit flowcontrol.RateLimiter, maxEvented int) *ExternalIPsReporter {
	return &ExternalIPsReporter{
		nodeRef:    nodeRef,
		recorder:   recorder,
		ignored:    make(map[types.NamespacedName]bool),
		evented:    sets.New[types.NamespacedName](),
		eventLimit: eventLimit,
		maxEvented: maxEvented,
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
	if !r.ignored[name] {
		r.ignored[name] = true
		metrics.ServicesExternalIPsIgnored.Set(float64(len(r.ignored)))
		klog.InfoS("Ignoring Service externalIPs: kube-proxy does not implement spec.externalIPs (allowServiceExternalIPs or the AllowServiceExternalIPs feature gate is false)",
			"service", klog.KObj(service), "externalIPs", ignoredIPs)
	}
	r.maybeRecordEvent(name, service, ignoredIPs)
}

// maybeRecordEvent records the event of a Service with ignored externalIPs
// unless it already got one, the cap is reached, or the rate limit says no.
// It is called with r.mu held.
func (r *ExternalIPsReporter) maybeRecordEvent(name types.NamespacedName, service *v1.Service, ignoredIPs []string) {
	if r.recorder == nil || r.evented.Has(name) {
		return
	}
	if r.evented.Len() >= r.maxEvented {
		if !r.capReported {
			r.capReported = true
			klog.InfoS("Not recording further ExternalIPsIgnored events: the number of Services reported by an event reached its limit; the log and the kubeproxy_services_external_ips_ignored metric still report them",
				"limit", r.maxEvented)
		}
		return
	}
	if !r.eventLimit.TryAccept() {
		return
	}
	r.evented.Insert(name)
	r.recorder.Eventf(r.nodeRef, service, v1.EventTypeWarning, "ExternalIPsIgnored", "IgnoreExternalIPs",
		"Service %s/%s sets spec.externalIPs %v, which this node's kube-proxy ignores because allowServiceExternalIPs or the AllowServiceExternalIPs feature gate is false",
		service.Namespace, service.Name, ignoredIPs)
}
