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
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"strings"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	netutils "k8s.io/utils/net"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// Route table types accepted in routeTable.type.
const (
	RouteTableMemory  = "memory"
	RouteTableNetlink = "netlink"
)

// Netlink defaults: the kernel's main table, and a route protocol number of
// our own so that the provider lists and deletes only routes it created.
const (
	DefaultNetlinkTable    = 254
	DefaultNetlinkProtocol = 75
	// Protocols up to RTPROT_STATIC (4) belong to the kernel and to
	// administrators ("ip route add" uses 4); owning them would let the
	// provider delete routes it never created.
	maxReservedRouteProtocol = 4
	// maxRouteTable is the largest kernel routing table ID (a u32). The
	// netlink library takes table IDs as int, so on 32-bit targets an ID
	// above math.MaxInt32 does not decode into NetlinkConfig.Table at all
	// (the decoder names the field), rather than wrapping to a negative
	// ID that netlink would read as "main".
	maxRouteTable = math.MaxUint32
)

// Config is the --cloud-config file of the kubecarry provider (YAML or
// JSON). Unknown fields are errors. The cloud it describes is an inventory
// of machines plus one route table.
type Config struct {
	// Region of every instance (topology.kubernetes.io/region).
	Region string `json:"region,omitempty"`
	// Zone of instances that do not set their own.
	Zone string `json:"zone,omitempty"`
	// RouteTable is where routes to Pod CIDRs are kept.
	RouteTable RouteTableConfig `json:"routeTable,omitempty"`
	// Instances are the machines of the cloud. A Node whose name (or
	// provider ID) matches no instance does not exist as far as the cloud
	// is concerned: it is not initialised, and the node lifecycle controller
	// deletes it once it is NotReady.
	Instances []InstanceConfig `json:"instances"`
}

// RouteTableConfig selects and configures the route table.
type RouteTableConfig struct {
	// Type is "memory" (default: routes live in the process) or "netlink"
	// (routes are Linux kernel routes, "<podCIDR> via <node InternalIP>").
	Type string `json:"type,omitempty"`
	// DestinationCIDRs, when set, are the only ranges the cloud accepts
	// routes into, whatever --cluster-cidr says.
	DestinationCIDRs []string `json:"destinationCIDRs,omitempty"`
	// Netlink configures the netlink table; only valid with type netlink.
	Netlink *NetlinkConfig `json:"netlink,omitempty"`
}

// NetlinkConfig configures the kernel route table.
type NetlinkConfig struct {
	// Table is the kernel routing table ID (default 254, "main").
	Table int `json:"table,omitempty"`
	// Protocol marks the routes this provider owns (default 75).
	Protocol int `json:"protocol,omitempty"`
	// NetNS is the path of a network namespace to program, such as
	// /run/netns/<name>; empty means the namespace of the process.
	NetNS string `json:"netns,omitempty"`
}

// InstanceConfig is one machine of the inventory.
type InstanceConfig struct {
	// Name is the name of the Node running on the machine.
	Name string `json:"name"`
	// ID is the instance ID in the provider ID kubecarry://<id>; defaults
	// to Name.
	ID string `json:"id,omitempty"`
	// Type is the instance type (node.kubernetes.io/instance-type).
	Type string `json:"type,omitempty"`
	// Zone overrides the top-level zone.
	Zone string `json:"zone,omitempty"`
	// Addresses of the machine; at least one InternalIP, which routes to
	// the Node's Pod CIDRs use as next hop.
	Addresses []v1.NodeAddress `json:"addresses"`
	// Shutdown reports the machine as shut down (the Node is tainted
	// node.cloudprovider.kubernetes.io/shutdown instead of deleted).
	Shutdown bool `json:"shutdown,omitempty"`
}

