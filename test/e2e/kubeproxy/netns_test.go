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
	"path/filepath"
	"strings"
	"testing"

	"github.com/vishvananda/netlink"

	"github.com/kubecarry/kubecarry/test/utils/netnstest"
	"github.com/kubecarry/kubecarry/test/utils/privileged"
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

// netNS is a namespace of the test network.
type netNS struct {
	*netnstest.Namespace
}

// topology is the three namespaces, wired up.
type topology struct {
	client, node, backend *netNS
}

func newTopology(t *testing.T) *topology {
	t.Helper()
	privileged.Require(t, "create network namespaces and run kube-proxy in them")
	prefix := fmt.Sprintf("kc-e2e-%d-%s", os.Getpid(), filepath.Base(t.TempDir()))
	topo := &topology{
		client:  &netNS{netnstest.NewNamed(t, prefix+"-client")},
		node:    &netNS{netnstest.NewNamed(t, prefix+"-node")},
		backend: &netNS{netnstest.NewNamed(t, prefix+"-backend")},
	}
	vethBetween(t, topo.client, "eth0", clientIP+"/24", topo.node, "eth-client", nodeClientSide+"/24")
	vethBetween(t, topo.node, "eth-backend", nodeBackendIP+"/24", topo.backend, "eth0", backendIP+"/24")
	topo.client.run(t, "ip", "route", "add", externalIP+"/32", "via", nodeClientSide)
	topo.backend.run(t, "ip", "route", "add", "198.51.100.0/24", "via", nodeBackendIP)
	topo.node.run(t, "sh", "-c", "echo 1 > /proc/sys/net/ipv4/ip_forward")
	return topo
}

func (n *netNS) dial(network, address string) (net.Conn, error) {
	var conn net.Conn
	err := n.Do(func() (err error) {
		conn, err = net.DialTimeout(network, address, dialTimeout)
		return err
	})
	return conn, err
}

func (n *netNS) listen(t *testing.T, network, address string) net.Listener {
	t.Helper()
	var l net.Listener
	if err := n.Do(func() (err error) { l, err = net.Listen(network, address); return err }); err != nil {
		t.Fatalf("listening on %s %s in %s: %v", network, address, n.Name, err)
	}
	t.Cleanup(func() { _ = l.Close() })
	return l
}

func (n *netNS) listenPacket(t *testing.T, network, address string) net.PacketConn {
	t.Helper()
	var c net.PacketConn
	if err := n.Do(func() (err error) { c, err = net.ListenPacket(network, address); return err }); err != nil {
		t.Fatalf("listening on %s %s in %s: %v", network, address, n.Name, err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// command returns a command that runs in the namespace.
func (n *netNS) command(name string, args ...string) *exec.Cmd {
	return exec.Command("ip", append([]string{"netns", "exec", n.Name, name}, args...)...)
}

// run runs a command in the namespace and returns its output; it fails the
// test if the command fails.
func (n *netNS) run(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := n.command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("in %s: %s %s: %v\n%s", n.Name, name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// vethBetween connects two namespaces with a veth pair.
func vethBetween(t *testing.T, a *netNS, aName, aAddr string, b *netNS, bName, bAddr string) {
	t.Helper()
	veth := &netlink.Veth{LinkAttrs: netlink.LinkAttrs{Name: aName}, PeerName: bName}
	if err := a.Handle.LinkAdd(veth); err != nil {
		t.Fatalf("in %s: adding veth %s/%s: %v", a.Name, aName, bName, err)
	}
	peer, err := a.Handle.LinkByName(bName)
	if err == nil {
		err = a.Handle.LinkSetNsFd(peer, int(b.NS))
	}
	if err != nil {
		t.Fatalf("in %s: moving %s to %s: %v", a.Name, bName, b.Name, err)
	}
	a.run(t, "ip", "addr", "add", aAddr, "dev", aName)
	a.run(t, "ip", "link", "set", aName, "up")
	b.run(t, "ip", "addr", "add", bAddr, "dev", bName)
	b.run(t, "ip", "link", "set", bName, "up")
}
