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
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	v1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clientset "k8s.io/client-go/kubernetes"
	restclient "k8s.io/client-go/rest"
	kubeapiservertesting "k8s.io/kubernetes/cmd/kube-apiserver/app/testing"
	"k8s.io/kubernetes/test/integration/framework"
)

const deprecationWarning = "spec.externalIPs is deprecated and may no longer be implemented in some clusters"

// syncBuffer is a bytes.Buffer safe for client-go's warning handler.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// take returns what was written since the last call.
func (b *syncBuffer) take() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.buf.String()
	b.buf.Reset()
	return s
}

func startAPIServer(t *testing.T, flags ...string) *restclient.Config {
	t.Helper()
	server := kubeapiservertesting.StartTestServerOrDie(t, nil, append(framework.DefaultTestServerFlags(), flags...), framework.SharedEtcd())
	t.Cleanup(server.TearDownFn)
	return server.ClientConfig
}

func service(name string, externalIPs ...string) *v1.Service {
	return &v1.Service{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: v1.ServiceSpec{
			ExternalIPs: externalIPs,
			Ports:       []v1.ServicePort{{Port: 80}},
		},
	}
}

// TestExternalIPsDeprecationWarning checks that a client sees the v1.36
// deprecation warning, printed the way kubectl prints warnings, exactly when
// a create or update sets spec.externalIPs.
func TestExternalIPsDeprecationWarning(t *testing.T) {
	config := restclient.CopyConfig(startAPIServer(t))
	var out syncBuffer
	// kubectl's handler: "Warning: <text>" lines on stderr, deduplicated off.
	config.WarningHandler = restclient.NewWarningWriter(&out, restclient.WarningWriterOptions{})
	client := clientset.NewForConfigOrDie(config)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	ns := framework.CreateNamespaceOrDie(client, "externalips-warning", t)
	t.Cleanup(func() { framework.DeleteNamespaceOrDie(client, ns, t) })
	_ = out.take()

	wantLine := "Warning: " + deprecationWarning + "\n"
	svcs := client.CoreV1().Services(ns.Name)

	plain, err := svcs.Create(ctx, service("plain"), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := out.take(); strings.Contains(got, deprecationWarning) {
		t.Errorf("creating a Service without externalIPs warned: %q", got)
	}

	if _, err := svcs.Create(ctx, service("with-external-ips", "192.0.2.10"), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := out.take(); got != wantLine {
		t.Errorf("creating a Service with externalIPs printed %q, want %q", got, wantLine)
	}

	plain.Spec.ExternalIPs = []string{"192.0.2.11"}
	if _, err := svcs.Update(ctx, plain, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := out.take(); got != wantLine {
		t.Errorf("adding externalIPs in an update printed %q, want %q", got, wantLine)
	}

	headless := service("headless", "192.0.2.12")
	headless.Spec.ClusterIP = v1.ClusterIPNone
	if _, err := svcs.Create(ctx, headless, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := out.take(); strings.Contains(got, deprecationWarning) || !strings.Contains(got, "spec.externalIPs is ignored for headless services") {
		t.Errorf("a headless Service with externalIPs printed %q, want only the \"ignored\" warning", got)
	}
}

// TestDenyServiceExternalIPsAdmission checks that the admission plugin is
// in our build and, when enabled, rejects new externalIPs while leaving
// other Services alone.
func TestDenyServiceExternalIPsAdmission(t *testing.T) {
	client := clientset.NewForConfigOrDie(startAPIServer(t, "--enable-admission-plugins=DenyServiceExternalIPs"))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	ns := framework.CreateNamespaceOrDie(client, "externalips-deny", t)
	t.Cleanup(func() { framework.DeleteNamespaceOrDie(client, ns, t) })
	svcs := client.CoreV1().Services(ns.Name)

	_, err := svcs.Create(ctx, service("with-external-ips", "192.0.2.10"), metav1.CreateOptions{})
	if !apierrors.IsForbidden(err) || !strings.Contains(err.Error(), "external IPs") {
		t.Fatalf("creating a Service with externalIPs: got %v, want Forbidden naming external IPs", err)
	}

	plain, err := svcs.Create(ctx, service("plain"), metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("creating a Service without externalIPs: %v", err)
	}
	plain.Spec.ExternalIPs = []string{"192.0.2.11"}
	if _, err := svcs.Update(ctx, plain, metav1.UpdateOptions{}); !apierrors.IsForbidden(err) {
		t.Errorf("adding externalIPs in an update: got %v, want Forbidden", err)
	}
}
