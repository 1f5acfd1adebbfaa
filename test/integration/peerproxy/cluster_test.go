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
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	genericapiserver "k8s.io/apiserver/pkg/server"
	"k8s.io/apiserver/pkg/storage/storagebackend"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/transport"
	kastesting "k8s.io/kubernetes/cmd/kube-apiserver/app/testing"
	"k8s.io/kubernetes/test/integration/framework"

	"github.com/kubecarry/kubecarry/test/integration/harness"
)

// olderServerRuntimeConfig makes a kube-apiserver look like the older
// release of an upgrade: it does not serve batch/v1, which its peers do.
const olderServerRuntimeConfig = "--runtime-config=batch/v1=false"

// hostnameMu serialises server start-up: the hostname a server derives its
// identity from is a process-wide hook, read while the server is built.
var hostnameMu sync.Mutex

// apiserver is one in-process kube-apiserver of a test control plane.
type apiserver struct {
	name   string
	server kastesting.TestServer
	// admin is the server's loopback configuration (system:masters).
	admin  *rest.Config
	client kubernetes.Interface
}

// controlPlane is a set of kube-apiservers on one real etcd, with the
// certificates that let them authenticate each other as peers.
type controlPlane struct {
	t    testing.TB
	pki  *harness.PKI
	etcd *storagebackend.Config
}

func newControlPlane(t testing.TB) *controlPlane {
	t.Helper()
	pki, err := harness.NewPKI(t.TempDir())
	if err != nil {
		t.Fatalf("generating certificates: %v", err)
	}
	// The peer proxy's TLS transports reload certificates until this
	// channel closes; tie them to the test.
	ctx, cancel := context.WithCancel(context.Background())
	transport.DialerStopCh = ctx.Done()
	t.Cleanup(cancel)
	// One storage prefix for all servers of this control plane.
	return &controlPlane{t: t, pki: pki, etcd: framework.SharedEtcd()}
}

// start starts a kube-apiserver with its own identity (hostname name) and
// the peer flags of the PKI, plus extraFlags; withPeerCA=false leaves out
// --peer-ca-file.
func (cp *controlPlane) start(name string, withPeerCA bool, extraFlags ...string) *apiserver {
	cp.t.Helper()
	flags := append(framework.DefaultTestServerFlags(), "--authorization-mode=RBAC")
	for _, f := range cp.pki.APIServerFlags() {
		if !withPeerCA && strings.HasPrefix(f, "--peer-ca-file=") {
			continue
		}
		flags = append(flags, f)
	}
	flags = append(flags, extraFlags...)

	hostnameMu.Lock()
	genericapiserver.SetHostnameFuncForTests(name)
	// Certificate authentication is configured by our flags, not by the
	// test server's own fixtures (which would also set --peer-ca-file).
	server, err := kastesting.StartTestServer(cp.t, &kastesting.TestServerInstanceOptions{}, flags, cp.etcd)
	hostnameMu.Unlock()
	if err != nil {
		cp.t.Fatalf("starting kube-apiserver %s: %v", name, err)
	}
	cp.t.Cleanup(server.TearDownFn)
	admin := rest.CopyConfig(server.ClientConfig)
	return &apiserver{name: name, server: server, admin: admin, client: kubernetes.NewForConfigOrDie(admin)}
}

// userConfig is a client configuration for s that authenticates as user in
// groups with a client certificate of the cluster CA.
func (cp *controlPlane) userConfig(s *apiserver, user string, groups ...string) *rest.Config {
	cp.t.Helper()
	certFile, keyFile, err := cp.pki.UserCert(user, groups...)
	if err != nil {
		cp.t.Fatalf("issuing a certificate for %s: %v", user, err)
	}
	return &rest.Config{
		Host: s.admin.Host,
		TLSClientConfig: rest.TLSClientConfig{
			CAFile:     cp.pki.CAFile,
			ServerName: harness.PeerServerName,
			CertFile:   certFile,
			KeyFile:    keyFile,
		},
	}
}

// hostPort is the address the server listens on.
func (s *apiserver) hostPort(t testing.TB) string {
	u, err := url.Parse(s.admin.Host)
	if err != nil {
		t.Fatalf("parsing %q: %v", s.admin.Host, err)
	}
	return u.Host
}

// waitForJobsThrough polls until a list of Jobs in namespace through s
// succeeds: s serves batch/v1 itself or has found a peer that does.
func waitForJobsThrough(t testing.TB, s *apiserver, namespace string) {
	t.Helper()
	var last error
	err := wait.PollUntilContextTimeout(context.Background(), 200*time.Millisecond, time.Minute, true, func(ctx context.Context) (bool, error) {
		_, last = s.client.BatchV1().Jobs(namespace).List(ctx, metav1.ListOptions{})
		return last == nil, nil
	})
	if err != nil {
		t.Fatalf("%s never answered a list of batch/v1 Jobs: %v (last error: %v)", s.name, err, last)
	}
}

func createNamespace(t testing.TB, s *apiserver, name string) {
	t.Helper()
	_, err := s.client.CoreV1().Namespaces().Create(context.Background(), &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("creating namespace %s: %v", name, err)
	}
}

func newJob(name string) *batchv1.Job {
	return &batchv1.Job{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: batchv1.JobSpec{
			Template: corev1.PodTemplateSpec{
				Spec: corev1.PodSpec{
					RestartPolicy: corev1.RestartPolicyNever,
					Containers:    []corev1.Container{{Name: "main", Image: "registry.k8s.io/pause:3.10"}},
				},
			},
		},
	}
}

func describe(s *apiserver) string { return fmt.Sprintf("%s (%s)", s.name, s.admin.Host) }

// waitFor polls cond for up to a minute. cond says whether it holds and
// what it saw; on timeout t fails with what it saw last.
func waitFor(t testing.TB, what string, cond func() (bool, string)) {
	t.Helper()
	var last string
	err := wait.PollUntilContextTimeout(context.Background(), 200*time.Millisecond, time.Minute, true, func(context.Context) (bool, error) {
		var ok bool
		ok, last = cond()
		return ok, nil
	})
	if err != nil {
		t.Fatalf("timed out waiting for %s; last saw: %s", what, last)
	}
}
