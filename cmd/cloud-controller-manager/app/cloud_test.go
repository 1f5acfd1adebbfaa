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

package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubecarry/kubecarry/pkg/cloudprovider/kubecarry"
)

func TestNewCloud(t *testing.T) {
	dir := t.TempDir()
	writeConfig := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	valid := writeConfig("valid.yaml", "instances:\n- {name: node-a, addresses: [{type: InternalIP, address: 10.0.0.11}]}\n")
	unknownField := writeConfig("unknown-field.yaml", "instances: []\nrouteTables: {}\n")
	badCIDR := writeConfig("bad-cidr.yaml", "instances: []\nrouteTable: {destinationCIDRs: [10.244.0.0/40]}\n")
	missing := filepath.Join(dir, "missing.yaml")

	tests := []struct {
		name       string
		provider   string
		configFile string
		wantError  []string // substrings of the error; nil means success
	}{
		{name: "kubecarry provider", provider: kubecarry.ProviderName, configFile: valid},
		{name: "no cloud-config", provider: kubecarry.ProviderName, wantError: []string{"needs a --cloud-config file"}},
		{name: "missing cloud-config", provider: kubecarry.ProviderName, configFile: missing, wantError: []string{"--cloud-config", missing, "no such file or directory"}},
		{name: "unknown field", provider: kubecarry.ProviderName, configFile: unknownField, wantError: []string{unknownField, `unknown field "routeTables"`}},
		{name: "bad CIDR", provider: kubecarry.ProviderName, configFile: badCIDR, wantError: []string{badCIDR, "routeTable.destinationCIDRs[0]", "10.244.0.0/40"}},
		{name: "unknown provider", provider: "bogus", wantError: []string{`unknown cloud provider "bogus"`, "supports: kubecarry"}},
		{name: "external is for other components", provider: "external", wantError: []string{`--cloud-provider="external"`, "use one of: kubecarry"}},
		{name: "empty", provider: "", wantError: []string{`--cloud-provider=""`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cloud, err := NewCloud(tc.provider, tc.configFile)
			if tc.wantError == nil {
				if err != nil {
					t.Fatalf("NewCloud(%q, %q) failed: %v", tc.provider, tc.configFile, err)
				}
				if cloud.ProviderName() != tc.provider {
					t.Fatalf("NewCloud(%q) built provider %q", tc.provider, cloud.ProviderName())
				}
				return
			}
			if err == nil {
				t.Fatalf("NewCloud(%q, %q) succeeded, want an error", tc.provider, tc.configFile)
			}
			for _, want := range tc.wantError {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("NewCloud(%q, %q) error %q does not mention %q", tc.provider, tc.configFile, err, want)
				}
			}
		})
	}
}

func TestCommandDefaultsToKubecarryProvider(t *testing.T) {
	cmd, err := NewCloudControllerManagerCommand()
	if err != nil {
		t.Fatal(err)
	}
	flag := cmd.Flags().Lookup("cloud-provider")
	if flag == nil {
		t.Fatal("the command has no --cloud-provider flag")
	}
	if flag.DefValue != kubecarry.ProviderName {
		t.Fatalf("--cloud-provider defaults to %q, want %q", flag.DefValue, kubecarry.ProviderName)
	}
}
