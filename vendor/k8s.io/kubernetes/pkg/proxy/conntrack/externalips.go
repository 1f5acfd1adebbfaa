//go:build linux
// +build linux

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

package conntrack

import (
	"net"
	"strconv"

	"github.com/vishvananda/netlink"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/proxy"
)

// ignoredExternalIPsCleanup remembers, per Service port, the ignored
// externalIP frontends ("IP:port/protocol-number") whose conntrack entries
// were last removed, so that the cleanup runs once when a Service port's set
// of ignored externalIPs appears or changes, not on every CleanStaleEntries.
// Once the rules for an ignored externalIP are gone no new flow can be NATed
// through it, so one successful cleanup per change is enough.
//
// It is embedded in the Interface implementations of this package, because
// each proxier (one per IP family) has its own Interface: the record is that
// proxier's. Like the proxier's sync, which calls CleanStaleEntries, it is
// not safe for concurrent use. The record holds only Service ports that
// currently have ignored externalIPs, so it is bounded by the Service map.
type ignoredExternalIPsCleanup struct {
	cleaned map[proxy.ServicePortName]sets.Set[string]
}

func (c *ignoredExternalIPsCleanup) externalIPsCleanup() *ignoredExternalIPsCleanup {
	return c
}

// externalIPsCleanupOf returns the cleanup record of ct. An Interface of
// another package has none: it gets a fresh record, so that the cleanup then
// runs on every call, as it would without a record.
func externalIPsCleanupOf(ct Interface) *ignoredExternalIPsCleanup {
	if r, ok := ct.(interface {
		externalIPsCleanup() *ignoredExternalIPsCleanup
	}); ok {
		return r.externalIPsCleanup()
	}
	return &ignoredExternalIPsCleanup{}
}

// pending returns, for each Service port whose ignored externalIP frontends
// differ from those last cleaned, all its current ignored frontends (toRecord,
// to pass to done after a successful cleanup) and those not cleaned yet
// (toClean). A Service port whose set only shrank needs no cleanup and is
// recorded at once; a Service port without ignored externalIPs (or gone) is
// forgotten, so that ignoring its externalIPs again cleans again.
func (c *ignoredExternalIPsCleanup) pending(svcPortMap proxy.ServicePortMap) (toRecord, toClean map[proxy.ServicePortName]sets.Set[string]) {
	current := make(map[proxy.ServicePortName]sets.Set[string])
	for name, svc := range svcPortMap {
		proto, known := protocolMap[svc.Protocol()]
		if !known || len(svc.IgnoredExternalIPs()) == 0 {
			continue
		}
		port := strconv.Itoa(svc.Port())
		keys := sets.New[string]()
		for _, ip := range svc.IgnoredExternalIPs() {
			keys.Insert(frontendKey(ip, port, proto))
		}
		current[name] = keys
	}
	for name := range c.cleaned {
		if _, ok := current[name]; !ok {
			delete(c.cleaned, name)
		}
	}

	toRecord = make(map[proxy.ServicePortName]sets.Set[string])
	toClean = make(map[proxy.ServicePortName]sets.Set[string])
	for name, keys := range current {
		last := c.cleaned[name]
		if keys.Equal(last) {
			continue
		}
		if newKeys := keys.Difference(last); newKeys.Len() > 0 {
			toRecord[name] = keys
			toClean[name] = newKeys
			continue
		}
		c.record(name, keys)
	}
	return toRecord, toClean
}

// done records a successful cleanup of what pending returned.
func (c *ignoredExternalIPsCleanup) done(toRecord map[proxy.ServicePortName]sets.Set[string]) {
	for name, keys := range toRecord {
		c.record(name, keys)
	}
}

func (c *ignoredExternalIPsCleanup) record(name proxy.ServicePortName, keys sets.Set[string]) {
	if c.cleaned == nil {
		c.cleaned = make(map[proxy.ServicePortName]sets.Set[string])
	}
	c.cleaned[name] = keys
}

