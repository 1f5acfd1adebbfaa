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

package nemesis

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestNodeRulesetDropsBothWays: the node loses its peers in both
// directions, and only them.
func TestNodeRulesetDropsBothWays(t *testing.T) {
	rules, err := NodeRuleset("kc-drill", []Endpoint{{Name: "cp-3", IP: "10.210.0.13"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"table inet kc-drill {", "type filter hook input", "ip saddr 10.210.0.13 drop", "type filter hook output", "ip daddr 10.210.0.13 drop"} {
		if !strings.Contains(rules, want) {
			t.Errorf("ruleset lacks %q:\n%s", want, rules)
		}
	}
	if strings.Count(rules, "drop") != 2 {
		t.Errorf("want exactly two drops (in, out):\n%s", rules)
	}
	for _, bad := range []struct {
		table string
		peers []Endpoint
	}{
		{"kc drill", []Endpoint{{Name: "cp-3", IP: "10.210.0.13"}}},
		{"kc-drill", nil},
		{"kc-drill", []Endpoint{{Name: "cp-3", IP: "cp-3.example"}}},
	} {
		if _, err := NodeRuleset(bad.table, bad.peers); err == nil {
			t.Errorf("NodeRuleset(%q, %v) should fail", bad.table, bad.peers)
		}
	}
}

// TestMatchingProcesses finds a container's process by its argv, the way
// the drill finds one node's kube-apiserver among several.
func TestMatchingProcesses(t *testing.T) {
	proc := t.TempDir()
	write := func(pid, cmdline string) {
		if err := os.MkdirAll(filepath.Join(proc, pid), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(proc, pid, "cmdline"), []byte(cmdline), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("120", "kube-apiserver\x00--advertise-address=10.210.0.11\x00--secure-port=6443\x00")
	write("95", "/usr/local/bin/kube-apiserver\x00--advertise-address=10.210.0.11\x00")
	write("130", "kube-apiserver\x00--advertise-address=10.210.0.12\x00")
	write("140", "kube-controller-manager\x00--advertise-address=10.210.0.11\x00")
	write("2", "") // a kernel thread
	if err := os.Mkdir(filepath.Join(proc, "self"), 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := MatchingProcesses(proc, ArgvHas("kube-apiserver", "--advertise-address=10.210.0.11"))
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{95, 120}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
