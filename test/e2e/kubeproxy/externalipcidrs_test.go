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
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// outsideExternalIP is a second externalIP of "echo", routed by the client
// to the node like externalIP, but outside the allowed CIDRs below.
const outsideExternalIP = "203.0.113.77"

// TestExternalIPCIDRs runs kube-proxy with externalIPs allowed only inside
// externalIP/32, in nftables mode (flag next to --config) and iptables mode
// (config field). "echo" has two externalIPs: the one inside answers over
// TCP and UDP, the one outside gets no answer and is in no rule, and the
// gauge and the log report the Service with reason OutsideAllowedCIDRs.
func TestExternalIPCIDRs(t *testing.T) {
	allowed := externalIP + "/32"
	for _, tc := range []struct {
		mode  string
		rules []string
		args  func(t *testing.T, kubeconfig string) []string
	}{
		{
			mode:  "nftables",
			rules: []string{"nft", "list", "ruleset"},
			args: func(t *testing.T, kubeconfig string) []string {
				return configCommandLine(t, kubeconfig, "nftables", "", "--service-external-ip-cidrs="+allowed)
			},
		},
		{
			mode:  "iptables",
			rules: []string{"iptables-save"},
			args: func(t *testing.T, kubeconfig string) []string {
				return configCommandLine(t, kubeconfig, "iptables", "serviceExternalIPCIDRs: ["+allowed+"]\n")
			},
		},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			c := setUpCluster(t)
			client, node := c.topo.client, c.topo.node
			client.run(t, "ip", "route", "add", outsideExternalIP+"/32", "via", nodeClientSide)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			echo, err := c.client.CoreV1().Services(c.namespace).Get(ctx, "echo", metav1.GetOptions{})
			if err != nil {
				t.Fatal(err)
			}
			echo.Spec.ExternalIPs = []string{externalIP, outsideExternalIP}
			if _, err := c.client.CoreV1().Services(c.namespace).Update(ctx, echo, metav1.UpdateOptions{}); err != nil {
				t.Fatalf("adding the second externalIP: %v", err)
			}

			kp := startKubeProxy(t, node, tc.args(t, c.kubeconfig))
			expectEcho(t, "TCP to the externalIP inside the CIDRs", func() (string, error) { return tcpEcho(client, tcpAddress, "inside") }, "inside")
			udp, err := client.dial("udp4", udpAddress)
			if err != nil {
				t.Fatal(err)
			}
			defer udp.Close()
			expectEcho(t, "UDP to the externalIP inside the CIDRs", func() (string, error) { return exchange(udp, "inside") }, "inside")
			waitFor(t, "the externalIPs-ignored gauge to count the Service", func() (bool, error) {
				v, err := kp.metric("kubeproxy_services_external_ips_ignored")
				return v == "1", err
			})

			outside := net.JoinHostPort(outsideExternalIP, "80")
			if reply, err := tcpEcho(client, outside, "outside"); err == nil {
				t.Errorf("TCP to the externalIP outside the CIDRs %s was answered: %q", outside, reply)
			}
			rules := node.run(t, tc.rules[0], tc.rules[1:]...)
			if !mentionsIP(rules, externalIP) {
				t.Errorf("the %s rules do not mention the allowed externalIP %s:\n%s", tc.mode, externalIP, rules)
			}
			if mentionsIP(rules, outsideExternalIP) {
				t.Errorf("the %s rules mention %s, outside the allowed CIDRs:\n%s", tc.mode, outsideExternalIP, rules)
			}
			out := kp.Output()
			for _, want := range []string{
				`"Service externalIPs" implemented="only inside serviceExternalIPCIDRs"`,
				`serviceExternalIPCIDRs=["` + allowed + `"]`,
				`reason="OutsideAllowedCIDRs"`,
			} {
				if !strings.Contains(out, want) {
					t.Errorf("kube-proxy did not log %s", want)
				}
			}
		})
	}
}
