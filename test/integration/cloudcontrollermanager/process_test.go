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
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
	"k8s.io/component-base/cli"
	kubeapiservertesting "k8s.io/kubernetes/cmd/kube-apiserver/app/testing"
	"k8s.io/kubernetes/test/integration/framework"

	"github.com/kubecarry/kubecarry/cmd/cloud-controller-manager/app"
	"github.com/kubecarry/kubecarry/test/integration/harness"
)

// runAsCCMEnv holds the cloud-controller-manager's arguments, separated by
// newlines, when the test binary is re-executed as the component.
const runAsCCMEnv = "KUBECARRY_TEST_RUN_AS_CCM"

func runCloudControllerManager() int {
	command, err := app.NewCloudControllerManagerCommand()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	command.SetArgs(strings.Split(os.Getenv(runAsCCMEnv), "\n"))
	return cli.Run(command)
}

// startCCM runs the cloud-controller-manager with args as a child process:
// this test binary, re-executed with runAsCCMEnv set.
func startCCM(t *testing.T, args ...string) *harness.Process {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), runAsCCMEnv+"="+strings.Join(args, "\n"))
	return harness.StartProcess(t, "cloud-controller-manager", cmd)
}

// startAPIServer starts a kube-apiserver over the shared etcd and returns
// an admin client and a kubeconfig file for it.
func startAPIServer(t *testing.T) (kubernetes.Interface, string) {
	t.Helper()
	server := startAPIServerWithFlags(t)
	kubeconfig, err := harness.WriteKubeconfig(server.ClientConfig, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return kubernetes.NewForConfigOrDie(server.ClientConfig), kubeconfig
}

func startAPIServerWithFlags(t *testing.T, flags ...string) kubeapiservertesting.TestServer {
	t.Helper()
	server := kubeapiservertesting.StartTestServerOrDie(t, nil, append(framework.DefaultTestServerFlags(), flags...), framework.SharedEtcd())
	t.Cleanup(server.TearDownFn)
	return *server
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// servingCCM is a cloud-controller-manager that answers on its secure port.
type servingCCM struct {
	*harness.Process
	port int
}

// startServingCCM runs a cloud-controller-manager against kubeconfig with
// the given cloud-config and extra flags, and waits until /healthz answers.
// The cluster CIDR is 10.244.0.0/16; /metrics is readable without
// credentials unless extra sets --authorization-always-allow-paths.
func startServingCCM(t *testing.T, kubeconfig, cloudConfig string, extra ...string) *servingCCM {
	t.Helper()
	port := freePort(t)
	args := append([]string{
		"--kubeconfig=" + kubeconfig,
		"--cloud-provider=kubecarry",
		"--cloud-config=" + cloudConfig,
		"--leader-elect=false",
		"--bind-address=127.0.0.1",
		fmt.Sprintf("--secure-port=%d", port),
		"--cert-dir=" + t.TempDir(),
		"--cluster-cidr=10.244.0.0/16",
	}, extra...)
	if !slices.ContainsFunc(extra, func(flag string) bool { return strings.HasPrefix(flag, "--authorization-always-allow-paths=") }) {
		args = append(args, "--authorization-always-allow-paths=/healthz,/readyz,/livez,/metrics")
	}
	s := &servingCCM{Process: startCCM(t, args...), port: port}

	var lastErr error
	err := wait.PollUntilContextTimeout(context.Background(), 200*time.Millisecond, 2*time.Minute, true, func(ctx context.Context) (bool, error) {
		if err := s.Exited(); err != nil {
			return false, err
		}
		body, err := s.get("/healthz")
		lastErr = err
		return err == nil && body == "ok", nil
	})
	if err != nil {
		t.Fatalf("/healthz of the cloud-controller-manager never answered ok: %v (last: %v)", err, lastErr)
	}
	return s
}

var insecureClient = &http.Client{
	Timeout: 5 * time.Second,
	// The serving certificate is self-signed, generated at start.
	Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}, //nolint:gosec
}

func (s *servingCCM) get(path string) (string, error) {
	return s.getWithToken(path, "")
}

// getWithToken GETs path, with a bearer token unless token is empty.
func (s *servingCCM) getWithToken(path, token string) (string, error) {
	req, err := http.NewRequest(http.MethodGet, fmt.Sprintf("https://127.0.0.1:%d%s", s.port, path), nil)
	if err != nil {
		return "", err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := insecureClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("GET %s: %s: %s", path, resp.Status, body)
	}
	return string(body), nil
}