// ignoredExternalIPFilters returns filters for the conntrack entries of
// flows that kube-proxy NATed to a Service port through one of its
// externalIPs which kube-proxy now ignores (allowServiceExternalIPs is
// false); toClean lists those externalIP frontends per Service port. Such
// flows survive the removal of their rules, for TCP as for UDP: conntrack
// keeps NATing an established flow without consulting the rules again. So
// after the switch a client could keep reaching the pod through the
// externalIP until it goes idle.
//
// An entry is removed only if its reply comes from an endpoint of that
// Service port. The same address:port can carry other flows that must stay:
// a local process listening on the address (not NATed), a hostPort DNAT to a
// pod, a NodePort on a local address, another Service's frontend. So entries
// whose reply comes from anything but an endpoint of the ignored Service port
// are kept, and so are entries to a NodePort whose reply comes from an
// endpoint of the Service with that NodePort.
//
// An address:port that is still another Service's frontend (clusterIP,
// load-balancer IP or implemented externalIP) is the hijack of
// CVE-2020-8554 itself: the ignored externalIP claimed the victim's
// frontend, and while it was implemented some of the victim's clients were
// NATed to the ignored Service's endpoints. The frontend being live does not
// make those flows the victim's: an entry there is kept only if its reply
// comes from an endpoint of a Service that owns the frontend, since that is
// where the frontend's own rules send a flow; any other reply (from the
// ignored Service's endpoints) marks a hijacked flow, which is removed.
//
// What is left is a flow that conntrack cannot tell from a flow through the
// ignored externalIP: one to a pod that is an endpoint of both the ignored
// Service port and the frontend's own Service (kept: it reached a pod the
// frontend serves), and a hostPort DNAT to a pod that is also an endpoint of
// the ignored Service port at the same port (removed; the next packet of the
// flow is NATed again by the hostPort rule, to the same pod).
func ignoredExternalIPFilters(entries []*netlink.ConntrackFlow, svcPortMap proxy.ServicePortMap, endpointsMap proxy.EndpointsMap, toClean map[proxy.ServicePortName]sets.Set[string]) []netlink.CustomConntrackFilter {
	if len(toClean) == 0 {
		return nil
	}

	// ignored maps each ignored externalIP frontend to the endpoints
	// ("IP:port") of the Service ports it belonged to.
	ignored := make(map[string]sets.Set[string])
	for name, keys := range toClean {
		endpoints := endpointsOf(endpointsMap, name)
		for key := range keys {
			ignored[key] = endpoints.Union(ignored[key])
		}
	}

	// frontends maps every ignored externalIP frontend that is also a live
	// Service frontend to the endpoints of the Service ports it belongs to;
	// nodePorts maps each NodePort ("port/protocol-number") to the endpoints
	// of its Service ports.
	frontends := make(map[string]sets.Set[string])
	nodePorts := make(map[string]sets.Set[string])
	for name, svc := range svcPortMap {
		proto, known := protocolMap[svc.Protocol()]
		if !known {
			continue
		}
		port := strconv.Itoa(svc.Port())
		addFrontend := func(ip net.IP) {
			key := frontendKey(ip, port, proto)
			if _, isIgnored := ignored[key]; isIgnored {
				frontends[key] = endpointsOf(endpointsMap, name).Union(frontends[key])
			}
		}
		addFrontend(svc.ClusterIP())
		for _, ip := range svc.LoadBalancerVIPs() {
			addFrontend(ip)
		}
		for _, ip := range svc.ExternalIPs() {
			addFrontend(ip)
		}
		if svc.NodePort() != 0 {
			key := portKey(strconv.Itoa(svc.NodePort()), proto)
			nodePorts[key] = endpointsOf(endpointsMap, name).Union(nodePorts[key])
		}
	}

	var filters []netlink.CustomConntrackFilter
	for _, entry := range entries {
		dstPort := strconv.Itoa(int(entry.Forward.DstPort))
		key := frontendKey(entry.Forward.DstIP, dstPort, entry.Forward.Protocol)
		endpoints, isIgnored := ignored[key]
		if !isIgnored {
			continue
		}
		reply := net.JoinHostPort(entry.Reverse.SrcIP.String(), strconv.Itoa(int(entry.Reverse.SrcPort)))
		if !endpoints.Has(reply) || frontends[key].Has(reply) || nodePorts[portKey(dstPort, entry.Forward.Protocol)].Has(reply) {
			continue
		}
		klog.V(4).InfoS("Removing conntrack entry of a flow to an ignored Service externalIP",
			"protocol", entry.Forward.Protocol, "externalIP", entry.Forward.DstIP.String(), "port", entry.Forward.DstPort,
			"endpoint", reply)
		filters = append(filters, &conntrackFilter{
			protocol: entry.Forward.Protocol,
			original: &connectionTuple{dstIP: entry.Forward.DstIP, dstPort: entry.Forward.DstPort},
			reply:    &connectionTuple{srcIP: entry.Reverse.SrcIP, srcPort: entry.Reverse.SrcPort},
		})
	}
	return filters
}

// endpointsOf returns the endpoints ("IP:port") of a Service port, serving or
// not: a flow NATed to a terminating endpoint was NATed all the same.
func endpointsOf(endpointsMap proxy.EndpointsMap, name proxy.ServicePortName) sets.Set[string] {
	endpoints := sets.New[string]()
	for _, ep := range endpointsMap[name] {
		endpoints.Insert(net.JoinHostPort(ep.IP(), strconv.Itoa(ep.Port())))
	}
	return endpoints
}

func frontendKey(ip net.IP, port string, proto uint8) string {
	return net.JoinHostPort(ip.String(), port) + "/" + strconv.Itoa(int(proto))
}

func portKey(port string, proto uint8) string {
	return port + "/" + strconv.Itoa(int(proto))
}
