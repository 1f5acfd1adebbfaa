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
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net/netip"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"sigs.k8s.io/yaml"

	"github.com/kubecarry/kubecarry/test/kubeadm/recipe"
)

func testCluster() (Cluster, Node, Node, Node) {
	cp1 := Node{Name: "cp-1", IP: netip.MustParseAddr("10.210.0.11"), ControlPlane: true, PodCIDR: netip.MustParsePrefix("10.244.1.0/24")}
	cp2 := Node{Name: "cp-2", IP: netip.MustParseAddr("10.210.0.12"), ControlPlane: true, PodCIDR: netip.MustParsePrefix("10.244.2.0/24"), Patches: "/etc/kubecarry/patches"}
	worker := Node{Name: "worker-1", IP: netip.MustParseAddr("10.210.0.21"), PodCIDR: netip.MustParsePrefix("10.244.3.0/24")}
	return Cluster{
		Endpoint:              "kube-apiserver.cluster.example:6443",
		LoadBalancerIP:        netip.MustParseAddr("10.210.0.1"),
		Token:                 "abcdef.0123456789abcdef",
		CertificateKey:        strings.Repeat("ab", 32),
		IgnorePreflightErrors: []string{"SystemVerification"},
	}, cp1, cp2, worker
}

// yamlDocs splits a kubeadm configuration file into its documents, parsed.
func yamlDocs(t *testing.T, data []byte) []map[string]any {
	t.Helper()
	var docs []map[string]any
	for _, part := range strings.Split(string(data), "\n---\n") {
		var doc map[string]any
		if err := yaml.Unmarshal([]byte(part), &doc); err != nil {
			t.Fatalf("document does not parse: %v\n%s", err, part)
		}
		docs = append(docs, doc)
	}
	return docs
}

func docsRecipe(t *testing.T) []byte {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	r, err := recipe.FromFile(filepath.Join(filepath.Dir(file), "..", "..", "..", "docs", "deploy.md"), "kubeadm-cluster-configuration")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// kubeadm init's file is the node's InitConfiguration followed by the
// docs' recipe, byte for byte.
func TestInitConfigEndsWithTheRecipeUnchanged(t *testing.T) {
	c, cp1, _, worker := testCluster()
	r := docsRecipe(t)
	config, err := c.InitConfig(cp1, r)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(config, append([]byte("\n---\n"), r...)) {
		t.Errorf("the init configuration does not end with the recipe as the docs show it:\n%s", config)
	}
	docs := yamlDocs(t, config)
	if len(docs) != 3 || docs[0]["kind"] != "InitConfiguration" || docs[1]["kind"] != "KubeProxyConfiguration" || docs[2]["kind"] != "ClusterConfiguration" {
		t.Fatalf("documents: %v", docs)
	}
	endpoint := docs[0]["localAPIEndpoint"].(map[string]any)
	registration := docs[0]["nodeRegistration"].(map[string]any)
	if endpoint["advertiseAddress"] != "10.210.0.11" || registration["name"] != "cp-1" || docs[0]["certificateKey"] != c.CertificateKey {
		t.Errorf("InitConfiguration: %v", docs[0])
	}
	if _, err := c.InitConfig(worker, r); err == nil {
		t.Error("kubeadm init on a worker: no error")
	}
	if _, err := c.InitConfig(cp1, nil); err == nil {
		t.Error("an empty recipe: no error")
	}
}

// A control plane joins with the certificate key and its own advertise
// address; a worker with neither; both pin the CA and name the endpoint.
func TestJoinConfig(t *testing.T) {
	c, _, cp2, worker := testCluster()
	for _, tc := range []struct {
		node             Node
		wantControlPlane bool
	}{{cp2, true}, {worker, false}} {
		t.Run(tc.node.Name, func(t *testing.T) {
			docs := yamlDocs(t, c.JoinConfig(tc.node, "sha256:00"))
			if len(docs) != 1 || docs[0]["kind"] != "JoinConfiguration" {
				t.Fatalf("documents: %v", docs)
			}
			token := docs[0]["discovery"].(map[string]any)["bootstrapToken"].(map[string]any)
			if token["apiServerEndpoint"] != c.Endpoint || token["token"] != c.Token || token["caCertHashes"].([]any)[0] != "sha256:00" {
				t.Errorf("discovery: %v", token)
			}
			controlPlane, has := docs[0]["controlPlane"].(map[string]any)
			if has != tc.wantControlPlane {
				t.Fatalf("controlPlane section present %v, want %v", has, tc.wantControlPlane)
			}
			if has && (controlPlane["certificateKey"] != c.CertificateKey || controlPlane["localAPIEndpoint"].(map[string]any)["advertiseAddress"] != tc.node.IP.String()) {
				t.Errorf("controlPlane: %v", controlPlane)
			}
			patches, hasPatches := docs[0]["patches"].(map[string]any)
			if hasPatches != (tc.node.Patches != "") || (hasPatches && patches["directory"] != tc.node.Patches) {
				t.Errorf("patches: %v, want the node's %q", docs[0]["patches"], tc.node.Patches)
			}
			ignored := docs[0]["nodeRegistration"].(map[string]any)["ignorePreflightErrors"].([]any)
			if len(ignored) != 1 || ignored[0] != "SystemVerification" {
				t.Errorf("ignorePreflightErrors: %v", ignored)
			}
		})
	}
}

// The pin is the one kubeadm's docs compute with openssl.
func TestCACertHashMatchesOpenSSL(t *testing.T) {
	openssl, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("openssl is not installed: nothing to compare the pin with")
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	template := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "kubernetes"}, NotBefore: time.Now(), NotAfter: time.Now().Add(time.Hour), IsCA: true, BasicConstraintsValid: true}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	caPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	got, err := CACertHash(caPEM)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sh", "-c", openssl+" x509 -pubkey -noout | "+openssl+" pkey -pubin -outform der | sha256sum")
	cmd.Stdin = bytes.NewReader(caPEM)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if want := "sha256:" + strings.Fields(string(out))[0]; got != want {
		t.Errorf("CACertHash = %s, openssl says %s", got, want)
	}
	if _, err := CACertHash([]byte("not a certificate")); err == nil {
		t.Error("a file without a certificate: no error")
	}
}

