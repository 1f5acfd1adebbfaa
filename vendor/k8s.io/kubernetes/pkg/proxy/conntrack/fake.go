//go:build linux
// +build linux

/*
Copyright 2016 The Kubernetes Authors.

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

	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"

	v1 "k8s.io/api/core/v1"
	netutils "k8s.io/utils/net"
)

// FakeInterface implements Interface by just recording entries that have been cleared.
type FakeInterface struct {
	entries         []*netlink.ConntrackFlow
	netlinkRequests int // try to get the estimated number of netlink request
	ignoredExternalIPsCleanup
}

var _ Interface = &FakeInterface{}

// NewFake creates a new FakeInterface
func NewFake() *FakeInterface {
	return &FakeInterface{entries: make([]*netlink.ConntrackFlow, 0)}
}

// ListEntries is part of Interface
func (fake *FakeInterface) ListEntries(_ uint8) ([]*netlink.ConntrackFlow, error) {
	entries := make([]*netlink.ConntrackFlow, len(fake.entries))
	copy(entries, fake.entries)
	// 1 netlink request to dump the table
	// https://github.com/vishvananda/netlink/blob/0af32151e72b990c271ef6268e8aadb7e015f2bd/conntrack_linux.go#L93-L94
	fake.netlinkRequests++
	return entries, nil
}

// ClearEntries is part of Interface
func (fake *FakeInterface) ClearEntries(_ uint8, filters ...netlink.CustomConntrackFilter) (int, error) {
	var flows []*netlink.ConntrackFlow
	before := len(fake.entries)
	// 1 netlink request to dump the table
	// https://github.com/vishvananda/netlink/blob/0af32151e72b990c271ef6268e8aadb7e015f2bd/conntrack_linux.go#L163
	fake.netlinkRequests++

	for _, flow := range fake.entries {
		var matched bool
		for _, filter := range filters {
			matched = filter.MatchConntrackFlow(flow)
			if matched {
				// 1 netlink request to delete the flow
				// https://github.com/vishvananda/netlink/blob/0af32151e72b990c271ef6268e8aadb7e015f2bd/conntrack_linux.go#L182
				fake.netlinkRequests++
				break
			}
		}
		if !matched {
			flows = append(flows, flow)
		}
	}
	fake.entries = flows
	return before - len(fake.entries), nil
}

// AddEntries adds flows to the fake conntrack table, as if traffic had
// created them; it lets proxier tests check which flows a sync deletes.
func (fake *FakeInterface) AddEntries(flows ...*netlink.ConntrackFlow) {
	fake.entries = append(fake.entries, flows...)
}

// Entries returns the flows currently in the fake conntrack table.
func (fake *FakeInterface) Entries() []*netlink.ConntrackFlow {
	return append([]*netlink.ConntrackFlow(nil), fake.entries...)
}

// NewFakeFlow returns the conntrack entry of a flow from client:clientPort
// to frontend:frontendPort whose replies come from endpoint:endpointPort (the
// frontend itself for a flow that was not NATed), for use with AddEntries.
func NewFakeFlow(protocol v1.Protocol, client string, clientPort uint16, frontend string, frontendPort uint16, endpoint string, endpointPort uint16) *netlink.ConntrackFlow {
	family := uint8(unix.AF_INET)
	if netutils.IsIPv6String(frontend) {
		family = unix.AF_INET6
	}
	ip := func(s string) net.IP { return netutils.ParseIPSloppy(s) }
	proto := protocolMap[protocol]
	return &netlink.ConntrackFlow{
		FamilyType: family,
		Forward:    netlink.IPTuple{Protocol: proto, SrcIP: ip(client), SrcPort: clientPort, DstIP: ip(frontend), DstPort: frontendPort},
		Reverse:    netlink.IPTuple{Protocol: proto, SrcIP: ip(endpoint), SrcPort: endpointPort, DstIP: ip(client), DstPort: clientPort},
	}
}
