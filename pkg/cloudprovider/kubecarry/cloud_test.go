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
	"strings"
	"testing"

	cloudprovider "k8s.io/cloud-provider"
)

func TestRegisteredUnderProviderName(t *testing.T) {
	cloud, err := cloudprovider.GetCloudProvider(ProviderName, strings.NewReader(validConfig))
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

func TestRegisteredFactoryRejectsBadConfig(t *testing.T) {
	_, err := cloudprovider.GetCloudProvider(ProviderName, strings.NewReader("instances: []\nbogus: 1\n"))
	if err == nil || !strings.Contains(err.Error(), `unknown field "bogus"`) {
		t.Fatalf("GetCloudProvider with an unknown field = %v, want an error naming it", err)
	}
}

// The controllers decide what to run from these answers: each supported
// interface must come with an implementation, each unsupported one without.
func TestSupportedInterfaces(t *testing.T) {
	c, err := NewCloud(mustLoadConfig(t, validConfig))
	if err != nil {
		t.Fatal(err)
	}
	lb, lbOK := c.LoadBalancer()
	inst, instOK := c.Instances()
	zones, zonesOK := c.Zones()
	clusters, clustersOK := c.Clusters()
	if lbOK || instOK || zonesOK || clustersOK || lb != nil || inst != nil || zones != nil || clusters != nil {
		t.Errorf("LoadBalancer/Instances/Zones/Clusters report support: %v %v %v %v", lbOK, instOK, zonesOK, clustersOK)
	}
	if v2, ok := c.InstancesV2(); !ok || v2 == nil {
		t.Errorf("InstancesV2() = %v, %v; want an implementation", v2, ok)
	}
	if routes, ok := c.Routes(); !ok || routes == nil {
		t.Errorf("Routes() = %v, %v; want an implementation", routes, ok)
	}
	if !c.HasClusterID() {
		t.Error("HasClusterID() = false; the cloud-controller-manager would refuse to start without --allow-untagged-cloud")
	}
}
