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

package app

import (
	"strings"
	"testing"

	cpconfig "k8s.io/cloud-provider/config"

	"github.com/kubecarry/kubecarry/pkg/cloudprovider/kubecarry"
)

func TestCheckRouteFlags(t *testing.T) {
	cloud, err := kubecarry.NewCloud(&kubecarry.Config{RouteTable: kubecarry.RouteTableConfig{Type: kubecarry.RouteTableMemory}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		shared      cpconfig.KubeCloudSharedConfiguration
		controllers []string
		wantError   bool
	}{
		{"routes without a cluster CIDR", cpconfig.KubeCloudSharedConfiguration{ConfigureCloudRoutes: true}, []string{"*"}, true},
		{"route controller named by alias", cpconfig.KubeCloudSharedConfiguration{ConfigureCloudRoutes: true}, []string{"route"}, true},
		{"cluster CIDR set", cpconfig.KubeCloudSharedConfiguration{ConfigureCloudRoutes: true, ClusterCIDR: "10.244.0.0/16"}, []string{"*"}, false},
		{"routes not configured", cpconfig.KubeCloudSharedConfiguration{}, []string{"*"}, false},
		{"route controller disabled", cpconfig.KubeCloudSharedConfiguration{ConfigureCloudRoutes: true}, []string{"*", "-route"}, false},
		{"route controller disabled by name", cpconfig.KubeCloudSharedConfiguration{ConfigureCloudRoutes: true}, []string{"-node-route-controller", "*"}, false},
		{"other controllers only", cpconfig.KubeCloudSharedConfiguration{ConfigureCloudRoutes: true}, []string{"cloud-node-controller"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := checkRouteFlags(&tc.shared, tc.controllers, cloud)
			if tc.wantError != (err != nil) {
				t.Fatalf("checkRouteFlags = %v, want error: %v", err, tc.wantError)
			}
			if err != nil && !strings.Contains(err.Error(), "--cluster-cidr is required") {
				t.Fatalf("the error %q does not name --cluster-cidr", err)
			}
		})
	}
}