// LoadConfig reads, defaults and validates a cloud-config. The error names
// every problem found, with its field path.
func LoadConfig(r io.Reader) (*Config, error) {
	if r == nil {
		return nil, fmt.Errorf("the %s cloud provider needs a --cloud-config file describing its instances and route table", ProviderName)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("reading the cloud-config: %w", err)
	}
	cfg, err := decodeConfig(data)
	if err != nil {
		return nil, err
	}
	cfg.setDefaults()
	if errs := cfg.validate(); len(errs) > 0 {
		return nil, fmt.Errorf("invalid cloud-config: %w", errs.ToAggregate())
	}
	return cfg, nil
}

// decodeConfig decodes YAML or JSON strictly: field names are case
// sensitive, and unknown and duplicate fields are errors, each named with
// its path.
func decodeConfig(data []byte) (*Config, error) {
	jsonData, err := yaml.YAMLToJSONStrict(data)
	if err != nil {
		return nil, fmt.Errorf("decoding the cloud-config: %w", err)
	}
	cfg := &Config{}
	strictErrs, err := kjson.UnmarshalStrict(jsonData, cfg, kjson.DisallowDuplicateFields, kjson.DisallowUnknownFields)
	if err != nil {
		return nil, fmt.Errorf("decoding the cloud-config: %w", err)
	}
	if len(strictErrs) > 0 {
		return nil, fmt.Errorf("decoding the cloud-config: %w", errors.Join(strictErrs...))
	}
	return cfg, nil
}

func (c *Config) setDefaults() {
	if c.RouteTable.Type == "" {
		c.RouteTable.Type = RouteTableMemory
	}
	if c.RouteTable.Type == RouteTableNetlink {
		if c.RouteTable.Netlink == nil {
			c.RouteTable.Netlink = &NetlinkConfig{}
		}
		if c.RouteTable.Netlink.Table == 0 {
			c.RouteTable.Netlink.Table = DefaultNetlinkTable
		}
		if c.RouteTable.Netlink.Protocol == 0 {
			c.RouteTable.Netlink.Protocol = DefaultNetlinkProtocol
		}
	}
	for i := range c.Instances {
		if c.Instances[i].ID == "" {
			c.Instances[i].ID = c.Instances[i].Name
		}
	}
}

func (c *Config) validate() field.ErrorList {
	var errs field.ErrorList
	errs = append(errs, c.RouteTable.validate(field.NewPath("routeTable"))...)

	instancesPath := field.NewPath("instances")
	names, ids := sets.New[string](), sets.New[string]()
	// ipOwners maps each IP address (in canonical form) to the first
	// instance that has it.
	ipOwners := map[string]int{}
	for i, inst := range c.Instances {
		p := instancesPath.Index(i)
		for _, msg := range validation.IsDNS1123Subdomain(inst.Name) {
			errs = append(errs, field.Invalid(p.Child("name"), inst.Name, msg))
		}
		if names.Has(inst.Name) {
			errs = append(errs, field.Duplicate(p.Child("name"), inst.Name))
		}
		names.Insert(inst.Name)
		if strings.ContainsAny(inst.ID, "/ ") {
			errs = append(errs, field.Invalid(p.Child("id"), inst.ID, "must not contain '/' or spaces: it is the last part of the provider ID"))
		}
		if ids.Has(inst.ID) {
			errs = append(errs, field.Duplicate(p.Child("id"), inst.ID))
		}
		ids.Insert(inst.ID)
		errs = append(errs, validateAddresses(inst.Addresses, p.Child("addresses"))...)
		errs = append(errs, c.validateAddressesUnique(i, ipOwners, p.Child("addresses"))...)
	}
	return errs
}

// validateAddressesUnique rejects an IP address of instance i that an
// earlier instance already has, naming both machines: routes find a Node
// again from their next hop, and the node controllers match Nodes by
// address, so two machines with one address would route one machine's Pod
// CIDR to the other. owners records i's addresses for later instances.
func (c *Config) validateAddressesUnique(i int, owners map[string]int, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	inst := &c.Instances[i]
	for k, a := range inst.Addresses {
		if a.Type != v1.NodeInternalIP && a.Type != v1.NodeExternalIP {
			continue
		}
		ip := net.ParseIP(a.Address)
		if ip == nil {
			continue // validateAddresses reports it
		}
		key := ip.String()
		j, taken := owners[key]
		switch {
		case !taken:
			owners[key] = i
		case j != i:
			other := &c.Instances[j]
			errs = append(errs, field.Invalid(p.Index(k).Child("address"), a.Address,
				fmt.Sprintf("instance %q (instances[%d]) and instance %q (instances[%d]) both have address %s; every machine needs addresses of its own",
					other.Name, j, inst.Name, i, key)))
		}
	}
	return errs
}

