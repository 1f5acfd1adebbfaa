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
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kubecarry/kubecarry/test/integration/harness"
)

func TestServesTheRouteSyncCounterAsAlpha(t *testing.T) {
	_, kubeconfig := startAPIServer(t)
	ccm := startServingCCM(t, kubeconfig, writeCloudConfig(t, ""))
	var body string
	eventually(t, 30*time.Second, "the route controller's counter on /metrics", func() (bool, string) {
		var err error
		body, err = ccm.get("/metrics")
		if err != nil {
			return false, err.Error()
		}
		// The provider's counter appears with its first call.
		return strings.Contains(body, "\n"+routeSyncMetric+" ") && strings.Contains(body, "\n"+apiRequestsMetric+"{"), "not exported yet"
	})
	for _, want := range []string{
		"# HELP " + routeSyncMetric + " [ALPHA] A metric counting the amount of times routes have been synced with the cloud provider.\n",
		"# TYPE " + routeSyncMetric + " counter\n",
		"# HELP " + apiRequestsMetric + " [ALPHA] ",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}

// A cloud-config the provider cannot use stops the process at start, and
// the message names the problem.
func TestBadCloudConfigFailsAtStart(t *testing.T) {
	_, kubeconfig := startAPIServer(t)
	dir := t.TempDir()
	tests := []struct {
		name, content string // content "" means no file
		want          []string
	}{
		{"unknown field", "instances: []\nroutes: {}\n", []string{"unknown field", "routes"}},
		{"bad CIDR", "routeTable: {destinationCIDRs: [10.244.0.0/99]}\ninstances: []\n", []string{"routeTable.destinationCIDRs[0]", "10.244.0.0/99"}},
		{"missing file", "", []string{"--cloud-config", "no such file or directory"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".yaml")
			if tc.content != "" {
				if err := os.WriteFile(path, []byte(tc.content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			p := startCCM(t, "--kubeconfig="+kubeconfig, "--leader-elect=false", "--secure-port=0",
				"--cloud-provider=kubecarry", "--cloud-config="+path)
			assertExitsSaying(t, p, append(tc.want, path)...)
		})
	}
}

func TestRoutesWithoutClusterCIDRFailAtStart(t *testing.T) {
	_, kubeconfig := startAPIServer(t)
	p := startCCM(t, "--kubeconfig="+kubeconfig, "--leader-elect=false", "--secure-port=0",
		"--cloud-provider=kubecarry", "--cloud-config="+writeCloudConfig(t, ""))
	assertExitsSaying(t, p, "--cluster-cidr is required", "--configure-cloud-routes=false")
}

func TestUnknownProviderFailsAtStart(t *testing.T) {
	_, kubeconfig := startAPIServer(t)
	p := startCCM(t, "--kubeconfig="+kubeconfig, "--leader-elect=false", "--secure-port=0", "--cloud-provider=bogus")
	assertExitsSaying(t, p, "unknown cloud provider", "bogus", "supports: kubecarry")
}

func assertExitsSaying(t *testing.T, p *harness.Process, want ...string) {
	t.Helper()
	select {
	case <-p.Done():
	case <-time.After(2 * time.Minute):
		t.Fatal("the cloud-controller-manager kept running")
	}
	if p.Err() == nil {
		t.Fatal("the cloud-controller-manager exited successfully")
	}
	for _, w := range want {
		if !strings.Contains(p.Output(), w) {
			t.Errorf("the output does not say %q (exit: %v):\n%s", w, p.Err(), p.Output())
		}
	}
}
