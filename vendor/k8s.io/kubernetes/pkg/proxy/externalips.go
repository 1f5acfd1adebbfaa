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
	"fmt"
	"net/netip"
	"strings"
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
	kubeproxyconfig "k8s.io/kubernetes/pkg/proxy/apis/config"
	"k8s.io/kubernetes/pkg/proxy/metrics"
	proxyutil "k8s.io/kubernetes/pkg/proxy/util"
	netutils "k8s.io/utils/net"
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

// externalIPCIDRs is kube-proxy's serviceExternalIPCIDRs option, parsed:
// when it holds ranges, only externalIPs inside one of them are implemented.
// Process-wide for the same reason as externalIPsDisallowed.
var externalIPCIDRs atomic.Pointer[[]netip.Prefix]

// Why kube-proxy ignores a Service's externalIPs, in its log line and event.
const (
	// ExternalIPsNotAllowed: allowServiceExternalIPs or the
	// AllowServiceExternalIPs feature gate is false; every externalIP is
	// ignored.
	ExternalIPsNotAllowed = "NotAllowed"
	// ExternalIPsOutsideAllowedCIDRs: the externalIP is in none of the
	// ranges of serviceExternalIPCIDRs.
	ExternalIPsOutsideAllowedCIDRs = "OutsideAllowedCIDRs"
)

// SetServiceExternalIPCIDRs sets kube-proxy's serviceExternalIPCIDRs
// option: empty means every externalIP may be implemented. kube-proxy calls
// it once, before it creates its proxiers. An entry that is not a CIDR is an
// error naming it, and nothing is set.
func SetServiceExternalIPCIDRs(cidrs []string) error {
	prefixes := make([]netip.Prefix, 0, len(cidrs))
	for _, c := range cidrs {
		p, err := kubeproxyconfig.ParseServiceExternalIPCIDR(c)
		if err != nil {
			return fmt.Errorf("serviceExternalIPCIDRs: %q %w", c, err)
		}
		prefixes = append(prefixes, p)
	}
	externalIPCIDRs.Store(&prefixes)
	return nil
}

// ServiceExternalIPCIDRs returns the ranges set by SetServiceExternalIPCIDRs.
func ServiceExternalIPCIDRs() []netip.Prefix {
	if p := externalIPCIDRs.Load(); p != nil {
		return *p
	}
	return nil
}

// externalIPInCIDRs reports whether ip (as written in the Service, possibly
// with leading zeros) is inside one of cidrs. An address that does not parse
// is in none: the proxiers would not implement it either. Nor is an
// IPv4-mapped IPv6 address (::ffff:192.0.2.10), even when its IPv4 form is
// inside a range: the service-externalips admission policy refuses it
// (CEL's isIP), and the list cannot name it (ParseServiceExternalIPCIDR), so
// one rule holds on both layers.
func externalIPInCIDRs(ip string, cidrs []netip.Prefix) bool {
	// netip parses the strict form without allocating; only the legacy
	// forms (leading zeros) need the sloppy parser, which returns every IPv4
	// address in its 16-byte form.
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		parsed := netutils.ParseIPSloppy(ip)
		if parsed == nil {
			return false
		}
		var ok bool
		if addr, ok = netip.AddrFromSlice(parsed); !ok {
			return false
		}
		if addr.Is4In6() && strings.Contains(ip, ":") {
			return false
		}
		addr = addr.Unmap()
	}
	if addr.Is4In6() {
		return false
	}
	for _, c := range cidrs {
		if c.Contains(addr) {
			return true
		}
	}
	return false
}

// serviceAsProxied returns the Service as the proxiers must see it. When
// some of its externalIPs are not implemented (none allowed, or outside
// serviceExternalIPCIDRs), that is a shallow copy holding only the
// implemented ones, so that every derived property (rules, "externally
// accessible", external traffic policy, health check node ports) is that of
// a Service that never had the others. The ignored IPs are returned, with
// the reason, so that conntrack entries of flows to them can be removed and
// the reporter can say why. The argument is not modified.
func serviceAsProxied(service *v1.Service) (*v1.Service, []string, string) {
	if len(service.Spec.ExternalIPs) == 0 {
		return service, nil, ""
	}
	if !ServiceExternalIPsAllowed() {
		withoutExternalIPs := *service
		withoutExternalIPs.Spec.ExternalIPs = nil
		return &withoutExternalIPs, service.Spec.ExternalIPs, ExternalIPsNotAllowed
	}
	cidrs := ServiceExternalIPCIDRs()
	if len(cidrs) == 0 {
		return service, nil, ""
	}
	outside := 0
	for _, ip := range service.Spec.ExternalIPs {
		if !externalIPInCIDRs(ip, cidrs) {
			outside++
		}
	}
	if outside == 0 {
		return service, nil, ""
	}
	kept := make([]string, 0, len(service.Spec.ExternalIPs)-outside)
	ignored := make([]string, 0, outside)
	for _, ip := range service.Spec.ExternalIPs {
		if externalIPInCIDRs(ip, cidrs) {
			kept = append(kept, ip)
		} else {
			ignored = append(ignored, ip)
		}
	}
	if len(kept) == 0 {
		kept = nil // as the switch leaves it: no externalIPs at all
	}
	withAllowedOnly := *service
	withAllowedOnly.Spec.ExternalIPs = kept
	return &withAllowedOnly, ignored, ExternalIPsOutsideAllowedCIDRs
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
	_, ignoredIPs, reason := serviceAsProxied(service)
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
		klog.InfoS("Ignoring Service externalIPs: "+ignoredBecause(reason),
			"service", klog.KObj(service), "externalIPs", ignoredIPs, "reason", reason)
	}
	r.maybeRecordEvent(name, service, ignoredIPs, reason)
}

// maybeRecordEvent records the event of a Service with ignored externalIPs
// unless it already got one, the cap is reached, or the rate limit says no.
// It is called with r.mu held.
func (r *ExternalIPsReporter) maybeRecordEvent(name types.NamespacedName, service *v1.Service, ignoredIPs []string, reason string) {
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
		"Service %s/%s sets spec.externalIPs %v, which this node's kube-proxy ignores (%s): %s",
		service.Namespace, service.Name, ignoredIPs, reason, ignoredBecause(reason))
}

// ignoredBecause explains a reason of serviceAsProxied to a person.
func ignoredBecause(reason string) string {
	if reason == ExternalIPsOutsideAllowedCIDRs {
		return fmt.Sprintf("they are outside serviceExternalIPCIDRs %v", ServiceExternalIPCIDRs())
	}
	return "kube-proxy does not implement spec.externalIPs (allowServiceExternalIPs or the AllowServiceExternalIPs feature gate is false)"
}
