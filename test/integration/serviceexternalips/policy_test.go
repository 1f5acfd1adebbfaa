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

package serviceexternalips

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	v1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	clientset "k8s.io/client-go/kubernetes"
	restclient "k8s.io/client-go/rest"

	"github.com/kubecarry/kubecarry/test/integration/harness"
)

// policyDir holds the shipped manifests, relative to this package.
const policyDir = "../../../deploy/service-externalips"

// TestExternalIPsPolicy applies deploy/service-externalips, as shipped, to
// kubecarry's kube-apiserver and to an unpatched upstream one (the
// manifests must be portable), and checks what it admits.
func TestExternalIPsPolicy(t *testing.T) {
	t.Run("kubecarry", func(t *testing.T) {
		checkExternalIPsPolicy(t, startAPIServer(t))
	})
	t.Run("upstream", func(t *testing.T) {
		checkExternalIPsPolicy(t, harness.StartUpstreamAPIServer(t, harness.UpstreamAPIServerBinary(t)))
	})
}

// decodeFile decodes the one YAML document of a manifest into obj.
func decodeFile(t *testing.T, name string, obj any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(policyDir, name))
	if err != nil {
		t.Fatal(err)
	}
	if err := utilyaml.NewYAMLOrJSONDecoder(strings.NewReader(string(data)), 4096).Decode(obj); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// denied returns the message of a Forbidden/Invalid answer, or "" with the
// error when the request was admitted or failed otherwise.
func denied(err error) string {
	if err != nil && (apierrors.IsForbidden(err) || apierrors.IsInvalid(err)) {
		return err.Error()
	}
	return ""
}

