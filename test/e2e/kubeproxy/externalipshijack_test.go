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
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	v1 "k8s.io/api/core/v1"
	discovery "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/utils/ptr"
)

// The hijack test's backends: the victim's pod is the backend namespace's
// address, the attacker's pod a second address of the same namespace. Both
// run an echo server on hijackPort that answers every request of a
// connection with "<its address> <request>".
const (
	evilBackendIP = "10.244.1.3"
	hijackPort    = 8081
)

// TestExternalIPHijack is CVE-2020-8554 on a real node: Service "evil" lists
// Service "victim"'s ClusterIP as its externalIP, on the victim's port. While
// kube-proxy implements externalIPs, some connections to the victim's
// ClusterIP end up at evil's pod. After a restart with externalIPs ignored,
// the hijacked connections are cut (their conntrack entries are deleted,
// although their address:port is still the victim's live frontend), while
// the victim's own established connections keep working over theirs, and a
// new connection reaches the victim. Switches as in TestExternalIPs: the
// flag next to --config in nftables mode, the config field in iptables mode.
func TestExternalIPHijack(t *testing.T) {
	for _, tc := range []struct {
		mode string
		off  func(t *testing.T, kubeconfig string) []string
	}{
		{
			mode: "nftables",
			off: func(t *testing.T, kubeconfig string) []string {
				return configCommandLine(t, kubeconfig, "nftables", "", "--allow-service-external-ips=false")
			},
		},
		{
			mode: "iptables",
			off: func(t *testing.T, kubeconfig string) []string {
				return configCommandLine(t, kubeconfig, "iptables", "allowServiceExternalIPs: false\n")
			},
		},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			c := setUpCluster(t)
			client, node, backend := c.topo.client, c.topo.node, c.topo.backend
			backend.run(t, "ip", "addr", "add", evilBackendIP+"/24", "dev", "eth0")
			startStreamEchoServer(t, backend, backendIP)
			startStreamEchoServer(t, backend, evilBackendIP)

			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			victimIP := c.createHijackService(ctx, t, "victim", nil, backendIP)
			client.run(t, "ip", "route", "add", victimIP+"/32", "via", nodeClientSide)
			c.createHijackService(ctx, t, "evil", []string{victimIP}, evilBackendIP)
			victimAddress := net.JoinHostPort(victimIP, "80")

			allowed := startKubeProxy(t, node, commandLine(c.kubeconfig, tc.mode))
			hijacked, own := c.hijackedAndOwnConnections(ctx, t, allowed, victimAddress)
			defer hijacked.Close()
			defer own.Close()
			if n := conntrackEntries(t, node, "--orig-dst", victimIP, "--reply-src", evilBackendIP); n == 0 {
				t.Fatalf("no conntrack entry of the hijacked connection to %s from %s", victimAddress, evilBackendIP)
			}

			allowed.Stop()
			ignoring := startKubeProxy(t, node, tc.off(t, c.kubeconfig))
			waitFor(t, "the externalIPs-ignored gauge to count echo and evil", func() (bool, error) {
				v, err := ignoring.metric("kubeproxy_services_external_ips_ignored")
				return v == "2", err
			})
			waitFor(t, "the conntrack entry of the hijacked connection to be deleted", func() (bool, error) {
				return conntrackEntries(t, node, "--orig-dst", victimIP, "--reply-src", evilBackendIP) == 0, nil
			})
			if reply, err := exchange(hijacked, "hijacked again"); err == nil {
				t.Errorf("the hijacked connection to %s still got an answer: %q", victimAddress, reply)
			}
			if reply, err := exchange(own, "own again"); err != nil || reply != backendIP+" own again" {
				t.Errorf("the victim's established connection to %s: %q, %v; want the victim's echo", victimAddress, reply, err)
			}
			if n := conntrackEntries(t, node, "--orig-dst", victimIP, "--reply-src", backendIP); n == 0 {
				t.Errorf("the conntrack entry of the victim's established connection to %s was deleted", victimAddress)
			}
			if reply, err := tcpEcho(client, victimAddress, "new"); err != nil || reply != backendIP+" new" {
				t.Errorf("a new connection to the victim's ClusterIP %s: %q, %v; want the victim's echo", victimAddress, reply, err)
			}
		})
	}
}

