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

// Package cluster writes what kubeadm and a node's containerd and CNI need
// for the clusters of test/kubeadm: each node's kubeadm configuration (its
// InitConfiguration or JoinConfiguration, followed, for kubeadm init, by the
// docs' ClusterConfiguration byte for byte), containerd's config.toml, the
// bridge network of the node's Pods, and the node's /etc/hosts.
package cluster

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"net/netip"
	"strings"
)

// Node is one machine of the cluster.
type Node struct {
	Name         string
	IP           netip.Addr
	ControlPlane bool
	// PodCIDR is the node's share of the Pods' addresses (the bridge
	// network's range; no controller allocates it, so the docs' recipe
	// needs no podSubnet).
	PodCIDR netip.Prefix
	// Patches, if set, is a directory of kubeadm patches for this node
	// (kubeadm's --patches / nodeRegistration patches), as a user gives one
	// control plane a setting of its own.
	Patches string
}

// Cluster is what every node's configuration shares.
type Cluster struct {
	// Endpoint is the recipe's controlPlaneEndpoint (the load balancer's
	// name and port: ReadRecipe); LoadBalancerIP is where the name
	// resolves in the nodes.
	Endpoint       string
	LoadBalancerIP netip.Addr
	// Token is the bootstrap token joins use, CertificateKey the key of the
	// control-plane certificates kubeadm init --upload-certs uploads.
	Token          string
	CertificateKey string
	// IgnorePreflightErrors names each preflight check that fails only
	// because of this environment (never "all").
	IgnorePreflightErrors []string
}

// NewCredentials returns a random bootstrap token ("[a-z0-9]{6}.[a-z0-9]{16}")
// and certificate key (32 bytes, hex), as kubeadm generates them.
func NewCredentials() (token, certificateKey string, err error) {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	raw := make([]byte, 22+32)
	if _, err := rand.Read(raw); err != nil {
		return "", "", err
	}
	var b strings.Builder
	for i, c := range raw[:22] {
		if i == 6 {
			b.WriteByte('.')
		}
		b.WriteByte(alphabet[int(c)%len(alphabet)])
	}
	return b.String(), hex.EncodeToString(raw[22:]), nil
}

// nodeRegistration is the part of Init- and JoinConfiguration that says
// who the node is and how to reach its containerd.
func (c Cluster) nodeRegistration(b *strings.Builder, n Node) {
	fmt.Fprintf(b, "nodeRegistration:\n")
	fmt.Fprintf(b, "  name: %s\n", n.Name)
	fmt.Fprintf(b, "  criSocket: unix:///run/containerd/containerd.sock\n")
	if len(c.IgnorePreflightErrors) > 0 {
		fmt.Fprintf(b, "  ignorePreflightErrors:\n")
		for _, check := range c.IgnorePreflightErrors {
			fmt.Fprintf(b, "  - %s\n", check)
		}
	}
	fmt.Fprintf(b, "  kubeletExtraArgs:\n  - name: node-ip\n    value: %s\n", n.IP)
	if !n.ControlPlane {
		// kubeadm taints control planes itself; a worker has none.
		fmt.Fprintf(b, "  taints: []\n")
	}
}

func patches(b *strings.Builder, n Node) {
	if n.Patches != "" {
		fmt.Fprintf(b, "patches:\n  directory: %s\n", n.Patches)
	}
}

// KubeProxyForNetworkNamespaces is the one cluster-wide setting the
// clusters here need beyond the recipe, as kind sets it for its nodes: a
// node is a network namespace, where nf_conntrack_max (global) cannot be
// written, and kube-proxy exits when it fails to raise it.
const KubeProxyForNetworkNamespaces = `apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
conntrack:
  maxPerCore: 0
`

// InitConfig is the file for "kubeadm init --config" on the first control
// plane: its InitConfiguration, KubeProxyForNetworkNamespaces, then recipe
// (the docs' ClusterConfiguration) unchanged.
func (c Cluster) InitConfig(n Node, recipe []byte) ([]byte, error) {
	if !n.ControlPlane {
		return nil, fmt.Errorf("node %s is not a control plane: kubeadm init runs on one", n.Name)
	}
	if len(recipe) == 0 {
		return nil, errors.New("the recipe (the docs' ClusterConfiguration) is empty")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "apiVersion: kubeadm.k8s.io/v1beta4\nkind: InitConfiguration\n")
	fmt.Fprintf(&b, "bootstrapTokens:\n- token: %s\n  ttl: 24h0m0s\n", c.Token)
	fmt.Fprintf(&b, "certificateKey: %s\n", c.CertificateKey)
	fmt.Fprintf(&b, "localAPIEndpoint:\n  advertiseAddress: %s\n  bindPort: 6443\n", n.IP)
	c.nodeRegistration(&b, n)
	patches(&b, n)
	b.WriteString("---\n" + KubeProxyForNetworkNamespaces + "---\n")
	b.Write(recipe)
	return []byte(b.String()), nil
}

// JoinConfig is the file for "kubeadm join --config": a control plane
// joins with the uploaded certificates, a worker without; both trust the
// cluster CA whose public key pin is caCertHash.
func (c Cluster) JoinConfig(n Node, caCertHash string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "apiVersion: kubeadm.k8s.io/v1beta4\nkind: JoinConfiguration\n")
	fmt.Fprintf(&b, "discovery:\n  bootstrapToken:\n    apiServerEndpoint: %s\n    token: %s\n    caCertHashes:\n    - %s\n", c.Endpoint, c.Token, caCertHash)
	if n.ControlPlane {
		fmt.Fprintf(&b, "controlPlane:\n  certificateKey: %s\n  localAPIEndpoint:\n    advertiseAddress: %s\n    bindPort: 6443\n", c.CertificateKey, n.IP)
	}
	c.nodeRegistration(&b, n)
	patches(&b, n)
	return []byte(b.String())
}

// CACertHash is kubeadm's pin of a CA certificate: "sha256:" and the hex
// SHA-256 of its DER SubjectPublicKeyInfo.
func CACertHash(caPEM []byte) (string, error) {
	block, _ := pem.Decode(caPEM)
	if block == nil || block.Type != "CERTIFICATE" {
		return "", errors.New("no PEM certificate in the CA file")
	}
	cert, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(cert.RawSubjectPublicKeyInfo)
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

// HostsFile is a node's /etc/hosts: itself, and the load balancer under
// the name the recipe's controlPlaneEndpoint uses.
func (c Cluster) HostsFile(n Node) ([]byte, error) {
	host, _, ok := strings.Cut(c.Endpoint, ":")
	if !ok || host == "" {
		return nil, fmt.Errorf("the control plane endpoint %q is not host:port", c.Endpoint)
	}
	return []byte(fmt.Sprintf("127.0.0.1 localhost\n::1 localhost\n%s %s\n%s %s\n", n.IP, n.Name, c.LoadBalancerIP, host)), nil
}
