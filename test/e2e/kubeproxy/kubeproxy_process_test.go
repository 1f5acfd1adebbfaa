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

package kubeproxy

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	restclient "k8s.io/client-go/rest"

	"github.com/kubecarry/kubecarry/test/integration/harness"
)

// forwardAPIServer makes the in-process apiserver reachable from inside the
// node namespace, at an address on the namespace's loopback, and returns a
// kubeconfig for it. The listener is created in the namespace; connections
// are relayed to the apiserver from the test's namespace. No route or link
// joins the namespace to the host.
func forwardAPIServer(t *testing.T, node *netNS, config *restclient.Config) string {
	t.Helper()
	target, err := url.Parse(config.Host)
	if err != nil {
		t.Fatal(err)
	}
	l := node.listen(t, "tcp4", "127.0.0.1:0")
	var wg sync.WaitGroup
	t.Cleanup(func() {
		_ = l.Close()
		wg.Wait()
	})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			in, err := l.Accept()
			if err != nil {
				return
			}
			go relay(in, target.Host)
		}
	}()
	// The forwarded address is 127.0.0.1 too, which the serving certificate
	// names.
	forwarded := restclient.CopyConfig(config)
	forwarded.Host = "https://" + l.Addr().String()
	kubeconfig, err := harness.WriteKubeconfig(forwarded, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return kubeconfig
}

func relay(in net.Conn, target string) {
	defer in.Close()
	out, err := net.Dial("tcp", target)
	if err != nil {
		return
	}
	defer out.Close()
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(out, in); done <- struct{}{} }()
	go func() { _, _ = io.Copy(in, out); done <- struct{}{} }()
	<-done
}

// kubeProxyBinary is the kube-proxy that `make` built.
func kubeProxyBinary(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("KUBECARRY_KUBE_PROXY"); bin != "" {
		return bin
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	// The test runs in test/e2e/kubeproxy.
	bin := filepath.Join(wd, "..", "..", "..", "_output", "bin", "kube-proxy")
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("no kube-proxy binary at %s (run `make WHAT=cmd/kube-proxy` or set KUBECARRY_KUBE_PROXY): %v", bin, err)
	}
	return bin
}

// kubeProxy is a kube-proxy process in the node namespace.
type kubeProxy struct {
	*harness.Process
	node *netNS
}

// Where kube-proxy serves /metrics and /healthz, inside the node namespace.
const (
	metricsAddress = "127.0.0.1:10249"
	healthzAddress = "127.0.0.1:10256"
)

// commandLine is the kube-proxy command line for a run in mode, given only
// as flags, plus extra flags.
func commandLine(kubeconfig, mode string, extra ...string) []string {
	return append([]string{
		"--kubeconfig=" + kubeconfig,
		"--proxy-mode=" + mode,
		"--hostname-override=" + nodeName,
		"--cluster-cidr=" + clusterCIDR,
		// nf_conntrack_max is not writable outside the initial namespace.
		"--conntrack-max-per-core=0",
		"--metrics-bind-address=" + metricsAddress,
		"--healthz-bind-address=" + healthzAddress,
		"--v=2",
	}, extra...)
}

// configCommandLine is the kube-proxy command line for a run in mode from a
// config file, as kubeadm deploys it: the file gets the same settings as
// commandLine plus extraConfig (YAML lines), and extra flags follow --config.
func configCommandLine(t *testing.T, kubeconfig, mode, extraConfig string, extra ...string) []string {
	t.Helper()
	config := fmt.Sprintf(`apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: %s
clientConnection:
  kubeconfig: %s
hostnameOverride: %s
clusterCIDR: %s
conntrack:
  maxPerCore: 0
metricsBindAddress: %s
healthzBindAddress: %s
%s`, mode, kubeconfig, nodeName, clusterCIDR, metricsAddress, healthzAddress, extraConfig)
	file := filepath.Join(t.TempDir(), "kube-proxy.yaml")
	if err := os.WriteFile(file, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	return append([]string{"--config=" + file, "--v=2"}, extra...)
}

// startKubeProxy runs kube-proxy with args in the node namespace and waits
// until it has synced its rules once. Stop ends it the way a restart does,
// leaving its rules and the conntrack table in place.
func startKubeProxy(t *testing.T, node *netNS, args []string) *kubeProxy {
	t.Helper()
	p := &kubeProxy{
		Process: harness.StartProcess(t, "kube-proxy "+strings.Join(args, " "), node.command(kubeProxyBinary(t), args...)),
		node:    node,
	}
	p.waitForSync(t)
	return p
}

// metric returns the value of a metric's first sample, whatever its labels.
func (p *kubeProxy) metric(name string) (string, error) {
	client := &http.Client{
		Timeout: 5 * time.Second,
		Transport: &http.Transport{DialContext: func(_ context.Context, network, addr string) (net.Conn, error) {
			return p.node.dial(network, addr)
		}},
	}
	resp, err := client.Get("http://" + metricsAddress + "/metrics")
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(body), "\n") {
		rest, ok := strings.CutPrefix(line, name)
		if !ok || (!strings.HasPrefix(rest, " ") && !strings.HasPrefix(rest, "{")) {
			continue
		}
		if i := strings.LastIndex(rest, " "); i >= 0 {
			return rest[i+1:], nil
		}
	}
	return "", fmt.Errorf("no metric %s", name)
}

// lastSyncMetric is the time of kube-proxy's last successful sync of its
// rules; it changes at every sync.
const lastSyncMetric = "kubeproxy_sync_proxy_rules_last_timestamp_seconds"

// waitForSync waits until kube-proxy has synced its rules once, with the
// Services of the apiserver in them.
func (p *kubeProxy) waitForSync(t *testing.T) {
	t.Helper()
	var last error
	err := wait.PollUntilContextTimeout(context.Background(), 100*time.Millisecond, time.Minute, true, func(context.Context) (bool, error) {
		if err := p.Exited(); err != nil {
			return false, err
		}
		// The last-sync timestamp is set once the proxier has synced
		// with both Services and EndpointSlices known.
		value, err := p.metric(lastSyncMetric)
		last = err
		return err == nil && value != "0", nil
	})
	if err != nil {
		t.Fatalf("kube-proxy never synced: %v (last: %v)\n%s", err, last, p.Output())
	}
}
