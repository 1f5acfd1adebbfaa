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

package cloudcontrollermanager

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	authenticationv1 "k8s.io/api/authentication/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/kubernetes/scheme"
	restclient "k8s.io/client-go/rest"
	cloudproviderapi "k8s.io/cloud-provider/api"
	kubeapiservertesting "k8s.io/kubernetes/cmd/kube-apiserver/app/testing"

	"github.com/kubecarry/kubecarry/test/integration/harness"
)

const rbacManifest = "../../../cmd/cloud-controller-manager/deploy/rbac.yaml"

// The cloud-controller-manager does its work with exactly the permissions
// of the shipped RBAC manifest: under RBAC, with its ServiceAccount's token,
// leader election on, and /metrics behind delegated authorization.
func TestRBACManifestSuffices(t *testing.T) {
	server := startAPIServerWithFlags(t, "--authorization-mode=RBAC")
	admin := kubernetes.NewForConfigOrDie(server.ClientConfig)
	applyManifest(t, admin, rbacManifest)

	// A scraper allowed by the manifest's metrics-reader role.
	createServiceAccount(t, admin, "metrics-scraper")
	bind(t, admin, "kubecarry-cloud-controller-manager:metrics-reader", "metrics-scraper")

	ccmKubeconfig := tokenKubeconfig(t, server, admin, "cloud-controller-manager")
	createNode(t, admin, "node-a", "10.244.1.0/24", uninitialized)

	ccm := startServingCCM(t, ccmKubeconfig, writeCloudConfig(t, ""),
		"--leader-elect=true",
		"--leader-elect-lease-duration=4s", "--leader-elect-renew-deadline=3s", "--leader-elect-retry-period=1s",
		"--authentication-kubeconfig="+ccmKubeconfig,
		"--authorization-kubeconfig="+ccmKubeconfig,
		"--authorization-always-allow-paths=/healthz",
	)

	waitForNode(t, admin, "node-a", "initialised and routed", func(n *corev1.Node) (bool, string) {
		if hasTaint(n, cloudproviderapi.TaintExternalCloudProvider) {
			return false, "still tainted uninitialized"
		}
		return routeCreated(n)
	})
	if _, err := admin.CoordinationV1().Leases("kube-system").Get(context.Background(), "cloud-controller-manager", metav1.GetOptions{}); err != nil {
		t.Fatalf("the leader election lease: %v", err)
	}

	if _, err := ccm.get("/metrics"); err == nil || !strings.Contains(err.Error(), "403") || !strings.Contains(err.Error(), "system:anonymous") {
		t.Fatalf("GET /metrics without credentials = %v, want 403 for system:anonymous", err)
	}
	scraperToken := token(t, admin, "metrics-scraper")
	eventually(t, 30*time.Second, "/metrics for the metrics-reader", func() (bool, string) {
		body, err := ccm.getWithToken("/metrics", scraperToken)
		if err != nil {
			return false, err.Error()
		}
		return strings.Contains(body, routeSyncMetric), "no " + routeSyncMetric
	})

	// The API server's denials read "<resource> is forbidden: User ...".
	if strings.Contains(ccm.Output(), "is forbidden") {
		t.Fatalf("the cloud-controller-manager was denied something; its output:\n%s", ccm.Output())
	}
}

// applyManifest creates the ServiceAccounts, ClusterRoles, ClusterRoleBindings
// and RoleBindings of a multi-document YAML file.
func applyManifest(t *testing.T, client kubernetes.Interface, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ctx := context.Background()
	reader := utilyaml.NewYAMLReader(bufio.NewReader(f))
	for {
		doc, err := reader.Read()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if strings.TrimSpace(stripComments(string(doc))) == "" {
			continue
		}
		obj, gvk, err := scheme.Codecs.UniversalDeserializer().Decode(doc, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		switch o := obj.(type) {
		case *corev1.ServiceAccount:
			_, err = client.CoreV1().ServiceAccounts(o.Namespace).Create(ctx, o, metav1.CreateOptions{})
		case *rbacv1.ClusterRole:
			_, err = client.RbacV1().ClusterRoles().Create(ctx, o, metav1.CreateOptions{})
		case *rbacv1.ClusterRoleBinding:
			_, err = client.RbacV1().ClusterRoleBindings().Create(ctx, o, metav1.CreateOptions{})
		case *rbacv1.RoleBinding:
			_, err = client.RbacV1().RoleBindings(o.Namespace).Create(ctx, o, metav1.CreateOptions{})
		default:
			t.Fatalf("%s: unexpected %v", path, gvk)
		}
		if err != nil {
			t.Fatalf("%s: creating %v: %v", path, gvk, err)
		}
	}
}

func createServiceAccount(t *testing.T, client kubernetes.Interface, name string) {
	t.Helper()
	sa := &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "kube-system"}}
	if _, err := client.CoreV1().ServiceAccounts("kube-system").Create(context.Background(), sa, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
}

func bind(t *testing.T, client kubernetes.Interface, clusterRole, serviceAccount string) {
	t.Helper()
	binding := &rbacv1.ClusterRoleBinding{
		ObjectMeta: metav1.ObjectMeta{Name: clusterRole + ":" + serviceAccount},
		RoleRef:    rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: clusterRole},
		Subjects:   []rbacv1.Subject{{Kind: rbacv1.ServiceAccountKind, Name: serviceAccount, Namespace: "kube-system"}},
	}
	if _, err := client.RbacV1().ClusterRoleBindings().Create(context.Background(), binding, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
}

func token(t *testing.T, client kubernetes.Interface, serviceAccount string) string {
	t.Helper()
	expiry := int64(3600)
	req := &authenticationv1.TokenRequest{Spec: authenticationv1.TokenRequestSpec{ExpirationSeconds: &expiry}}
	resp, err := client.CoreV1().ServiceAccounts("kube-system").CreateToken(context.Background(), serviceAccount, req, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("requesting a token for %s: %v", serviceAccount, err)
	}
	return resp.Status.Token
}

// tokenKubeconfig writes a kubeconfig that authenticates as a ServiceAccount.
func tokenKubeconfig(t *testing.T, server kubeapiservertesting.TestServer, client kubernetes.Interface, serviceAccount string) string {
	t.Helper()
	config := restclient.AnonymousClientConfig(server.ClientConfig)
	config.BearerToken = token(t, client, serviceAccount)
	path, err := harness.WriteKubeconfig(config, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return path
}

func stripComments(doc string) string {
	var b strings.Builder
	for _, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			fmt.Fprintln(&b, line)
		}
	}
	return b.String()
}
