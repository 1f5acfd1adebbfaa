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

package kubecarry

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	v1 "k8s.io/api/core/v1"
)

const validConfig = `
region: dc1
zone: dc1-a
routeTable:
  destinationCIDRs: [10.244.0.0/16, "fd00:244::/48"]
instances:
- name: node-a
  type: metal.large
  addresses:
  - {type: InternalIP, address: 10.0.0.11}
  - {type: Hostname, address: node-a}
- name: node-b
  id: rack2-slot4
  zone: dc1-b
  addresses:
  - {type: InternalIP, address: 10.0.0.12}
`

func TestLoadConfigAcceptsAndDefaults(t *testing.T) {
	cfg, err := LoadConfig(strings.NewReader(validConfig))
	if err != nil {
		t.Fatalf("LoadConfig: %v", err)
	}
	if cfg.RouteTable.Type != RouteTableMemory {
		t.Errorf("routeTable.type defaulted to %q, want %q", cfg.RouteTable.Type, RouteTableMemory)
	}
	if got := cfg.Instances[0].ID; got != "node-a" {
		t.Errorf("instances[0].id defaulted to %q, want the name", got)
	}
	if got := cfg.Instances[1].ID; got != "rack2-slot4" {
		t.Errorf("instances[1].id = %q, want the configured rack2-slot4", got)
	}

	netlinkCfg, err := LoadConfig(strings.NewReader("routeTable: {type: netlink}\ninstances: []\n"))
	if err != nil {
		t.Fatalf("LoadConfig(netlink): %v", err)
	}
	if n := netlinkCfg.RouteTable.Netlink; n == nil || n.Table != DefaultNetlinkTable || n.Protocol != DefaultNetlinkProtocol {
		t.Errorf("netlink defaults = %+v, want table %d protocol %d", n, DefaultNetlinkTable, DefaultNetlinkProtocol)
	}
}

func TestLoadConfigRejects(t *testing.T) {
	tests := []struct {
		name   string
		config string
		want   []string // substrings of the error
	}{
		{
			name:   "unknown field",
			config: "instances: []\nroutetable: {type: memory}\n",
			want:   []string{`unknown field "routetable"`},
		},
		{
			name:   "unknown nested field",
			config: "instances:\n- name: a\n  adresses: []\n",
			want:   []string{`unknown field "instances[0].adresses"`},
		},
		{
			name:   "bad destination CIDR",
			config: "routeTable: {destinationCIDRs: [10.244.0.0/33]}\ninstances: []\n",
			want:   []string{"routeTable.destinationCIDRs[0]", "10.244.0.0/33", "must be a CIDR"},
		},
		{
			name:   "destination CIDR with host bits",
			config: "routeTable: {destinationCIDRs: [10.244.1.7/16]}\ninstances: []\n",
			want:   []string{"routeTable.destinationCIDRs[0]", "did you mean 10.244.0.0/16"},
		},
		{
			name:   "unknown route table type",
			config: "routeTable: {type: bgp}\ninstances: []\n",
			want:   []string{"routeTable.type", `"bgp"`, `"memory"`, `"netlink"`},
		},
		{
			name:   "netlink settings with the memory table",
			config: "routeTable: {netlink: {table: 100}}\ninstances: []\n",
			want:   []string{"routeTable.netlink", "only valid with type netlink"},
		},
		{
			name:   "reserved protocol",
			config: "routeTable: {type: netlink, netlink: {protocol: 4}}\ninstances: []\n",
			want:   []string{"routeTable.netlink.protocol", "must be from 5 to 255"},
		},
		{
			name:   "local table",
			config: "routeTable: {type: netlink, netlink: {table: 255}}\ninstances: []\n",
			want:   []string{"routeTable.netlink.table", "255 (local)"},
		},
		{
			name:   "duplicate instance",
			config: "instances:\n- {name: a, addresses: [{type: InternalIP, address: 10.0.0.1}]}\n- {name: a, id: b, addresses: [{type: InternalIP, address: 10.0.0.2}]}\n",
			want:   []string{"instances[1].name", "Duplicate value"},
		},
		{
			name: "two machines with one InternalIP",
			config: "instances:\n- {name: a, addresses: [{type: InternalIP, address: 10.0.0.1}]}\n" +
				"- {name: b, addresses: [{type: InternalIP, address: 10.0.0.2}, {type: InternalIP, address: 10.0.0.1}]}\n",
			want: []string{"instances[1].addresses[1].address", `instance "a" (instances[0])`, `instance "b" (instances[1])`, "both have address 10.0.0.1"},
		},
		{
			name: "one machine's ExternalIP is another's InternalIP, spelled differently",
			config: "instances:\n- {name: a, addresses: [{type: InternalIP, address: 10.0.0.1}, {type: ExternalIP, address: \"fd00::0:1\"}]}\n" +
				"- {name: b, addresses: [{type: InternalIP, address: \"fd00::1\"}]}\n",
			want: []string{"instances[1].addresses[0].address", `instance "a" (instances[0])`, `instance "b" (instances[1])`, "both have address fd00::1"},
		},
		{
			name:   "no InternalIP",
			config: "instances:\n- {name: a, addresses: [{type: ExternalIP, address: 203.0.113.1}]}\n",
			want:   []string{"instances[0].addresses", "at least one InternalIP"},
		},
		{
			name:   "bad address",
			config: "instances:\n- {name: a, addresses: [{type: InternalIP, address: 10.0.0.300}]}\n",
			want:   []string{"instances[0].addresses[0].address", "10.0.0.300"},
		},
		{
			name:   "bad instance name",
			config: "instances:\n- {name: Node_A, addresses: [{type: InternalIP, address: 10.0.0.1}]}\n",
			want:   []string{"instances[0].name", "Node_A"},
		},
		{
			name:   "several problems at once",
			config: "routeTable: {type: bgp, destinationCIDRs: [nope]}\ninstances: []\n",
			want:   []string{"routeTable.type", "routeTable.destinationCIDRs[0]"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadConfig(strings.NewReader(tc.config))
			if err == nil {
				t.Fatalf("LoadConfig accepted:\n%s", tc.config)
			}
			for _, want := range tc.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not mention %q", err, want)
				}
			}
		})
	}
}