func checkExternalIPsPolicy(t *testing.T, config *restclient.Config) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	client := clientset.NewForConfigOrDie(config)
	var (
		policy  admissionregistrationv1.ValidatingAdmissionPolicy
		binding admissionregistrationv1.ValidatingAdmissionPolicyBinding
		params  v1.ConfigMap
	)
	decodeFile(t, "policy.yaml", &policy)
	decodeFile(t, "binding.yaml", &binding)
	decodeFile(t, "params.yaml", &params)

	ns, err := client.CoreV1().Namespaces().Create(ctx, &v1.Namespace{ObjectMeta: metav1.ObjectMeta{GenerateName: "externalips-policy-"}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	services := client.CoreV1().Services(ns.Name)
	// A Service from before the policy, with an address it does not allow.
	legacy, err := services.Create(ctx, service("legacy", "198.51.100.9"), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}

	if _, err := client.AdmissionregistrationV1().ValidatingAdmissionPolicies().Create(ctx, &policy, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating the policy: %v", err)
	}
	if _, err := client.CoreV1().ConfigMaps(params.Namespace).Create(ctx, &params, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating the parameters: %v", err)
	}
	if _, err := client.AdmissionregistrationV1().ValidatingAdmissionPolicyBindings().Create(ctx, &binding, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating the binding: %v", err)
	}

	// eventuallyDenied polls a dry-run create until it is denied with a
	// message holding every want (policies and parameters take effect
	// through informers, a moment after they are written).
	eventuallyDenied := func(what string, svc *v1.Service, wants ...string) {
		t.Helper()
		var last string
		err := wait.PollUntilContextTimeout(ctx, 200*time.Millisecond, time.Minute, true, func(ctx context.Context) (bool, error) {
			_, err := services.Create(ctx, svc, metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
			last = denied(err)
			if last == "" && err != nil {
				last = "not denied but failed: " + err.Error()
				return false, nil
			}
			for _, want := range wants {
				if !strings.Contains(last, want) {
					return false, nil
				}
			}
			return last != "", nil
		})
		if err != nil {
			t.Fatalf("%s: not denied with a message holding %q; last answer: %q", what, wants, last)
		}
	}
	eventuallyDenied("a Service with an externalIP outside the allowed CIDRs", service("outside", "198.51.100.5"),
		"198.51.100.5", "192.0.2.0/24, 2001:db8:100::/64")

	mustCreate := func(what string, svc *v1.Service) *v1.Service {
		t.Helper()
		created, err := services.Create(ctx, svc, metav1.CreateOptions{})
		if err != nil {
			t.Fatalf("%s was denied: %v", what, err)
		}
		return created
	}
	mustDeny := func(what string, err error, wants ...string) {
		t.Helper()
		msg := denied(err)
		if msg == "" {
			t.Fatalf("%s was not denied: %v", what, err)
		}
		for _, want := range wants {
			if !strings.Contains(msg, want) {
				t.Errorf("%s: the denial %q does not hold %q", what, msg, want)
			}
		}
	}

	web := mustCreate("a Service with externalIPs inside the allowed CIDRs (IPv4 and IPv6)", service("web", "192.0.2.10", "2001:db8:100::10"))
	mustCreate("a Service without externalIPs", service("plain"))
	_, err = services.Create(ctx, service("carved-out", "192.0.2.10", "192.0.2.200"), metav1.CreateOptions{})
	mustDeny("an externalIP inside a rejected CIDR", err, "192.0.2.200", "outside 192.0.2.128/25")
	if strings.Contains(denied(err), "192.0.2.10,") {
		t.Errorf("the denial names the allowed externalIP 192.0.2.10 as offending: %v", err)
	}

	web.Spec.ExternalIPs = append(web.Spec.ExternalIPs, "203.0.113.7")
	_, err = services.Update(ctx, web, metav1.UpdateOptions{})
	mustDeny("an update adding an externalIP outside the allowed CIDRs", err, "203.0.113.7")

	legacy.Labels = map[string]string{"touched": "true"}
	if legacy, err = services.Update(ctx, legacy, metav1.UpdateOptions{}); err != nil {
		t.Fatalf("an update of a Service from before the policy that adds no externalIP was denied: %v", err)
	}
	legacy.Spec.ExternalIPs = append(legacy.Spec.ExternalIPs, "198.51.100.10")
	_, err = services.Update(ctx, legacy, metav1.UpdateOptions{})
	mustDeny("an update of a Service from before the policy adding another disallowed externalIP", err, "198.51.100.10")
	if strings.Contains(denied(err), "198.51.100.9") {
		t.Errorf("the denial names the externalIP the Service already had: %v", err)
	}

	// Exempt groups: a user in one is not checked.
	configMaps := client.CoreV1().ConfigMaps(params.Namespace)
	setParam := func(key, value string) {
		t.Helper()
		cm, err := configMaps.Get(ctx, params.Name, metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		cm.Data[key] = value
		if _, err := configMaps.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	setParam("exemptGroups", "network-admins")
	netAdmin := restclient.CopyConfig(config)
	netAdmin.Impersonate = restclient.ImpersonationConfig{UserName: "net-admin", Groups: []string{"system:masters", "network-admins"}}
	netAdminServices := clientset.NewForConfigOrDie(netAdmin).CoreV1().Services(ns.Name)
	if err := wait.PollUntilContextTimeout(ctx, 200*time.Millisecond, time.Minute, true, func(ctx context.Context) (bool, error) {
		_, err := netAdminServices.Create(ctx, service("exempt", "198.51.100.5"), metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
		return err == nil, nil
	}); err != nil {
		t.Fatalf("a member of the exempt group network-admins cannot create a Service with any externalIP")
	}
	_, err = services.Create(ctx, service("not-exempt", "198.51.100.5"), metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
	mustDeny("a user outside the exempt groups", err, "198.51.100.5")

	// Broken parameters and missing parameters fail closed.
	setParam("allowedCIDRs", "192.0.2.0/24, 192.0.2.0/33")
	eventuallyDenied("a Service with externalIPs while the parameters hold a bad CIDR", service("bad-params", "192.0.2.10"),
		"not a CIDR", "192.0.2.0/33")
	if err := configMaps.Delete(ctx, params.Name, metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	// The parameters are looked up before the policy's match conditions,
	// so without them every Service write is denied, naming the binding:
	// fail closed, as binding.yaml documents.
	eventuallyDenied("a Service with externalIPs while the parameters are missing", service("no-params", "192.0.2.10"),
		"service-externalips-allowed-cidrs", "no params found")
	_, err = services.Create(ctx, service("plain-2"), metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
	mustDeny("a Service without externalIPs while the parameters are missing", err, "no params found")
}
