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
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
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

// ccmProcess is a cloud-controller-manager child process and its output.
type ccmProcess struct {
	cmd    *exec.Cmd
	mu     sync.Mutex
	output bytes.Buffer
	done   chan struct{}
	err    error
}

func (p *ccmProcess) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.output.Write(b)
}

func (p *ccmProcess) Output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.output.String()
}

func startCCM(t *testing.T, args ...string) *ccmProcess {
	t.Helper()
	p := &ccmProcess{done: make(chan struct{})}
	p.cmd = exec.Command(os.Args[0])
	p.cmd.Env = append(os.Environ(), runAsCCMEnv+"="+strings.Join(args, "\n"))
	p.cmd.Stdout = p
	p.cmd.Stderr = p
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("starting the cloud-controller-manager: %v", err)
	}
	go func() {
		p.err = p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			_ = p.cmd.Process.Kill()
			<-p.done
		}
		if t.Failed() {
			t.Logf("cloud-controller-manager output:\n%s", p.Output())
		}
	})
	return p
}

func startAPIServer(t *testing.T) string {
	t.Helper()
	server := kubeapiservertesting.StartTestServerOrDie(t, nil, framework.DefaultTestServerFlags(), framework.SharedEtcd())
	t.Cleanup(server.TearDownFn)
	kubeconfig, err := harness.WriteKubeconfig(server.ClientConfig, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return kubeconfig
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

func TestCloudControllerManagerServesHealthz(t *testing.T) {
	kubeconfig := startAPIServer(t)
	port := freePort(t)
	p := startCCM(t,
		"--kubeconfig="+kubeconfig,
		"--leader-elect=false",
		"--bind-address=127.0.0.1",
		fmt.Sprintf("--secure-port=%d", port),
		"--cert-dir="+t.TempDir(),
	)

	client := &http.Client{
		Timeout: 5 * time.Second,
		// The serving certificate is self-signed, generated at start.
		Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}, //nolint:gosec
	}
	url := fmt.Sprintf("https://127.0.0.1:%d/healthz", port)
	var lastErr error
	err := wait.PollUntilContextTimeout(context.Background(), 200*time.Millisecond, 2*time.Minute, true, func(ctx context.Context) (bool, error) {
		select {
		case <-p.done:
			return false, fmt.Errorf("the cloud-controller-manager exited: %v", p.err)
		default:
		}
		resp, err := client.Get(url)
		if err != nil {
			lastErr = err
			return false, nil
		}
		defer resp.Body.Close()
		lastErr = fmt.Errorf("GET /healthz: %s", resp.Status)
		return resp.StatusCode == http.StatusOK, nil
	})
	if err != nil {
		t.Fatalf("/healthz never answered 200: %v (last: %v)", err, lastErr)
	}
}

func TestCloudControllerManagerRejectsUnknownProvider(t *testing.T) {
	kubeconfig := startAPIServer(t)
	p := startCCM(t,
		"--kubeconfig="+kubeconfig,
		"--leader-elect=false",
		"--secure-port=0",
		"--cloud-provider=bogus",
	)
	select {
	case <-p.done:
	case <-time.After(2 * time.Minute):
		t.Fatal("the cloud-controller-manager kept running with --cloud-provider=bogus")
	}
	if p.err == nil {
		t.Fatal("the cloud-controller-manager exited successfully with --cloud-provider=bogus")
	}
	for _, want := range []string{"unknown cloud provider", "bogus", "supports: kubecarry"} {
		if !strings.Contains(p.Output(), want) {
			t.Errorf("the output does not say %q (exit: %v):\n%s", want, p.err, p.Output())
		}
	}
}