// One machine may list an address under two types; only two machines
// sharing one is an error.
func TestLoadConfigAcceptsAnAddressTwiceOnOneMachine(t *testing.T) {
	cfg, err := LoadConfig(strings.NewReader("instances:\n- {name: a, addresses: [{type: InternalIP, address: 10.0.0.1}, {type: ExternalIP, address: 10.0.0.1}]}\n" +
		"- {name: b, addresses: [{type: InternalIP, address: 10.0.0.2}]}\n"))
	if err != nil {
		t.Fatalf("LoadConfig: %v", err)
	}
	if len(cfg.Instances) != 2 {
		t.Fatalf("decoded %d instances, want 2", len(cfg.Instances))
	}
}

// Kernel routing table IDs are u32, the netlink library takes them as int:
// a 64-bit build accepts the whole range, a 32-bit build refuses IDs that
// do not fit its int at decoding, naming the field, instead of wrapping
// them to a negative ID.
func TestLoadConfigRouteTableIDRange(t *testing.T) {
	const largest = "4294967295"
	cfg, err := LoadConfig(strings.NewReader("routeTable: {type: netlink, netlink: {table: " + largest + "}}\ninstances: []\n"))
	if strconv.IntSize == 64 {
		if err != nil {
			t.Fatalf("LoadConfig with table %s: %v", largest, err)
		}
		if got := strconv.FormatUint(uint64(cfg.RouteTable.Netlink.Table), 10); got != largest {
			t.Errorf("table decoded to %s, want %s", got, largest)
		}
	} else if err == nil || !strings.Contains(err.Error(), "table") {
		t.Fatalf("LoadConfig with table %s on a %d-bit build: %v, want an error naming the table", largest, strconv.IntSize, err)
	}

	_, err = LoadConfig(strings.NewReader("routeTable: {type: netlink, netlink: {table: 4294967296}}\ninstances: []\n"))
	if err == nil || !strings.Contains(err.Error(), "table") {
		t.Fatalf("LoadConfig with table 4294967296: %v, want an error naming the table", err)
	}
}

func TestLoadConfigNeedsAFile(t *testing.T) {
	_, err := LoadConfig(nil)
	if err == nil || !strings.Contains(err.Error(), "needs a --cloud-config file") {
		t.Fatalf("LoadConfig(nil) = %v, want an error asking for --cloud-config", err)
	}
}

func mustLoadConfig(t *testing.T, config string) *Config {
	t.Helper()
	cfg, err := LoadConfig(strings.NewReader(config))
	if err != nil {
		t.Fatalf("LoadConfig: %v", err)
	}
	return cfg
}

func nodeNamed(name, providerID string) *v1.Node {
	n := &v1.Node{}
	n.Name = name
	n.Spec.ProviderID = providerID
	return n
}

// The documented example must stay a valid cloud-config.
func TestExampleCloudConfigIsValid(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", "..", "cmd", "cloud-controller-manager", "deploy", "cloud-config.example.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := LoadConfig(f)
	if err != nil {
		t.Fatalf("the example cloud-config: %v", err)
	}
	if cfg.RouteTable.Type != RouteTableNetlink || len(cfg.Instances) != 2 {
		t.Fatalf("the example cloud-config decoded to %+v", cfg)
	}
}
