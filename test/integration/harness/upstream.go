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

package harness

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	clientset "k8s.io/client-go/kubernetes"
	restclient "k8s.io/client-go/rest"
	"k8s.io/kubernetes/test/integration/framework"
)

// UpstreamAPIServerEnv names the unpatched upstream kube-apiserver binary
// that tests compare kubecarry with; hack/test-integration.sh builds it
// (hack/build-upstream.sh kube-apiserver, cached by version) and sets it.
const UpstreamAPIServerEnv = "KUBECARRY_UPSTREAM_APISERVER"

// UpstreamAPIServerBinary returns the binary UpstreamAPIServerEnv names,
// skipping the test, with the way to run it, if none is set.
func UpstreamAPIServerBinary(t *testing.T) string {
	t.Helper()
	bin := os.Getenv(UpstreamAPIServerEnv)
	if bin == "" {
		t.Skipf("%s is not set: run hack/test-integration.sh, which builds the upstream kube-apiserver and sets it", UpstreamAPIServerEnv)
	}
	return bin
}

// StartUpstreamAPIServer runs binary, a kube-apiserver of any release, as a
// process on 127.0.0.1 over the tests' shared etcd (its own key prefix),
// with RBAC and client-certificate authentication, and returns a client
// config of an admin (system:masters) once it is ready.
func StartUpstreamAPIServer(t *testing.T, binary string) *restclient.Config {
	t.Helper()
	dir := t.TempDir()
	pki, err := NewPKI(dir)
	if err != nil {
		t.Fatal(err)
	}
	saKey := filepath.Join(dir, "sa.key")
	if err := writeRSAKey(saKey); err != nil {
		t.Fatal(err)
	}
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{
		"--etcd-servers=" + framework.GetEtcdURL(),
		"--etcd-prefix=/upstream-" + strconv.FormatInt(time.Now().UnixNano(), 10),
		"--bind-address=127.0.0.1",
		"--advertise-address=127.0.0.1",
		"--secure-port=" + strconv.Itoa(port),
		"--service-account-issuer=https://kubernetes.default.svc",
		"--service-account-key-file=" + saKey,
		"--service-account-signing-key-file=" + saKey,
		"--service-cluster-ip-range=10.0.0.0/24",
		"--authorization-mode=RBAC",
		"--endpoint-reconciler-type=none",
		"--disable-admission-plugins=ServiceAccount",
	}, pki.APIServerFlags()...)
	p := StartProcess(t, "upstream kube-apiserver", exec.Command(binary, args...))

	cert, key, err := pki.UserCert("admin", "system:masters")
	if err != nil {
		t.Fatal(err)
	}
	config := &restclient.Config{
		Host:            "https://127.0.0.1:" + strconv.Itoa(port),
		TLSClientConfig: restclient.TLSClientConfig{CAFile: pki.CAFile, CertFile: cert, KeyFile: key},
	}
	client := clientset.NewForConfigOrDie(config)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for {
		body, err := client.Discovery().RESTClient().Get().AbsPath("/readyz").DoRaw(ctx)
		if err == nil && string(body) == "ok" {
			return config
		}
		select {
		case <-p.Done():
			t.Fatalf("the upstream kube-apiserver %s exited before it was ready: %v", binary, p.Err())
		case <-ctx.Done():
			t.Fatalf("the upstream kube-apiserver %s is not ready after 2 minutes: %v %s", binary, err, body)
		case <-time.After(200 * time.Millisecond):
		}
	}
}

func writeRSAKey(file string) error {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return err
	}
	return writePEM(file, "RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(key))
}

// freePort asks the kernel for a free TCP port on 127.0.0.1.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("finding a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
