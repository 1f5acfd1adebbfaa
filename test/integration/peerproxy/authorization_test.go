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

package peerproxy

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"

	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
)

// TestAuthorizationHoldsThroughTheProxy: the proxy forwards who the client
// is, and both servers authorize it; a client cannot claim another
// identity or skip the source server's checks with the headers servers use
// between themselves.
func TestAuthorizationHoldsThroughTheProxy(t *testing.T) {
	cp := newControlPlane(t)
	recorder := newPeerRecorder(t, cp.pki)
	newer := cp.start("newer", true, recorder.advertiseFlags()...)
	recorder.forwardTo(newer.hostPort(t))
	older := cp.start("older", true, olderServerRuntimeConfig)

	const ns = "authz"
	createNamespace(t, newer, ns)
	if _, err := newer.client.BatchV1().Jobs(ns).Create(context.Background(), newJob("secret-job"), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	grantJobReader(t, newer, ns, "alice")
	waitForJobsThrough(t, older, ns)
	waitForJobAccess(t, older, ns, "alice")

	jobsPath := "/apis/batch/v1/namespaces/" + ns + "/jobs"
	alice := cp.userConfig(older, "alice")
	mallory := cp.userConfig(older, "mallory")

	if code := getStatus(t, alice, jobsPath, nil); code != http.StatusOK {
		t.Errorf("alice (may list jobs) through %s: %d, want 200", older.name, code)
	}
	if code := getStatus(t, mallory, jobsPath, nil); code != http.StatusForbidden {
		t.Errorf("mallory (no RBAC) through %s: %d, want 403", older.name, code)
	}
	forged := http.Header{
		"X-Remote-User":             {"alice"},
		"X-Remote-Group":            {"system:masters"},
		"X-Kubernetes-Peer-Proxied": {"true"},
	}
	for _, target := range []*apiserver{older, newer} {
		code := getStatus(t, cp.userConfig(target, "mallory"), jobsPath, forged)
		if code == http.StatusOK {
			t.Errorf("mallory with forged identity and peer headers through %s: 200, want no access", target.name)
		}
	}

	var sawAlice bool
	for _, req := range recorder.requestsFor(jobsPath) {
		switch req.Header.Get("X-Remote-User") {
		case "alice":
			sawAlice = true
			// The loopback test client is in system:masters; alice is not.
			if groups := req.Header.Values("X-Remote-Group"); slices.Contains(groups, "system:masters") {
				t.Errorf("alice's proxied request claimed system:masters: %v", groups)
			}
		case "mallory":
			// Authorized on the source first: mallory never reaches the peer.
			t.Errorf("mallory's request reached %s", newer.name)
		}
	}
	if !sawAlice {
		t.Errorf("alice's request did not reach %s as alice", newer.name)
	}
}

// grantJobReader lets user get and list Jobs in ns.
func grantJobReader(t *testing.T, s *apiserver, ns, user string) {
	t.Helper()
	grantJobVerbs(t, s, ns, user, "job-reader", "get", "list")
}

// grantJobVerbs binds user in ns to the Role called role (created if
// needed), which allows verbs on Jobs.
func grantJobVerbs(t *testing.T, s *apiserver, ns, user, role string, verbs ...string) {
	t.Helper()
	ctx := context.Background()
	_, err := s.client.RbacV1().Roles(ns).Create(ctx, &rbacv1.Role{
		ObjectMeta: metav1.ObjectMeta{Name: role},
		Rules:      []rbacv1.PolicyRule{{APIGroups: []string{"batch"}, Resources: []string{"jobs"}, Verbs: verbs}},
	}, metav1.CreateOptions{})
	if err != nil && !apierrors.IsAlreadyExists(err) {
		t.Fatal(err)
	}
	_, err = s.client.RbacV1().RoleBindings(ns).Create(ctx, &rbacv1.RoleBinding{
		ObjectMeta: metav1.ObjectMeta{Name: role + "-" + user},
		RoleRef:    rbacv1.RoleRef{APIGroup: "rbac.authorization.k8s.io", Kind: "Role", Name: role},
		Subjects:   []rbacv1.Subject{{Kind: rbacv1.UserKind, APIGroup: "rbac.authorization.k8s.io", Name: user}},
	}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
}

// waitForJobAccess polls until user may list Jobs in ns through s, which
// means every authorizer on the way has seen the RBAC objects.
func waitForJobAccess(t *testing.T, s *apiserver, ns, user string) {
	t.Helper()
	waitFor(t, "RBAC for "+user+" to be effective", func() (bool, string) {
		code := getStatus(t, impersonate(s.admin, user), "/apis/batch/v1/namespaces/"+ns+"/jobs", nil)
		return code == http.StatusOK, fmt.Sprintf("list of Jobs as %s answered %d", user, code)
	})
}

func impersonate(config *rest.Config, user string) *rest.Config {
	c := rest.CopyConfig(config)
	c.Impersonate = rest.ImpersonationConfig{UserName: user}
	return c
}

// getStatus sends GET path with extra headers as config and returns the
// status code.
func getStatus(t *testing.T, config *rest.Config, path string, extra http.Header) int {
	t.Helper()
	client, err := rest.HTTPClientFor(config)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodGet, config.Host+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, vs := range extra {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	_ = resp.Body.Close()
	return resp.StatusCode
}
