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
// cloud-controller-manager. It registers itself under ProviderName.
//
// This first version supports no optional interface: every accessor answers
// (nil, false), so the generic controllers that need a capability stay off
// and the process runs only its health and metrics endpoints.
package kubecarry

import (
	"io"

	cloudprovider "k8s.io/cloud-provider"
)

// ProviderName is the value of --cloud-provider that selects this provider.
const ProviderName = "kubecarry"

func init() {
	cloudprovider.RegisterCloudProvider(ProviderName, func(config io.Reader) (cloudprovider.Interface, error) {
		return NewCloud(), nil
	})
}

// Cloud is the kubecarry cloud provider.
type Cloud struct{}

var _ cloudprovider.Interface = (*Cloud)(nil)

// NewCloud returns a provider with no optional capabilities.
func NewCloud() *Cloud {
	return &Cloud{}
}

// Initialize has nothing to start: the provider keeps no clients or loops.
func (c *Cloud) Initialize(clientBuilder cloudprovider.ControllerClientBuilder, stop <-chan struct{}) {
}

// LoadBalancer is not supported.
func (c *Cloud) LoadBalancer() (cloudprovider.LoadBalancer, bool) { return nil, false }

// Instances is not supported.
func (c *Cloud) Instances() (cloudprovider.Instances, bool) { return nil, false }

// InstancesV2 is not supported.
func (c *Cloud) InstancesV2() (cloudprovider.InstancesV2, bool) { return nil, false }

// Zones is not supported.
func (c *Cloud) Zones() (cloudprovider.Zones, bool) { return nil, false }

// Clusters is not supported.
func (c *Cloud) Clusters() (cloudprovider.Clusters, bool) { return nil, false }

// Routes is not supported.
func (c *Cloud) Routes() (cloudprovider.Routes, bool) { return nil, false }

// ProviderName returns ProviderName.
func (c *Cloud) ProviderName() string { return ProviderName }

// HasClusterID reports true: a single-cluster provider has no shared cloud
// resources that need a cluster tag.
func (c *Cloud) HasClusterID() bool { return true }
