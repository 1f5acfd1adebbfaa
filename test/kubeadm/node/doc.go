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

// Package node makes Kubernetes nodes the way kind does, without Docker:
// a node is a network namespace, a mount namespace in which the paths
// kubeadm and kubelet use are the node's own directories, and a UTS name,
// with containerd and kubelet run by the node's init (kcnode init) the way
// systemd runs them on a machine kubeadm's packages were installed on:
// kubelet from kubeadm's drop-in (ExecStart with kubeadm-flags.env,
// Restart=always), "systemctl" answered by the init over a control socket,
// so kubeadm's own "systemctl restart kubelet" restarts the node's kubelet.
package node
