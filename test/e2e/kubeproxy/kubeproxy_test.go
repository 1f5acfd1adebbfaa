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
	"net"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	v1 "k8s.io/api/core/v1"
	discovery "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/wait"
	clientset "k8s.io/client-go/kubernetes"
	kubeapiservertesting "k8s.io/kubernetes/cmd/kube-apiserver/app/testing"
	"k8s.io/kubernetes/test/integration/framework"
	"k8s.io/utils/ptr"
)

// nodeName is the Node the kube-proxy under test runs for.
const nodeName = "node-a"

// cluster is one apiserver, the test network, and a Service "echo" with an
// externalIP whose endpoint is the backend's echo servers.
type cluster struct {
	topo       *topology
	kubeconfig string
	// clusterIP is the ClusterIP of "echo", which the client routes to
	// the node like the externalIP.
	clusterIP string
	// client and namespace reach the apiserver and the namespace of
	// "echo".
	client    clientset.Interface
	namespace string
}

func setUpCluster(t *testing.T) *cluster {
	t.Helper()
	topo := newTopology(t)
	server := kubeapiservertesting.StartTestServerOrDie(t, nil, framework.DefaultTestServerFlags(), framework.SharedEtcd())
	t.Cleanup(server.TearDownFn)
	client := clientset.NewForConfigOrDie(server.ClientConfig)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	// kube-proxy takes its node IPs from its Node.
	node := &v1.Node{
		ObjectMeta: metav1.ObjectMeta{Name: nodeName},
		Status:     v1.NodeStatus{Addresses: []v1.NodeAddress{{Type: v1.NodeInternalIP, Address: nodeClientSide}}},
	}
	created, err := client.CoreV1().Nodes().Create(ctx, node, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("creating Node: %v", err)
	}
	created.Status = node.Status
	if _, err := client.CoreV1().Nodes().UpdateStatus(ctx, created, metav1.UpdateOptions{}); err != nil {
		t.Fatalf("setting the Node's addresses: %v", err)
	}

	ns := framework.CreateNamespaceOrDie(client, "e2e-kube-proxy", t)
	svc := &v1.Service{
		ObjectMeta: metav1.ObjectMeta{Name: "echo"},
		Spec: v1.ServiceSpec{
			Type:        v1.ServiceTypeClusterIP,
			ExternalIPs: []string{externalIP},
			Ports: []v1.ServicePort{
				{Name: "tcp", Protocol: v1.ProtocolTCP, Port: 80, TargetPort: intstr.FromInt32(backendTCPPort)},
				{Name: "udp", Protocol: v1.ProtocolUDP, Port: 53, TargetPort: intstr.FromInt32(backendUDPPort)},
			},
		},
	}
	echo, err := client.CoreV1().Services(ns.Name).Create(ctx, svc, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("creating Service: %v", err)
	}
	if net.ParseIP(echo.Spec.ClusterIP) == nil {
		t.Fatalf("Service echo got no ClusterIP: %q", echo.Spec.ClusterIP)
	}
	topo.client.run(t, "ip", "route", "add", echo.Spec.ClusterIP+"/32", "via", nodeClientSide)
	// No controller-manager runs here: the Service has no selector and the
	// test writes its EndpointSlice.
	slice := backendEndpointSlice("echo",
		discovery.EndpointPort{Name: ptr.To("tcp"), Protocol: ptr.To(v1.ProtocolTCP), Port: ptr.To[int32](backendTCPPort)},
		discovery.EndpointPort{Name: ptr.To("udp"), Protocol: ptr.To(v1.ProtocolUDP), Port: ptr.To[int32](backendUDPPort)})
	if _, err := client.DiscoveryV1().EndpointSlices(ns.Name).Create(ctx, slice, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating EndpointSlice: %v", err)
	}
	// "other" is an unrelated NodePort Service on the same backend: its
	// flows must survive the cleanup of the externalIP's.
	other := &v1.Service{
		ObjectMeta: metav1.ObjectMeta{Name: "other"},
		Spec: v1.ServiceSpec{
			Type:  v1.ServiceTypeNodePort,
			Ports: []v1.ServicePort{{Name: "udp", Protocol: v1.ProtocolUDP, Port: 53, NodePort: otherNodePort, TargetPort: intstr.FromInt32(backendUDPPort)}},
		},
	}
	if _, err := client.CoreV1().Services(ns.Name).Create(ctx, other, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating Service other: %v", err)
	}
	otherSlice := backendEndpointSlice("other",
		discovery.EndpointPort{Name: ptr.To("udp"), Protocol: ptr.To(v1.ProtocolUDP), Port: ptr.To[int32](backendUDPPort)})
	if _, err := client.DiscoveryV1().EndpointSlices(ns.Name).Create(ctx, otherSlice, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating EndpointSlice other-1: %v", err)
	}
	startEchoServers(t, topo.backend)
	return &cluster{topo: topo, kubeconfig: forwardAPIServer(t, topo.node, server.ClientConfig), clusterIP: echo.Spec.ClusterIP,
		client: client, namespace: ns.Name}
}