func (r *RouteTableConfig) validate(p *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch r.Type {
	case RouteTableMemory:
		if r.Netlink != nil {
			errs = append(errs, field.Forbidden(p.Child("netlink"), "only valid with type "+RouteTableNetlink))
		}
	case RouteTableNetlink:
		n, np := r.Netlink, p.Child("netlink")
		// 0 is RT_TABLE_UNSPEC, 253-255 the kernel's default, main and
		// local tables; main (254) is the one host-gw setups use.
		if n.Table < 1 || uint64(n.Table) > maxRouteTable || n.Table == 253 || n.Table == 255 {
			errs = append(errs, field.Invalid(np.Child("table"), n.Table, fmt.Sprintf("must be a routing table ID from 1 to %d, other than 253 (default) and 255 (local)", uint64(maxRouteTable))))
		}
		if n.Protocol <= maxReservedRouteProtocol || n.Protocol > 255 {
			errs = append(errs, field.Invalid(np.Child("protocol"), n.Protocol, fmt.Sprintf("must be from %d to 255: lower values belong to the kernel and to static routes", maxReservedRouteProtocol+1)))
		}
	default:
		errs = append(errs, field.NotSupported(p.Child("type"), r.Type, []string{RouteTableMemory, RouteTableNetlink}))
	}
	for i, cidr := range r.DestinationCIDRs {
		ip, ipNet, err := netutils.ParseCIDRSloppy(cidr)
		switch {
		case err != nil:
			errs = append(errs, field.Invalid(p.Child("destinationCIDRs").Index(i), cidr, "must be a CIDR such as 10.244.0.0/16"))
		case !ip.Equal(ipNet.IP):
			errs = append(errs, field.Invalid(p.Child("destinationCIDRs").Index(i), cidr, "has host bits set; did you mean "+ipNet.String()+"?"))
		}
	}
	return errs
}

var supportedAddressTypes = []v1.NodeAddressType{v1.NodeHostName, v1.NodeInternalIP, v1.NodeExternalIP, v1.NodeInternalDNS, v1.NodeExternalDNS}

func validateAddresses(addrs []v1.NodeAddress, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	internal := false
	for i, a := range addrs {
		ap := p.Index(i)
		switch a.Type {
		case v1.NodeInternalIP, v1.NodeExternalIP:
			if net.ParseIP(a.Address) == nil {
				errs = append(errs, field.Invalid(ap.Child("address"), a.Address, "must be an IP address for type "+string(a.Type)))
			}
			internal = internal || a.Type == v1.NodeInternalIP
		case v1.NodeHostName, v1.NodeInternalDNS, v1.NodeExternalDNS:
			for _, msg := range validation.IsDNS1123Subdomain(a.Address) {
				errs = append(errs, field.Invalid(ap.Child("address"), a.Address, msg))
			}
		default:
			errs = append(errs, field.NotSupported(ap.Child("type"), a.Type, supportedAddressTypes))
		}
	}
	if !internal {
		errs = append(errs, field.Required(p, "at least one InternalIP: routes to the Node's Pod CIDRs use it as next hop"))
	}
	return errs
}

// destinationNets parses DestinationCIDRs; validate has accepted them.
func (r *RouteTableConfig) destinationNets() []*net.IPNet {
	nets := make([]*net.IPNet, 0, len(r.DestinationCIDRs))
	for _, cidr := range r.DestinationCIDRs {
		_, n, _ := netutils.ParseCIDRSloppy(cidr)
		nets = append(nets, n)
	}
	return nets
}
