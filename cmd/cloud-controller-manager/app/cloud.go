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
	"strings"

	cloudprovider "k8s.io/cloud-provider"

	// Importing the package registers the provider with k8s.io/cloud-provider.
	"github.com/kubecarry/kubecarry/pkg/cloudprovider/kubecarry"
)

// supportedProviders lists the providers linked into this binary.
var supportedProviders = []string{kubecarry.ProviderName}

// NewCloud builds the named cloud provider, explaining what went wrong
// instead of handing a nil provider to the controllers.
func NewCloud(name, configFile string) (cloudprovider.Interface, error) {
	if name == "" || cloudprovider.IsExternal(name) {
		return nil, fmt.Errorf("--cloud-provider=%q is not a provider this cloud-controller-manager can run; use one of: %s", name, strings.Join(supportedProviders, ", "))
	}
	if !cloudprovider.IsCloudProvider(name) {
		return nil, fmt.Errorf("unknown cloud provider %q (--cloud-provider); this cloud-controller-manager supports: %s", name, strings.Join(supportedProviders, ", "))
	}
	cloud, err := cloudprovider.InitCloudProvider(name, configFile)
	if err != nil {
		return nil, err
	}
	return cloud, nil
}