// backendEndpointSlice is the EndpointSlice "<service>-1" with the backend
// as the one ready endpoint of ports.
func backendEndpointSlice(service string, ports ...discovery.EndpointPort) *discovery.EndpointSlice {
	return &discovery.EndpointSlice{
		ObjectMeta:  metav1.ObjectMeta{Name: service + "-1", Labels: map[string]string{discovery.LabelServiceName: service}},
		AddressType: discovery.AddressTypeIPv4,
		Endpoints: []discovery.Endpoint{{
			Addresses:  []string{backendIP},
			Conditions: discovery.EndpointConditions{Ready: ptr.To(true), Serving: ptr.To(true)},
		}},
		Ports: ports,
	}
}

// otherNodePort is the NodePort of the unrelated Service "other".
const otherNodePort = 30053

var (
	tcpAddress      = net.JoinHostPort(externalIP, "80")
	udpAddress      = net.JoinHostPort(externalIP, "53")
	nodePortAddress = net.JoinHostPort(nodeClientSide, strconv.Itoa(otherNodePort))
)

// TestExternalIPs runs kube-proxy in nftables and in iptables mode: with
// externalIPs allowed the Service answers on its externalIP, over TCP and
// UDP; after a restart with them disallowed it does not, an established UDP
// flow included, and nothing about the externalIP is left in the ruleset or
// the conntrack table, while the same Service's ClusterIP is still in the
// ruleset and answers (so "the externalIP does not answer" cannot pass
// because kube-proxy programmed nothing). In nftables mode the switch is
// the flag, given next to --config; in iptables mode it is the config
// file's field.
func TestExternalIPs(t *testing.T) {
	for _, tc := range []struct {
		mode  string
		rules []string // command that lists kube-proxy's rules
		off   func(t *testing.T, kubeconfig string) []string
	}{
		{
			mode:  "nftables",
			rules: []string{"nft", "list", "ruleset"},
			off: func(t *testing.T, kubeconfig string) []string {
				return configCommandLine(t, kubeconfig, "nftables", "", "--allow-service-external-ips=false")
			},
		},
		{
			mode:  "iptables",
			rules: []string{"iptables-save"},
			off: func(t *testing.T, kubeconfig string) []string {
				return configCommandLine(t, kubeconfig, "iptables", "allowServiceExternalIPs: false\n")
			},
		},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			c := setUpCluster(t)
			client, node := c.topo.client, c.topo.node

			allowed := startKubeProxy(t, node, commandLine(c.kubeconfig, tc.mode))
			clusterIPAddress := net.JoinHostPort(c.clusterIP, "80")
			expectEcho(t, "TCP to the externalIP", func() (string, error) { return tcpEcho(client, tcpAddress, "hello") }, "hello")
			expectEcho(t, "TCP to the ClusterIP", func() (string, error) { return tcpEcho(client, clusterIPAddress, "cluster") }, "cluster")
			udp, err := client.dial("udp4", udpAddress)
			if err != nil {
				t.Fatal(err)
			}
			defer udp.Close()
			expectEcho(t, "UDP to the externalIP", func() (string, error) { return exchange(udp, "ping") }, "ping")
			nodePort, err := client.dial("udp4", nodePortAddress)
			if err != nil {
				t.Fatal(err)
			}
			defer nodePort.Close()
			expectEcho(t, "UDP to the unrelated NodePort", func() (string, error) { return exchange(nodePort, "node") }, "node")
			if v, err := allowed.metric("kubeproxy_services_external_ips_ignored"); err != nil || v != "0" {
				t.Errorf("kubeproxy_services_external_ips_ignored = %q (%v) with externalIPs allowed, want 0", v, err)
			}
			if rules := node.run(t, tc.rules[0], tc.rules[1:]...); !mentionsIP(rules, externalIP) {
				t.Fatalf("with externalIPs allowed the %s rules do not mention %s:\n%s", tc.mode, externalIP, rules)
			}

			// Restart, as an operator applying the switch does. The rules
			// and the UDP flow's conntrack entry outlive the process.
			allowed.Stop()
			ignoring := startKubeProxy(t, node, tc.off(t, c.kubeconfig))

			waitFor(t, "the externalIPs-ignored gauge to count the Service", func() (bool, error) {
				v, err := ignoring.metric("kubeproxy_services_external_ips_ignored")
				return v == "1", err
			})
			waitFor(t, "conntrack entries to the externalIP to be deleted", func() (bool, error) {
				return conntrackEntriesTo(t, node, externalIP) == 0, nil
			})
			// What the switch must leave working: the same Service's
			// ClusterIP is programmed and answers.
			rules := node.run(t, tc.rules[0], tc.rules[1:]...)
			if !mentionsIP(rules, c.clusterIP) {
				t.Errorf("with externalIPs ignored the %s rules do not mention the Service's ClusterIP %s:\n%s", tc.mode, c.clusterIP, rules)
			}
			if mentionsIP(rules, externalIP) {
				t.Errorf("with externalIPs ignored the %s rules still mention %s:\n%s", tc.mode, externalIP, rules)
			}
			if reply, err := tcpEcho(client, clusterIPAddress, "cluster again"); err != nil || reply != backendIP+" cluster again" {
				t.Errorf("TCP to the ClusterIP %s of the Service whose externalIP is ignored: %q, %v; want the backend's echo", clusterIPAddress, reply, err)
			}
			if reply, err := tcpEcho(client, tcpAddress, "hello again"); err == nil {
				t.Errorf("TCP to the ignored externalIP was answered: %q", reply)
			}
			if reply, err := exchange(udp, "ping again"); err == nil {
				t.Errorf("the established UDP flow to the ignored externalIP was answered: %q", reply)
			}
			// The same restart and cleanup leave an unrelated flow alone:
			// the established UDP flow to the NodePort still gets answers,
			// over its conntrack entry.
			if n := conntrackEntriesTo(t, node, nodeClientSide); n == 0 {
				t.Errorf("the conntrack entry of the established NodePort flow to %s was deleted", nodePortAddress)
			}
			if reply, err := exchange(nodePort, "node again"); err != nil || reply != backendIP+" node again" {
				t.Errorf("the established UDP flow to the unrelated NodePort %s: %q, %v; want the backend's echo", nodePortAddress, reply, err)
			}
			out := ignoring.Output()
			for _, want := range []string{`"Service externalIPs" implemented="none"`, `"Ignoring Service externalIPs`, `reason="NotAllowed"`} {
				if !strings.Contains(out, want) {
					t.Errorf("kube-proxy did not log %s", want)
				}
			}
		})
	}
}

