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

// ignoredExternalIPFilters returns filters for the conntrack entries of
// flows that kube-proxy NATed to a Service through one of its externalIPs
// which kube-proxy now ignores (allowServiceExternalIPs is false). Such
// flows survive the removal of their rules, for TCP as for UDP: conntrack
// keeps NATing an established flow without consulting the rules again. So
// after the switch a client could keep reaching the pod through the
// externalIP until it goes idle.
//
// Flows that were not NATed (the reply comes from the address the client
// sent to: a local process listening on that IP) are kept, and so are flows
// to an address:port that is still a frontend of some Service (a clusterIP,
// load-balancer IP or allowed externalIP).
func ignoredExternalIPFilters(entries []*netlink.ConntrackFlow, svcPortMap proxy.ServicePortMap) []netlink.CustomConntrackFilter {
	// Both sets hold "IP:port/protocol-number" keys.
	ignored, frontends := sets.New[string](), sets.New[string]()
	for _, svc := range svcPortMap {
		proto, known := protocolMap[svc.Protocol()]
		if !known {
			continue
		}
		port := strconv.Itoa(svc.Port())
		for _, ip := range svc.IgnoredExternalIPs() {
			ignored.Insert(frontendKey(ip, port, proto))
		}
		frontends.Insert(frontendKey(svc.ClusterIP(), port, proto))
		for _, ip := range svc.LoadBalancerVIPs() {
			frontends.Insert(frontendKey(ip, port, proto))
		}
		for _, ip := range svc.ExternalIPs() {
			frontends.Insert(frontendKey(ip, port, proto))
		}
	}
	if ignored.Len() == 0 {
		return nil
	}

	var filters []netlink.CustomConntrackFilter
	for _, entry := range entries {
		key := frontendKey(entry.Forward.DstIP, strconv.Itoa(int(entry.Forward.DstPort)), entry.Forward.Protocol)
		if !ignored.Has(key) || frontends.Has(key) {
			continue
		}
		if entry.Reverse.SrcIP.Equal(entry.Forward.DstIP) && entry.Reverse.SrcPort == entry.Forward.DstPort {
			continue // not NATed by kube-proxy
		}
		klog.V(4).InfoS("Removing conntrack entry of a flow to an ignored Service externalIP",
			"protocol", entry.Forward.Protocol, "externalIP", entry.Forward.DstIP.String(), "port", entry.Forward.DstPort,
			"endpoint", net.JoinHostPort(entry.Reverse.SrcIP.String(), strconv.Itoa(int(entry.Reverse.SrcPort))))
		filters = append(filters, &conntrackFilter{
			protocol: entry.Forward.Protocol,
			original: &connectionTuple{dstIP: entry.Forward.DstIP, dstPort: entry.Forward.DstPort},
			reply:    &connectionTuple{srcIP: entry.Reverse.SrcIP, srcPort: entry.Reverse.SrcPort},
		})
	}
	return filters
}

func frontendKey(ip net.IP, port string, proto uint8) string {
	return net.JoinHostPort(ip.String(), port) + "/" + strconv.Itoa(int(proto))
}
