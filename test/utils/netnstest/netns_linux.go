//go:build linux

/*
Copyright 2026 The kubecarry Authors.

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

// Package netnstest gives tests a network namespace of their own, so that
// code that programs kernel routes runs for real without touching the
// host's network.
package netnstest

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/vishvananda/netlink"
	"github.com/vishvananda/netns"
	"golang.org/x/sys/unix"
)

// Namespace is a network namespace with a veth pair whose first end holds
// LinkIPv4 and LinkIPv6, so next hops in those subnets are reachable.
type Namespace struct {
	// Path is the namespace's bind mount, for setns(2) or a config file.
	Path string
	// Handle is a netlink socket inside the namespace.
	Handle *netlink.Handle
}

// Addresses on the namespace's veth link; the subnets are on-link.
var (
	LinkIPv4 = mustCIDR("10.0.0.1/24")
	LinkIPv6 = mustCIDR("fd00::1/64")
)

// New creates a namespace and removes it when the test ends. It skips the
// test when the process may not create namespaces (it needs root).
func New(t testing.TB) *Namespace {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("creating a network namespace needs root")
	}
	name := fmt.Sprintf("kubecarry-test-%d-%s", os.Getpid(), filepath.Base(t.TempDir()))
	ns, err := newNamed(name)
	if err != nil {
		t.Fatalf("creating network namespace %s: %v", name, err)
	}
	t.Cleanup(func() {
		_ = ns.Close()
		if err := netns.DeleteNamed(name); err != nil {
			t.Errorf("deleting network namespace %s: %v", name, err)
		}
	})
	handle, err := netlink.NewHandleAt(ns, unix.NETLINK_ROUTE)
	if err != nil {
		t.Fatalf("opening netlink in network namespace %s: %v", name, err)
	}
	t.Cleanup(handle.Close)
	if err := setUpLinks(handle); err != nil {
		t.Fatalf("setting up links in network namespace %s: %v", name, err)
	}
	return &Namespace{Path: filepath.Join("/run/netns", name), Handle: handle}
}

// newNamed creates a named namespace. netns.NewNamed moves the calling
// thread into it, so the thread is locked and moved back before it can run
// anything else.
func newNamed(name string) (netns.NsHandle, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	orig, err := netns.Get()
	if err != nil {
		return netns.None(), err
	}
	defer orig.Close()
	ns, err := netns.NewNamed(name)
	if setErr := netns.Set(orig); setErr != nil {
		// The thread is stuck in the wrong namespace; never reuse it.
		runtime.LockOSThread()
		return netns.None(), fmt.Errorf("returning to the original network namespace: %w", setErr)
	}
	return ns, err
}

func setUpLinks(h *netlink.Handle) error {
	veth := &netlink.Veth{LinkAttrs: netlink.LinkAttrs{Name: "kc0"}, PeerName: "kc1"}
	if err := h.LinkAdd(veth); err != nil {
		return fmt.Errorf("adding veth pair: %w", err)
	}
	for _, name := range []string{"lo", "kc0", "kc1"} {
		link, err := h.LinkByName(name)
		if err != nil {
			return err
		}
		if err := h.LinkSetUp(link); err != nil {
			return fmt.Errorf("setting %s up: %w", name, err)
		}
		if name != "kc0" {
			continue
		}
		for _, addr := range []*net.IPNet{LinkIPv4, LinkIPv6} {
			// No duplicate address detection: the IPv6 address must be
			// usable at once.
			if err := h.AddrAdd(link, &netlink.Addr{IPNet: addr, Flags: unix.IFA_F_NODAD}); err != nil {
				return fmt.Errorf("adding %s to %s: %w", addr, name, err)
			}
		}
	}
	return nil
}

// Routes lists the namespace's routes of a table with a protocol.
func (n *Namespace) Routes(t testing.TB, table, protocol int) []netlink.Route {
	t.Helper()
	filter := &netlink.Route{Table: table, Protocol: netlink.RouteProtocol(protocol)}
	routes, err := n.Handle.RouteListFiltered(netlink.FAMILY_ALL, filter, netlink.RT_FILTER_TABLE|netlink.RT_FILTER_PROTOCOL)
	if err != nil {
		t.Fatalf("listing routes: %v", err)
	}
	return routes
}

func mustCIDR(s string) *net.IPNet {
	ip, n, err := net.ParseCIDR(s)
	if err != nil {
		panic(err)
	}
	n.IP = ip
	return n
}
