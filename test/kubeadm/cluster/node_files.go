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

package cluster

import (
	"fmt"
	"net/netip"

	"sigs.k8s.io/yaml"
)

// RecipeFacts are the fields of the docs' ClusterConfiguration the
// cluster's set-up depends on (which images to import, which name the load
// balancer answers to).
type RecipeFacts struct {
	KubernetesVersion    string `json:"kubernetesVersion"`
	ImageRepository      string `json:"imageRepository"`
	ControlPlaneEndpoint string `json:"controlPlaneEndpoint"`
}

// ReadRecipe reads those fields, and checks the recipe is one v1beta4
// ClusterConfiguration.
func ReadRecipe(recipe []byte) (RecipeFacts, error) {
	var doc struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		RecipeFacts
	}
	if err := yaml.Unmarshal(recipe, &doc); err != nil {
		return RecipeFacts{}, fmt.Errorf("the recipe does not parse: %w", err)
	}
	if doc.APIVersion != "kubeadm.k8s.io/v1beta4" || doc.Kind != "ClusterConfiguration" {
		return RecipeFacts{}, fmt.Errorf("the recipe is %s %s, want a kubeadm.k8s.io/v1beta4 ClusterConfiguration", doc.APIVersion, doc.Kind)
	}
	if doc.ControlPlaneEndpoint == "" || doc.KubernetesVersion == "" {
		return RecipeFacts{}, fmt.Errorf("the recipe lacks controlPlaneEndpoint or kubernetesVersion: %+v", doc.RecipeFacts)
	}
	return doc.RecipeFacts, nil
}

// ContainerdConfig is a node's /etc/containerd/config.toml: the CRI plugin
// with Pods' sandboxes from pauseImage (the one kubeadm names), cgroupfs
// (no systemd here), no OOM score below containerd's own (no
// CAP_SYS_RESOURCE here), CNI from Debian's plugins. Its root and state are
// the defaults, which are the node's own directories.
func ContainerdConfig(pauseImage string) []byte {
	return []byte(fmt.Sprintf(`version = 2
disabled_plugins = ["io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.devmapper", "io.containerd.snapshotter.v1.zfs"]

[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = %q
  restrict_oom_score_adj = true
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "/etc/cni/net.d"
  [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
    runtime_type = "io.containerd.runc.v2"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
      SystemdCgroup = false
`, pauseImage))
}

// CNIConfig is a node's bridge network: its Pods on cni0 in the node's
// PodCIDR, not masqueraded (hack/lib/kubeadm-cluster.sh routes the other
// nodes' Pod ranges to them, so Pods talk to Pods by their own addresses).
func CNIConfig(podCIDR netip.Prefix) []byte {
	return []byte(fmt.Sprintf(`{
  "cniVersion": "1.0.0",
  "name": "kubecarry",
  "plugins": [
    {
      "type": "bridge",
      "bridge": "cni0",
      "isGateway": true,
      "ipMasq": false,
      "hairpinMode": true,
      "ipam": {
        "type": "host-local",
        "ranges": [[{"subnet": %q}]],
        "routes": [{"dst": "0.0.0.0/0"}]
      }
    },
    {"type": "portmap", "capabilities": {"portMappings": true}}
  ]
}
`, podCIDR.String()))
}

// DefaultClusterConfiguration is kubeadm's default configuration of a
// release, as a platform team without kubecarry's recipe would write it:
// nothing but the version and the controlPlaneEndpoint an HA control plane
// needs (kubeadm refuses a second control plane without one). Images come
// from registry.k8s.io, and no kube-apiserver gets --peer-ca-file.
func DefaultClusterConfiguration(kubernetesVersion, endpoint string) ([]byte, error) {
	if kubernetesVersion == "" || endpoint == "" {
		return nil, fmt.Errorf("the default configuration needs a kubernetesVersion and a controlPlaneEndpoint")
	}
	return []byte(fmt.Sprintf("apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\nkubernetesVersion: %s\ncontrolPlaneEndpoint: %s\n",
		kubernetesVersion, endpoint)), nil
}
