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

// Package netnstest gives tests network namespaces of their own, so that
// code that programs kernel routes or packet filters runs for real without
// touching the host's network.
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

	"github.com/kubecarry/kubecarry/test/utils/privileged"
)

// Namespace is a named network namespace that the test removes when it ends.
// New also gives it a veth pair whose first end holds LinkIPv4 and LinkIPv6,
// so next hops in those subnets are reachable.
type Namespace struct {
	// Name is the namespace's name, for `ip netns exec`.
	Name string
	// Path is the namespace's bind mount, for setns(2) or a config file.
	Path string
	// Handle is a netlink socket inside the namespace.
	Handle *netlink.Handle
	// NS is the namespace itself, e.g. to move links into it.
	NS netns.NsHandle
}

// Addresses on the namespace's veth link; the subnets are on-link.
var (
	LinkIPv4 = mustCIDR("10.0.0.1/24")
	LinkIPv6 = mustCIDR("fd00::1/64")
)

// New creates a namespace with the veth pair and removes it when the test
// ends. Without root it skips the test, or fails it when
// KUBECARRY_REQUIRE_PRIVILEGED_TESTS is set (see package privileged).
func New(t testing.TB) *Namespace {
	t.Helper()
	n := NewNamed(t, fmt.Sprintf("kubecarry-test-%d-%s", os.Getpid(), filepath.Base(t.TempDir())))
	if err := setUpLinks(n.Handle); err != nil {
		t.Fatalf("setting up links in network namespace %s: %v", n.Name, err)
	}
	return n
}

// NewNamed creates an empty namespace called name, with its loopback up, and
// removes it when the test ends. Without root it skips or fails the test,
// as New does.
func NewNamed(t testing.TB, name string) *Namespace {
	t.Helper()
	privileged.Require(t, "create network namespace "+name)
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
	lo, err := handle.LinkByName("lo")
	if err == nil {
		err = handle.LinkSetUp(lo)
	}
	if err != nil {
		t.Fatalf("setting lo up in network namespace %s: %v", name, err)
	}
	return &Namespace{Name: name, Path: filepath.Join("/run/netns", name), Handle: handle, NS: ns}
}

// Do runs fn with the calling thread inside the namespace, and moves the
// thread back afterwards. Sockets fn creates stay in the namespace and may be
// used from any goroutine later.
func (n *Namespace) Do(fn func() error) error {
	return onOriginalNamespaceAfter(func() error {
		if err := netns.Set(n.NS); err != nil {
			return fmt.Errorf("entering network namespace %s: %w", n.Name, err)
		}
		return fn()
	})
}

// newNamed creates a named namespace. netns.NewNamed moves the calling
// thread into it, so it runs where the thread is moved back afterwards.
func newNamed(name string) (netns.NsHandle, error) {
	ns := netns.None()
	err := onOriginalNamespaceAfter(func() (err error) {
		ns, err = netns.NewNamed(name)
		return err
	})
	return ns, err
}

// onOriginalNamespaceAfter runs fn on a locked thread and moves the thread
// back to the original network namespace afterwards, whatever fn did to it.
func onOriginalNamespaceAfter(fn func() error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	orig, err := netns.Get()
	if err != nil {
		return err
	}
	defer orig.Close()
	fnErr := fn()
	if err := netns.Set(orig); err != nil {
		// The thread is stuck in another namespace; never reuse it (a
		// goroutine that ends while locked takes its thread with it).
		runtime.LockOSThread()
		return fmt.Errorf("returning to the original network namespace: %w", err)
	}
	return fnErr
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
