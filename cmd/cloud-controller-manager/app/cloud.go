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
	"io"
	"os"
	"strings"

	cloudprovider "k8s.io/cloud-provider"

	// Importing the package registers the provider with k8s.io/cloud-provider.
	"github.com/kubecarry/kubecarry/pkg/cloudprovider/kubecarry"
)

// supportedProviders lists the providers linked into this binary.
var supportedProviders = []string{kubecarry.ProviderName}

// NewCloud builds the named cloud provider, explaining what went wrong
// instead of handing a nil provider to the controllers. It reads
// --cloud-config itself: k8s.io/cloud-provider would end the process on a
// file it cannot open, with a message that hides the cause.
func NewCloud(name, configFile string) (cloudprovider.Interface, error) {
	if name == "" || cloudprovider.IsExternal(name) {
		return nil, fmt.Errorf("--cloud-provider=%q is not a provider this cloud-controller-manager can run; use one of: %s", name, strings.Join(supportedProviders, ", "))
	}
	if !cloudprovider.IsCloudProvider(name) {
		return nil, fmt.Errorf("unknown cloud provider %q (--cloud-provider); this cloud-controller-manager supports: %s", name, strings.Join(supportedProviders, ", "))
	}
	var config io.Reader // nil, not a nil *os.File, when there is no file
	if configFile != "" {
		f, err := os.Open(configFile)
		if err != nil {
			return nil, fmt.Errorf("--cloud-config: %w", err)
		}
		defer f.Close()
		config = f
	}
	cloud, err := cloudprovider.GetCloudProvider(name, config)
	if err != nil {
		if configFile != "" {
			return nil, fmt.Errorf("cloud provider %q, --cloud-config=%s: %w", name, configFile, err)
		}
		return nil, fmt.Errorf("cloud provider %q: %w", name, err)
	}
	return cloud, nil
}
