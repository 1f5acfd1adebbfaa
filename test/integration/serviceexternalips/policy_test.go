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
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	v1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/dynamic"
	clientset "k8s.io/client-go/kubernetes"
	restclient "k8s.io/client-go/rest"

	"github.com/kubecarry/kubecarry/test/integration/harness"
)

// policyDir holds the shipped manifests, relative to this package.
const policyDir = "../../../deploy/service-externalips"

// policyName is the ValidatingAdmissionPolicy of policyDir.
const policyName = "service-externalips-allowed-cidrs"

// TestExternalIPsPolicy applies deploy/service-externalips, as shipped, to
// kubecarry's kube-apiserver and to an unpatched upstream one (the
// manifests must be portable), and checks what it admits. Both run with
// RBAC, as clusters do: who may change the policy's parameters is part of
// what is checked.
func TestExternalIPsPolicy(t *testing.T) {
	t.Run("kubecarry", func(t *testing.T) {
		checkExternalIPsPolicy(t, startAPIServer(t, "--authorization-mode=RBAC"))
	})
	t.Run("upstream", func(t *testing.T) {
		checkExternalIPsPolicy(t, harness.StartUpstreamAPIServer(t, harness.UpstreamAPIServerBinary(t)))
	})
}

// manifestResources maps the kinds policyDir may hold to their resources.
var manifestResources = map[string]schema.GroupVersionResource{
	"ValidatingAdmissionPolicy":        {Group: "admissionregistration.k8s.io", Version: "v1", Resource: "validatingadmissionpolicies"},
	"ValidatingAdmissionPolicyBinding": {Group: "admissionregistration.k8s.io", Version: "v1", Resource: "validatingadmissionpolicybindings"},
	"ConfigMap":                        {Version: "v1", Resource: "configmaps"},
}

