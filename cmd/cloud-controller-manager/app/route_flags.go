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
	"fmt"

	"k8s.io/apimachinery/pkg/util/sets"
	cloudprovider "k8s.io/cloud-provider"
	cpconfig "k8s.io/cloud-provider/config"
	"k8s.io/cloud-provider/names"
)

// checkRouteFlags fails when the route controller would run without a
// cluster CIDR. k8s.io/cloud-provider finds that out only when it starts
// the controller, and then ends the process with "invalid CIDR[0]: <nil>",
// which names neither flag.
func checkRouteFlags(shared *cpconfig.KubeCloudSharedConfiguration, controllers []string, cloud cloudprovider.Interface) error {
	if !shared.ConfigureCloudRoutes || shared.ClusterCIDR != "" {
		return nil
	}
	if _, ok := cloud.Routes(); !ok || !routeControllerEnabled(controllers) {
		return nil
	}
	return fmt.Errorf("--cluster-cidr is required: the %s cloud provider supports routes and --configure-cloud-routes is true; set --cluster-cidr to the Pod CIDR range(s) or pass --configure-cloud-routes=false", cloud.ProviderName())
}

// routeControllerEnabled reads --controllers as the controller manager does
// ("*" enables every default controller, "-name" disables one), accepting
// the route controller's name and its alias.
func routeControllerEnabled(controllers []string) bool {
	route := sets.New(names.NodeRouteController, "route")
	star := false
	for _, c := range controllers {
		switch {
		case route.Has(c):
			return true
		case len(c) > 1 && c[0] == '-' && route.Has(c[1:]):
			return false
		case c == "*":
			star = true
		}
	}
	return star
}
