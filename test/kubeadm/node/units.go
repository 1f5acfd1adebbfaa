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

package node

import "time"

// KubeletUnit is kubelet as kubeadm's packages install it: kubelet.service
// with kubeadm's drop-in 10-kubeadm.conf (the kubeconfig and config flags,
// the flags kubeadm writes into kubeadm-flags.env, an operator's
// /etc/default/kubelet), Restart=always, RestartSec=10; the binary is the
// node's /usr/local/bin/kubelet. nodeArgs are the flags of a second,
// machine-specific drop-in (as kind adds one), last so they win: what this
// host needs whatever the cluster's KubeletConfiguration says (cgroupfs,
// cgroup v1, a cgroup root per node so nodes never see each other's Pods).
func KubeletUnit(restartDelay time.Duration, nodeArgs string) Unit {
	return Unit{
		Name:      "kubelet",
		ExecStart: []string{"/usr/local/bin/kubelet", "$KUBELET_KUBECONFIG_ARGS", "$KUBELET_CONFIG_ARGS", "$KUBELET_KUBEADM_ARGS", "$KUBELET_EXTRA_ARGS", "$KCNODE_KUBELET_ARGS"},
		Environment: map[string]string{
			"KUBELET_KUBECONFIG_ARGS": "--bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf --kubeconfig=/etc/kubernetes/kubelet.conf",
			"KUBELET_CONFIG_ARGS":     "--config=/var/lib/kubelet/config.yaml",
			"KCNODE_KUBELET_ARGS":     nodeArgs,
		},
		EnvironmentFiles: []EnvironmentFile{
			{Path: "/var/lib/kubelet/kubeadm-flags.env", Optional: true},
			{Path: "/etc/default/kubelet", Optional: true},
		},
		RestartDelay: restartDelay,
	}
}

// ContainerdUnit is containerd as Debian's package runs it (its
// /etc/containerd/config.toml, Restart=always, RestartSec=5,
// KillMode=process: the shims, and so the containers, outlive a restart).
func ContainerdUnit(binary string) Unit {
	return Unit{
		Name:                "containerd",
		ExecStart:           []string{binary, "--config", "/etc/containerd/config.toml"},
		RestartDelay:        5 * time.Second,
		KillMainProcessOnly: true,
	}
}

// ContainerdSocket is the CRI endpoint kubeadm uses by default.
const ContainerdSocket = "/run/containerd/containerd.sock"
