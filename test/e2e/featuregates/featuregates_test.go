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

// Package featuregates checks the built binaries: every kubecarry gate is
// offered by --feature-gates in --help, as a Beta gate on by default, and
// the binary accepts it set to false.
package featuregates

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// binary is the path of a built kubecarry binary: in $KUBECARRY_BIN_DIR,
// which hack/test-e2e.sh sets, else in the repository's _output/bin.
func binary(t *testing.T, name string) string {
	t.Helper()
	dir := os.Getenv("KUBECARRY_BIN_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "_output", "bin")
	}
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no %s binary at %s (run `make` or set KUBECARRY_BIN_DIR): %v", name, path, err)
	}
	return path
}

func TestKubecarryGatesAreOfferedAndAccepted(t *testing.T) {
	for _, tc := range []struct {
		binary string
		gates  []string
		// check runs the binary with a gate set to false and a flag that
		// makes it stop before serving, so that only flag parsing and
		// validation decide the exit code.
		check []string
	}{
		{
			binary: "kube-apiserver",
			gates: []string{
				"KubecarryClientCertificateVerificationCache",
				"KubecarryPeerDiscoveryRefresh",
				"KubecarryPeerEndpointCache",
				"KubecarryPeerProxyFailover",
			},
			check: []string{"--version"},
		},
		{
			binary: "kube-proxy",
			gates:  []string{"KubecarryExternalIPsConntrackCleanup"},
			check:  []string{"--version"},
		},
	} {
		t.Run(tc.binary, func(t *testing.T) {
			bin := binary(t, tc.binary)
			help, err := exec.Command(bin, "--help").CombinedOutput()
			if err != nil {
				t.Fatalf("%s --help: %v\n%s", tc.binary, err, help)
			}
			for _, gate := range tc.gates {
				want := gate + "=true|false (BETA - default=true)"
				if !strings.Contains(string(help), want) {
					t.Errorf("%s --help does not offer %q", tc.binary, want)
				}
				args := append([]string{"--feature-gates=" + gate + "=false"}, tc.check...)
				if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
					t.Errorf("%s %s: %v\n%s", tc.binary, strings.Join(args, " "), err, out)
				}
			}
			// The positive control of the lookups above: an upstream Beta
			// gate of the same binary is found the same way.
			if control := "UnknownVersionInteroperabilityProxy=true|false (BETA - default=true)"; !strings.Contains(string(help), control) {
				t.Errorf("%s --help does not offer %q either: is the gate list's format what this test expects?", tc.binary, control)
			}
		})
	}
}