func TestNewCredentialsHaveKubeadmsFormat(t *testing.T) {
	token, key, err := NewCredentials()
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[a-z0-9]{6}\.[a-z0-9]{16}$`).MatchString(token) {
		t.Errorf("token %q is not a bootstrap token", token)
	}
	if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(key) {
		t.Errorf("certificate key %q is not 32 bytes of hex", key)
	}
	if again, _, _ := NewCredentials(); again == token {
		t.Error("two tokens are equal")
	}
}

// The facts read from the docs' recipe, and a recipe that is not a
// ClusterConfiguration.
func TestReadRecipe(t *testing.T) {
	facts, err := ReadRecipe(docsRecipe(t))
	if err != nil {
		t.Fatal(err)
	}
	if facts.ControlPlaneEndpoint == "" || !strings.HasPrefix(facts.KubernetesVersion, "v1.35.8+kubecarry.") {
		t.Errorf("facts: %+v", facts)
	}
	if _, err := ReadRecipe([]byte("apiVersion: kubeadm.k8s.io/v1beta3\nkind: ClusterConfiguration\n")); err == nil || !strings.Contains(err.Error(), "v1beta4") {
		t.Errorf("a v1beta3 recipe: %v", err)
	}
}

func TestNodeFiles(t *testing.T) {
	c, cp1, _, _ := testCluster()
	hosts, err := c.HostsFile(cp1)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(hosts), "10.210.0.1 kube-apiserver.cluster.example\n") || !strings.Contains(string(hosts), "10.210.0.11 cp-1\n") {
		t.Errorf("hosts:\n%s", hosts)
	}
	if !strings.Contains(string(ContainerdConfig("registry.example.com/kubecarry/pause:3.10.1")), `sandbox_image = "registry.example.com/kubecarry/pause:3.10.1"`) {
		t.Error("containerd's config does not name the sandbox image")
	}
	if !strings.Contains(string(CNIConfig(cp1.PodCIDR)), `"subnet": "10.244.1.0/24"`) {
		t.Error("the CNI configuration does not use the node's Pod range")
	}
}

// TestDefaultClusterConfiguration: the upstream side of the comparison is
// kubeadm's defaults plus the endpoint, which ReadRecipe accepts as it
// accepts the docs' recipe.
func TestDefaultClusterConfiguration(t *testing.T) {
	c, err := DefaultClusterConfiguration("v1.35.8", "kube-apiserver.cluster.example:6443")
	if err != nil {
		t.Fatal(err)
	}
	facts, err := ReadRecipe(c)
	if err != nil {
		t.Fatal(err)
	}
	if facts.KubernetesVersion != "v1.35.8" || facts.ControlPlaneEndpoint != "kube-apiserver.cluster.example:6443" || facts.ImageRepository != "" {
		t.Errorf("facts %+v", facts)
	}
	if strings.Contains(string(c), "peer-ca-file") || strings.Contains(string(c), "imageRepository") {
		t.Errorf("kubeadm's defaults set no peer CA and no image repository:\n%s", c)
	}
	if _, err := DefaultClusterConfiguration("", "x:6443"); err == nil {
		t.Error("a configuration without a version was accepted")
	}
}