// applyManifests creates every object of every manifest in policyDir, as
// "kubectl apply -f deploy/service-externalips/" does.
func applyManifests(ctx context.Context, t *testing.T, client dynamic.Interface) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(policyDir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests in %s: %v", policyDir, err)
	}
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		decoder := utilyaml.NewYAMLOrJSONDecoder(f, 4096)
		for {
			var obj unstructured.Unstructured
			if err := decoder.Decode(&obj.Object); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			if obj.Object == nil {
				continue
			}
			gvr, ok := manifestResources[obj.GetKind()]
			if !ok {
				t.Fatalf("%s: kind %s is not one this test knows how to apply", file, obj.GetKind())
			}
			var r dynamic.ResourceInterface = client.Resource(gvr)
			if ns := obj.GetNamespace(); ns != "" {
				r = client.Resource(gvr).Namespace(ns)
			}
			if _, err := r.Create(ctx, &obj, metav1.CreateOptions{}); err != nil {
				t.Fatalf("%s: creating %s %s: %v", file, obj.GetKind(), obj.GetName(), err)
			}
		}
		_ = f.Close()
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

	applyManifests(ctx, t, dynamic.NewForConfigOrDie(config))

	// eventuallyDenied polls a dry-run create until it is denied with a
	// message holding every want (policies take effect through informers, a
	// moment after they are written).
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
	// eventuallyAdmitted polls a dry-run create with services until it is
	// admitted.
	eventuallyAdmitted := func(what string, services interface {
		Create(context.Context, *v1.Service, metav1.CreateOptions) (*v1.Service, error)
	}, svc *v1.Service) {
		t.Helper()
		var last error
		if err := wait.PollUntilContextTimeout(ctx, 200*time.Millisecond, time.Minute, true, func(ctx context.Context) (bool, error) {
			_, last = services.Create(ctx, svc, metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
			return last == nil, nil
		}); err != nil {
			t.Fatalf("%s was not admitted: %v", what, last)
		}
	}
	// The shipped allowedCIDRs are written "a, b"; the message lists them
	// trimmed.
	eventuallyDenied("a Service with an externalIP outside the allowed CIDRs", service("outside", "198.51.100.5"),
		"198.51.100.5", "one of 192.0.2.0/24, 2001:db8:100::/64 and")

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

	// An add-on that may write ConfigMaps in kube-system (many can) must
	// not be able to widen the allowlist or exempt itself: the parameters
	// are not a ConfigMap, and the policy is not its to write.
	const addonGroup = "kube-system-configmap-writers"
	if _, err := client.RbacV1().Roles("kube-system").Create(ctx, &rbacv1.Role{
		ObjectMeta: metav1.ObjectMeta{Name: "configmap-writer"},
		Rules:      []rbacv1.PolicyRule{{APIGroups: []string{""}, Resources: []string{"configmaps"}, Verbs: []string{"*"}}},
	}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := client.RbacV1().RoleBindings("kube-system").Create(ctx, &rbacv1.RoleBinding{
		ObjectMeta: metav1.ObjectMeta{Name: "configmap-writer"},
		Subjects:   []rbacv1.Subject{{Kind: rbacv1.GroupKind, Name: addonGroup}},
		RoleRef:    rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "Role", Name: "configmap-writer"},
	}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	// The add-on may also create Services in the test namespace (not
	// through the aggregated "edit" role: no controller fills it here).
	if _, err := client.RbacV1().Roles(ns.Name).Create(ctx, &rbacv1.Role{
		ObjectMeta: metav1.ObjectMeta{Name: "service-writer"},
		Rules:      []rbacv1.PolicyRule{{APIGroups: []string{""}, Resources: []string{"services"}, Verbs: []string{"*"}}},
	}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := client.RbacV1().RoleBindings(ns.Name).Create(ctx, &rbacv1.RoleBinding{
		ObjectMeta: metav1.ObjectMeta{Name: "service-writer"},
		Subjects:   []rbacv1.Subject{{Kind: rbacv1.GroupKind, Name: addonGroup}},
		RoleRef:    rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "Role", Name: "service-writer"},
	}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	addonConfig := restclient.CopyConfig(config)
	addonConfig.Impersonate = restclient.ImpersonationConfig{UserName: "some-addon", Groups: []string{"system:authenticated", addonGroup}}
	addon := clientset.NewForConfigOrDie(addonConfig)
	widened := map[string]string{"allowedCIDRs": "0.0.0.0/0, ::/0", "rejectedCIDRs": "", "exemptGroups": addonGroup}
	// Write the ConfigMaps the parameters were or might be in; RBAC takes
	// a moment to see the new Role.
	for _, name := range []string{"service-externalips", policyName} {
		var last error
		if err := wait.PollUntilContextTimeout(ctx, 200*time.Millisecond, time.Minute, true, func(ctx context.Context) (bool, error) {
			cm, err := addon.CoreV1().ConfigMaps("kube-system").Get(ctx, name, metav1.GetOptions{})
			if apierrors.IsNotFound(err) {
				_, err = addon.CoreV1().ConfigMaps("kube-system").Create(ctx, &v1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name}, Data: widened}, metav1.CreateOptions{})
			} else if err == nil {
				cm.Data = widened
				_, err = addon.CoreV1().ConfigMaps("kube-system").Update(ctx, cm, metav1.UpdateOptions{})
			}
			last = err
			return err == nil, nil
		}); err != nil {
			t.Fatalf("the add-on cannot write ConfigMap kube-system/%s, so this checks nothing: %v", name, last)
		}
	}
	if policy, err := client.AdmissionregistrationV1().ValidatingAdmissionPolicies().Get(ctx, policyName, metav1.GetOptions{}); err != nil {
		t.Fatal(err)
	} else if _, err := addon.AdmissionregistrationV1().ValidatingAdmissionPolicies().Update(ctx, policy, metav1.UpdateOptions{}); !apierrors.IsForbidden(err) {
		t.Errorf("an add-on that may write ConfigMaps in kube-system may update the policy: %v", err)
	}
	// Give a widening the time informers take to apply one, then check
	// there was none, for the add-on itself and for anyone.
	time.Sleep(3 * time.Second)
	_, err = addon.CoreV1().Services(ns.Name).Create(ctx, service("addon", "198.51.100.5"), metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
	if msg := denied(err); !strings.Contains(msg, "198.51.100.5 not allowed") {
		t.Errorf("after an add-on wrote ConfigMaps in kube-system, its own Service with an externalIP outside the allowed CIDRs was not denied by the policy: %v", err)
	}
	_, err = services.Create(ctx, service("after-addon", "198.51.100.5"), metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
	mustDeny("after an add-on wrote ConfigMaps in kube-system, a Service with an externalIP outside the allowed CIDRs", err, "198.51.100.5")

	web := mustCreate("a Service with externalIPs inside the allowed CIDRs (IPv4 and IPv6)", service("web", "192.0.2.10", "2001:db8:100::10"))
	mustCreate("a Service without externalIPs", service("plain"))
	_, err = services.Create(ctx, service("carved-out", "192.0.2.10", "192.0.2.200"), metav1.CreateOptions{})
	mustDeny("an externalIP inside a rejected CIDR", err, "192.0.2.200", "outside 192.0.2.128/25")
	if strings.Contains(denied(err), "192.0.2.10,") {
		t.Errorf("the denial names the allowed externalIP 192.0.2.10 as offending: %v", err)
	}
	// An IPv4-mapped externalIP is in no allowed range, even when its IPv4
	// form is: kube-proxy's serviceExternalIPCIDRs ignores it the same way.
	// (kube-apiserver itself accepts it unless StrictIPCIDRValidation is on;
	// then it is Invalid before the policy runs.)
	_, err = services.Create(ctx, service("mapped", "::ffff:192.0.2.10"), metav1.CreateOptions{})
	mustDeny("an IPv4-mapped externalIP whose IPv4 form is allowed", err, "::ffff:192.0.2.10")

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

	// The parameters are variables of the policy, changed by whoever may
	// write the policy (the admin here).
	policies := client.AdmissionregistrationV1().ValidatingAdmissionPolicies()
	setParam := func(name, value string) {
		t.Helper()
		policy, err := policies.Get(ctx, policyName, metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for i := range policy.Spec.Variables {
			if policy.Spec.Variables[i].Name == name {
				policy.Spec.Variables[i].Expression = "'" + value + "'"
				found = true
			}
		}
		if !found {
			t.Fatalf("the policy has no parameter variable %q", name)
		}
		if _, err := policies.Update(ctx, policy, metav1.UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
	}

	// Lists as people write them: blanks around entries, empty entries.
	setParam("allowedCIDRs", " 192.0.2.0/24 ,2001:db8:100::/64,, 198.51.100.0/24  ")
	eventuallyAdmitted("a Service with an externalIP inside a CIDR listed with blanks around it", services, service("blanks", "198.51.100.20"))
	eventuallyDenied("a Service with an externalIP outside CIDRs listed with blanks", service("blanks-outside", "203.0.113.1"),
		"203.0.113.1", "one of 192.0.2.0/24, 2001:db8:100::/64, 198.51.100.0/24 and")

	// Exempt groups: a user in one is not checked.
	setParam("exemptGroups", " network-admins ")
	netAdmin := restclient.CopyConfig(config)
	netAdmin.Impersonate = restclient.ImpersonationConfig{UserName: "net-admin", Groups: []string{"system:masters", "network-admins"}}
	eventuallyAdmitted("a Service with any externalIP from a member of the exempt group network-admins",
		clientset.NewForConfigOrDie(netAdmin).CoreV1().Services(ns.Name), service("exempt", "203.0.113.5"))
	_, err = services.Create(ctx, service("not-exempt", "203.0.113.5"), metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
	mustDeny("a user outside the exempt groups", err, "203.0.113.5")

	// Broken parameters fail closed for Services with externalIPs only,
	// naming the value; an IPv4-mapped CIDR is refused as kube-proxy
	// refuses it.
	for _, bad := range []string{"192.0.2.0/33", "::ffff:192.0.2.0/120"} {
		setParam("allowedCIDRs", "192.0.2.0/24, "+bad)
		eventuallyDenied("a Service with externalIPs while the parameters hold "+bad, service("bad-params", "192.0.2.10"),
			"not a CIDR", bad)
	}
	mustCreate("a Service without externalIPs while the parameters are broken", service("plain-2"))
}