// mentionsIP reports whether a ruleset names the IPv4 address ip, as a
// whole address: 10.0.0.2 is not mentioned by a rule for 10.0.0.25.
func mentionsIP(rules, ip string) bool {
	return regexp.MustCompile(`(^|[^0-9.])` + regexp.QuoteMeta(ip) + `($|[^0-9])`).MatchString(rules)
}

// expectEcho polls until request gets the backend's echo of want.
func expectEcho(t *testing.T, what string, request func() (string, error), want string) {
	t.Helper()
	want = backendIP + " " + want
	var last string
	var lastErr error
	err := wait.PollUntilContextTimeout(context.Background(), 200*time.Millisecond, 30*time.Second, true, func(context.Context) (bool, error) {
		last, lastErr = request()
		return lastErr == nil && last == want, nil
	})
	if err != nil {
		t.Fatalf("%s: never got %q: last reply %q, error %v", what, want, last, lastErr)
	}
}

func waitFor(t *testing.T, what string, condition func() (bool, error)) {
	t.Helper()
	var lastErr error
	err := wait.PollUntilContextTimeout(context.Background(), 100*time.Millisecond, 30*time.Second, true, func(context.Context) (bool, error) {
		ok, err := condition()
		lastErr = err
		return ok, nil
	})
	if err != nil {
		t.Fatalf("waiting for %s: %v (last error: %v)", what, err, lastErr)
	}
}

// conntrackEntriesTo counts the node's conntrack entries whose original
// destination is ip.
func conntrackEntriesTo(t *testing.T, node *netNS, ip string) int {
	t.Helper()
	// conntrack prints the entries on stdout and a summary on stderr, and
	// exits 0 with no entries too.
	out, err := node.command("conntrack", "-L", "--orig-dst", ip).Output()
	if err != nil {
		t.Fatalf("conntrack -L: %v", err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if line != "" {
			n++
		}
	}
	return n
}
