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

// Package kubecarry is the reference cloud provider of the sample
// cloud-controller-manager, written for cloud vendors to copy. Its "cloud"
// is an inventory of machines and one route table, both described by the
// --cloud-config file (see Config):
//
//   - InstancesV2 initialises Nodes from the inventory (provider ID
//     kubecarry://<id>, addresses, instance type, zone and region) and
//     reports machines that are gone or shut down;
//   - Routes routes each Node's Pod CIDRs through the Node's InternalIP in a
//     RouteTable: in memory (default) or real Linux kernel routes through
//     netlink, for a bare-metal host-gw network;
//   - LoadBalancer, Instances (v1), Zones and Clusters are not supported.
//
// Every cloud call is counted in cloudprovider_kubecarry_api_requests_total.
package kubecarry

import (
	"fmt"
	"io"

	cloudprovider "k8s.io/cloud-provider"
)

// ProviderName is the value of --cloud-provider that selects this provider.
const ProviderName = "kubecarry"

func init() {
	cloudprovider.RegisterCloudProvider(ProviderName, func(config io.Reader) (cloudprovider.Interface, error) {
		cfg, err := LoadConfig(config)
		if err != nil {
			return nil, err
		}
		return NewCloud(cfg)
	})
}

// Cloud is the kubecarry cloud provider.
type Cloud struct {
	instances *instances
	routes    *routes
}

var _ cloudprovider.Interface = (*Cloud)(nil)

// NewCloud builds the provider from a validated config, opening its route
// table.
func NewCloud(cfg *Config) (*Cloud, error) {
	table, err := newRouteTable(&cfg.RouteTable)
	if err != nil {
		return nil, err
	}
	return newCloudWithTable(cfg, table), nil
}

func newCloudWithTable(cfg *Config, table RouteTable) *Cloud {
	registerAPIMetrics()
	inv := newInventory(cfg)
	return &Cloud{
		instances: &instances{inventory: inv},
		routes:    &routes{table: table, inventory: inv, allowed: cfg.RouteTable.destinationNets()},
	}
}

func newRouteTable(cfg *RouteTableConfig) (RouteTable, error) {
	switch cfg.Type {
	case RouteTableMemory:
		return newMemoryRouteTable(), nil
	case RouteTableNetlink:
		return newNetlinkRouteTable(cfg.Netlink)
	}
	return nil, fmt.Errorf("unknown routeTable.type %q", cfg.Type)
}

// Initialize has nothing to start: the provider keeps no clients or loops.
func (c *Cloud) Initialize(clientBuilder cloudprovider.ControllerClientBuilder, stop <-chan struct{}) {
}

// LoadBalancer is not supported.
func (c *Cloud) LoadBalancer() (cloudprovider.LoadBalancer, bool) { return nil, false }

// Instances is not supported; InstancesV2 replaces it.
func (c *Cloud) Instances() (cloudprovider.Instances, bool) { return nil, false }

// InstancesV2 answers from the inventory of the cloud-config.
func (c *Cloud) InstancesV2() (cloudprovider.InstancesV2, bool) { return c.instances, true }

// Zones is not supported: InstancesV2 reports zone and region.
func (c *Cloud) Zones() (cloudprovider.Zones, bool) { return nil, false }

// Clusters is not supported.
func (c *Cloud) Clusters() (cloudprovider.Clusters, bool) { return nil, false }

// Routes keeps routes to Pod CIDRs in the configured route table.
func (c *Cloud) Routes() (cloudprovider.Routes, bool) { return c.routes, true }

// ProviderName returns ProviderName.
func (c *Cloud) ProviderName() string { return ProviderName }

// HasClusterID reports true. The cloud's resources are not shared between
// clusters: the route table belongs to one cloud-controller-manager (a
// netlink table is further fenced by its protocol number), so no cluster
// tag is needed to tell them apart.
func (c *Cloud) HasClusterID() bool { return true }