// createHijackService creates a ClusterIP Service with one TCP port 80,
// externalIPs, and the EndpointSlice with endpoint endpointIP:hijackPort;
// it returns the ClusterIP.
func (c *cluster) createHijackService(ctx context.Context, t *testing.T, name string, externalIPs []string, endpointIP string) string {
	t.Helper()
	svc := &v1.Service{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: v1.ServiceSpec{
			Type:        v1.ServiceTypeClusterIP,
			ExternalIPs: externalIPs,
			Ports:       []v1.ServicePort{{Name: "tcp", Protocol: v1.ProtocolTCP, Port: 80, TargetPort: intstr.FromInt32(hijackPort)}},
		},
	}
	created, err := c.client.CoreV1().Services(c.namespace).Create(ctx, svc, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("creating Service %s: %v", name, err)
	}
	slice := backendEndpointSlice(name, discovery.EndpointPort{Name: ptr.To("tcp"), Protocol: ptr.To(v1.ProtocolTCP), Port: ptr.To[int32](hijackPort)})
	slice.Endpoints[0].Addresses = []string{endpointIP}
	if _, err := c.client.DiscoveryV1().EndpointSlices(c.namespace).Create(ctx, slice, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating the EndpointSlice of %s: %v", name, err)
	}
	return created.Spec.ClusterIP
}

// hijackedAndOwnConnections opens connections to address, the victim's
// ClusterIP:port, until one is answered by evil's pod and one by the
// victim's, and returns those two, open. Both Services' rules match the
// address:port and kube-proxy writes them in the order it walks its Service
// map, which Go randomises at every sync: between attempts the test creates
// a Service and waits until proxy has synced again, so that the other rule
// may come first.
func (c *cluster) hijackedAndOwnConnections(ctx context.Context, t *testing.T, proxy *kubeProxy, address string) (hijacked, own net.Conn) {
	t.Helper()
	for attempt := 0; attempt < 60 && (hijacked == nil || own == nil); attempt++ {
		if attempt > 0 {
			lastSync, err := proxy.metric(lastSyncMetric)
			if err != nil {
				t.Fatal(err)
			}
			resync := &v1.Service{
				ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("resync-%d", attempt)},
				Spec:       v1.ServiceSpec{Ports: []v1.ServicePort{{Protocol: v1.ProtocolTCP, Port: 9}}},
			}
			if _, err := c.client.CoreV1().Services(c.namespace).Create(ctx, resync, metav1.CreateOptions{}); err != nil {
				t.Fatalf("creating Service %s: %v", resync.Name, err)
			}
			waitFor(t, "kube-proxy to sync "+resync.Name, func() (bool, error) {
				v, err := proxy.metric(lastSyncMetric)
				return err == nil && v != lastSync, err
			})
		}
		conn, err := c.topo.client.dial("tcp4", address)
		if err != nil {
			continue
		}
		reply, err := exchange(conn, "probe")
		switch {
		case err == nil && reply == evilBackendIP+" probe" && hijacked == nil:
			hijacked = conn
		case err == nil && reply == backendIP+" probe" && own == nil:
			own = conn
		default:
			conn.Close()
		}
	}
	if hijacked == nil || own == nil {
		t.Fatalf("connections to %s: hijacked by evil %v, answered by the victim %v; want one of each", address, hijacked != nil, own != nil)
	}
	return hijacked, own
}

// startStreamEchoServer runs a TCP echo server on ip:hijackPort in ns that
// answers each request of a connection with "<ip> <request>", until the
// client closes it or the test ends. A connection whose flow was cut never
// sees the client's FIN, so the server closes its connections itself.
func startStreamEchoServer(t *testing.T, ns *netNS, ip string) {
	t.Helper()
	l := ns.listen(t, "tcp4", net.JoinHostPort(ip, fmt.Sprint(hijackPort)))
	var (
		mu    sync.Mutex
		conns []net.Conn
		wg    sync.WaitGroup
	)
	t.Cleanup(func() {
		_ = l.Close()
		mu.Lock()
		for _, conn := range conns {
			_ = conn.Close()
		}
		mu.Unlock()
		wg.Wait()
	})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, conn)
			mu.Unlock()
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer conn.Close()
				buf := make([]byte, 512)
				for {
					n, err := conn.Read(buf)
					if err != nil {
						return
					}
					if _, err := fmt.Fprintf(conn, "%s %s", ip, buf[:n]); err != nil {
						return
					}
				}
			}()
		}
	}()
}

// conntrackEntries counts the node's conntrack entries that match the
// conntrack -L filter args.
func conntrackEntries(t *testing.T, node *netNS, args ...string) int {
	t.Helper()
	out, err := node.command("conntrack", append([]string{"-L"}, args...)...).Output()
	if err != nil {
		t.Fatalf("conntrack -L %s: %v", strings.Join(args, " "), err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if line != "" {
			n++
		}
	}
	return n
}
