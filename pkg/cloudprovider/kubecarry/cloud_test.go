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
	"testing"

	cloudprovider "k8s.io/cloud-provider"
)

func TestRegisteredUnderProviderName(t *testing.T) {
	cloud, err := cloudprovider.GetCloudProvider(ProviderName, nil)
	if err != nil {
		t.Fatalf("GetCloudProvider(%q): %v", ProviderName, err)
	}
	if cloud == nil {
		t.Fatalf("provider %q is not registered", ProviderName)
	}
	if _, ok := cloud.(*Cloud); !ok {
		t.Fatalf("provider %q is a %T, want *Cloud", ProviderName, cloud)
	}
	if cloud.ProviderName() != ProviderName {
		t.Fatalf("ProviderName() = %q, want %q", cloud.ProviderName(), ProviderName)
	}
}

// The first version supports nothing optional; each accessor must say so
// rather than hand controllers a nil implementation with ok=true.
func TestOptionalInterfacesUnsupported(t *testing.T) {
	c := NewCloud()
	supported := map[string]bool{}
	_, supported["LoadBalancer"] = c.LoadBalancer()
	_, supported["Instances"] = c.Instances()
	_, supported["InstancesV2"] = c.InstancesV2()
	_, supported["Zones"] = c.Zones()
	_, supported["Clusters"] = c.Clusters()
	_, supported["Routes"] = c.Routes()
	for name, ok := range supported {
		if ok {
			t.Errorf("%s() reports support", name)
		}
	}
	if !c.HasClusterID() {
		t.Error("HasClusterID() = false; the cloud-controller-manager would refuse to start without --allow-untagged-cloud")
	}
}
