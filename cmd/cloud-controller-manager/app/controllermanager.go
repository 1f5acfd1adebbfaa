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

// Package app wires the kubecarry cloud provider into the generic
// cloud-controller-manager of k8s.io/cloud-provider/app.
package app

import (
	"fmt"

	"github.com/spf13/cobra"

	"k8s.io/apimachinery/pkg/util/wait"
	cloudprovider "k8s.io/cloud-provider"
	ccmapp "k8s.io/cloud-provider/app"
	"k8s.io/cloud-provider/app/config"
	"k8s.io/cloud-provider/names"
	"k8s.io/cloud-provider/options"
	cliflag "k8s.io/component-base/cli/flag"
	"k8s.io/klog/v2"

	"github.com/kubecarry/kubecarry/pkg/cloudprovider/kubecarry"
)

// NewCloudControllerManagerCommand returns the cobra command of the sample
// cloud-controller-manager. --cloud-provider defaults to the kubecarry
// provider, the only one this binary registers.
func NewCloudControllerManagerCommand() (*cobra.Command, error) {
	opts, err := options.NewCloudControllerManagerOptions()
	if err != nil {
		return nil, fmt.Errorf("unable to initialize command options: %w", err)
	}
	opts.KubeCloudShared.CloudProvider.Name = kubecarry.ProviderName

	fss := cliflag.NamedFlagSets{}
	return ccmapp.NewCloudControllerManagerCommand(opts, initializeCloud, ccmapp.DefaultInitFuncConstructors, names.CCMControllerAliases(), fss, wait.NeverStop), nil
}

// initializeCloud is the InitCloudFunc handed to k8s.io/cloud-provider/app.
// That signature cannot return an error, so a provider that cannot be built
// ends the process here with a message naming the cause.
func initializeCloud(c *config.CompletedConfig) cloudprovider.Interface {
	cloud, err := NewCloud(c.ComponentConfig.KubeCloudShared.CloudProvider.Name, c.ComponentConfig.KubeCloudShared.CloudProvider.CloudConfigFile)
	if err != nil {
		klog.ErrorS(err, "Cloud provider could not be initialized")
		klog.FlushAndExit(klog.ExitFlushTimeout, 1)
	}
	if err := checkRouteFlags(&c.ComponentConfig.KubeCloudShared, c.ComponentConfig.Generic.Controllers, cloud); err != nil {
		klog.ErrorS(err, "Invalid flags")
		klog.FlushAndExit(klog.ExitFlushTimeout, 1)
	}
	if !cloud.HasClusterID() {
		if !c.ComponentConfig.KubeCloudShared.AllowUntaggedCloud {
			klog.ErrorS(nil, "No ClusterID found; a ClusterID is required for the cloud provider to function properly. Set --allow-untagged-cloud to bypass this check", "cloudProvider", cloud.ProviderName())
			klog.FlushAndExit(klog.ExitFlushTimeout, 1)
		}
		klog.InfoS("Detected a cluster without a ClusterID; a ClusterID will be required in the future", "cloudProvider", cloud.ProviderName())
	}
	return cloud
}
