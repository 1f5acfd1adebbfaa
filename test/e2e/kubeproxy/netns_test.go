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

package kubeproxy

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/vishvananda/netlink"
	"github.com/vishvananda/netns"
)

// The test network. Client and node share 198.51.100.0/24 (TEST-NET-2),
// node and backend 10.244.1.0/24 (a Pod CIDR inside --cluster-cidr). The
// Service's externalIP is in TEST-NET-3, which only the client routes, to
// the node: nothing but kube-proxy's rules makes it lead anywhere.
const (
	clientIP       = "198.51.100.2"
	nodeClientSide = "198.51.100.1"
	nodeBackendIP  = "10.244.1.1"
	backendIP      = "10.244.1.2"
	clusterCIDR    = "10.244.0.0/16"
	externalIP     = "203.0.113.10"
)

// netNS is a named network namespace (so that `ip netns exec` can run a
// process in it) that the test removes when it ends.
type netNS struct {
	name   string
	handle netns.NsHandle
}

// topology is the three namespaces, wired up.
type topology struct {
	client, node, backend *netNS
}

func newTopology(t *testing.T) *topology {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("the kube-proxy e2e tests create network namespaces and run kube-proxy: they need root")
	}
	prefix := fmt.Sprintf("kc-e2e-%d-%d", os.Getpid(), nextNamespaceID())
	topo := &topology{
		client:  newNetNS(t, prefix+"-client"),
		node:    newNetNS(t, prefix+"-node"),
		backend: newNetNS(t, prefix+"-backend"),
	}
	vethBetween(t, topo.client, "eth0", clientIP+"/24", topo.node, "eth-client", nodeClientSide+"/24")
	vethBetween(t, topo.node, "eth-backend", nodeBackendIP+"/24", topo.backend, "eth0", backendIP+"/24")
	topo.client.run(t, "ip", "route", "add", externalIP+"/32", "via", nodeClientSide)
	topo.backend.run(t, "ip", "route", "add", "198.51.100.0/24", "via", nodeBackendIP)
	topo.node.run(t, "sh", "-c", "echo 1 > /proc/sys/net/ipv4/ip_forward")
	return topo
}

var namespaceIDs = make(chan int, 1)

func init() { namespaceIDs <- 0 }

func nextNamespaceID() int {
	id := <-namespaceIDs
	namespaceIDs <- id + 1
	return id
}

func newNetNS(t *testing.T, name string) *netNS {
	t.Helper()
	var handle netns.NsHandle
	err := onOriginalNetNSAfter(func() (err error) {
		handle, err = netns.NewNamed(name)
		return err
	})
	if err != nil {
		t.Fatalf("creating network namespace %s: %v", name, err)
	}
	n := &netNS{name: name, handle: handle}
	t.Cleanup(func() {
		_ = handle.Close()
		if err := netns.DeleteNamed(name); err != nil {
			t.Errorf("deleting network namespace %s: %v", name, err)
		}
	})
	n.run(t, "ip", "link", "set", "lo", "up")
	return n
}

// onOriginalNetNSAfter runs fn on a locked thread and moves the thread back
// to the test's network namespace afterwards, whatever fn did to it.
func onOriginalNetNSAfter(fn func() error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	orig, err := netns.Get()
	if err != nil {
		return err
	}
	defer orig.Close()
	fnErr := fn()
	if err := netns.Set(orig); err != nil {
		// The thread is stuck in another namespace: never let it run
		// anything else (it ends with the goroutine when left locked).
		runtime.LockOSThread()
		return fmt.Errorf("returning to the original network namespace: %w", err)
	}
	return fnErr
}

// do runs fn with the calling thread inside the namespace. Sockets that fn
// creates stay in the namespace and may be used from any goroutine later.
func (n *netNS) do(fn func() error) error {
	return onOriginalNetNSAfter(func() error {
		if err := netns.Set(n.handle); err != nil {
			return fmt.Errorf("entering network namespace %s: %w", n.name, err)
		}
		return fn()
	})
}

func (n *netNS) dial(network, address string) (net.Conn, error) {
	var conn net.Conn
	err := n.do(func() (err error) {
		conn, err = net.DialTimeout(network, address, dialTimeout)
		return err
	})
	return conn, err
}

func (n *netNS) listen(t *testing.T, network, address string) net.Listener {
	t.Helper()
	var l net.Listener
	if err := n.do(func() (err error) { l, err = net.Listen(network, address); return err }); err != nil {
		t.Fatalf("listening on %s %s in %s: %v", network, address, n.name, err)
	}
	t.Cleanup(func() { _ = l.Close() })
	return l
}

func (n *netNS) listenPacket(t *testing.T, network, address string) net.PacketConn {
	t.Helper()
	var c net.PacketConn
	if err := n.do(func() (err error) { c, err = net.ListenPacket(network, address); return err }); err != nil {
		t.Fatalf("listening on %s %s in %s: %v", network, address, n.name, err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// command returns a command that runs in the namespace.
func (n *netNS) command(name string, args ...string) *exec.Cmd {
	return exec.Command("ip", append([]string{"netns", "exec", n.name, name}, args...)...)
}

// run runs a command in the namespace and returns its output; it fails the
// test if the command fails.
func (n *netNS) run(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := n.command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("in %s: %s %s: %v\n%s", n.name, name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// vethBetween connects two namespaces with a veth pair.
func vethBetween(t *testing.T, a *netNS, aName, aAddr string, b *netNS, bName, bAddr string) {
	t.Helper()
	var err error
	err = a.do(func() error {
		veth := &netlink.Veth{LinkAttrs: netlink.LinkAttrs{Name: aName}, PeerName: bName}
		if err := netlink.LinkAdd(veth); err != nil {
			return fmt.Errorf("adding veth %s/%s: %w", aName, bName, err)
		}
		peer, err := netlink.LinkByName(bName)
		if err != nil {
			return err
		}
		return netlink.LinkSetNsFd(peer, int(b.handle))
	})
	if err != nil {
		t.Fatalf("in %s: %v", a.name, err)
	}
	a.run(t, "ip", "addr", "add", aAddr, "dev", aName)
	a.run(t, "ip", "link", "set", aName, "up")
	b.run(t, "ip", "addr", "add", bAddr, "dev", bName)
	b.run(t, "ip", "link", "set", bName, "up")
}
