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
	"context"
	"errors"
	"fmt"
	"net"
	"strings"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	cloudprovider "k8s.io/cloud-provider"
)

// providerIDPrefix starts every provider ID this cloud hands out.
const providerIDPrefix = ProviderName + "://"

// inventory indexes the machines of the cloud-config.
type inventory struct {
	region      string
	defaultZone string
	byName      map[string]*InstanceConfig
	byID        map[string]*InstanceConfig
}

func newInventory(cfg *Config) *inventory {
	inv := &inventory{
		region:      cfg.Region,
		defaultZone: cfg.Zone,
		byName:      make(map[string]*InstanceConfig, len(cfg.Instances)),
		byID:        make(map[string]*InstanceConfig, len(cfg.Instances)),
	}
	for i := range cfg.Instances {
		inst := &cfg.Instances[i]
		inv.byName[inst.Name] = inst
		inv.byID[inst.ID] = inst
	}
	return inv
}

// forNode finds a Node's machine by provider ID when the Node has one, as
// cloudprovider.InstancesV2 asks, and by name otherwise. A provider ID of
// another provider is an error rather than "not found": answering "not
// found" would make the node lifecycle controller delete the Node. "Not
// found" is cloudprovider.InstanceNotFound itself, unwrapped: upstream's
// controllers compare it with ==.
func (inv *inventory) forNode(node *v1.Node) (*InstanceConfig, error) {
	if id := node.Spec.ProviderID; id != "" {
		instanceID, ok := strings.CutPrefix(id, providerIDPrefix)
		if !ok {
			return nil, fmt.Errorf("node %q has provider ID %q, which is not a %s provider ID", node.Name, id, ProviderName)
		}
		if inst, ok := inv.byID[instanceID]; ok {
			return inst, nil
		}
		return nil, cloudprovider.InstanceNotFound
	}
	if inst, ok := inv.byName[node.Name]; ok {
		return inst, nil
	}
	return nil, cloudprovider.InstanceNotFound
}

// nextHop is the InternalIP of a Node's machine in the IP family of
// destination, which routes to the Node's Pod CIDRs go through.
func (inv *inventory) nextHop(nodeName types.NodeName, destination *net.IPNet) (net.IP, error) {
	inst, ok := inv.byName[string(nodeName)]
	if !ok {
		return nil, fmt.Errorf("node %q is not an instance of this cloud: %w", nodeName, cloudprovider.InstanceNotFound)
	}
	wantIPv4 := destination.IP.To4() != nil
	for _, a := range inst.Addresses {
		if a.Type != v1.NodeInternalIP {
			continue
		}
		if ip := net.ParseIP(a.Address); ip != nil && (ip.To4() != nil) == wantIPv4 {
			return ip, nil
		}
	}
	return nil, fmt.Errorf("instance %q has no InternalIP of the IP family of %s", inst.Name, destination)
}

// nodeFor is the Node whose machine has InternalIP ip, or "" if none has.
func (inv *inventory) nodeFor(ip net.IP) types.NodeName {
	for name, inst := range inv.byName {
		for _, a := range inst.Addresses {
			if a.Type == v1.NodeInternalIP && ip.Equal(net.ParseIP(a.Address)) {
				return types.NodeName(name)
			}
		}
	}
	return ""
}

// instances implements cloudprovider.InstancesV2 on the inventory.
type instances struct {
	inventory *inventory
}

var _ cloudprovider.InstancesV2 = (*instances)(nil)

func (i *instances) InstanceExists(ctx context.Context, node *v1.Node) (bool, error) {
	_, err := i.inventory.forNode(node)
	recordAPIRequest("instance_exists", ignoreNotFound(err))
	switch {
	case errors.Is(err, cloudprovider.InstanceNotFound):
		return false, nil
	case err != nil:
		return false, err
	}
	return true, nil
}

func (i *instances) InstanceShutdown(ctx context.Context, node *v1.Node) (bool, error) {
	inst, err := i.inventory.forNode(node)
	recordAPIRequest("instance_shutdown", ignoreNotFound(err))
	if err != nil {
		return false, err
	}
	return inst.Shutdown, nil
}

func (i *instances) InstanceMetadata(ctx context.Context, node *v1.Node) (*cloudprovider.InstanceMetadata, error) {
	inst, err := i.inventory.forNode(node)
	recordAPIRequest("instance_metadata", ignoreNotFound(err))
	if err != nil {
		return nil, err
	}
	zone := inst.Zone
	if zone == "" {
		zone = i.inventory.defaultZone
	}
	return &cloudprovider.InstanceMetadata{
		ProviderID:    providerIDPrefix + inst.ID,
		InstanceType:  inst.Type,
		NodeAddresses: append([]v1.NodeAddress(nil), inst.Addresses...),
		Zone:          zone,
		Region:        i.inventory.region,
	}, nil
}

// ignoreNotFound keeps "no such instance", a successful answer of the
// cloud, out of the error count.
func ignoreNotFound(err error) error {
	if errors.Is(err, cloudprovider.InstanceNotFound) {
		return nil
	}
	return err
}
