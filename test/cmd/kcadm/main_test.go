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

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The commands the scripts run, on the docs' recipe: a node's init file
// ends with the recipe; bad input names what is wrong.
func TestKcadm(t *testing.T) {
	docs := filepath.Join("..", "..", "..", "docs", "deploy.md")
	recipe, err := run([]string{"recipe", "--docs", docs})
	if err != nil {
		t.Fatal(err)
	}
	recipeFile := filepath.Join(t.TempDir(), "recipe.yaml")
	if err := os.WriteFile(recipeFile, recipe, 0o644); err != nil {
		t.Fatal(err)
	}
	node := []string{"--recipe", recipeFile, "--node", "cp-1", "--ip", "10.210.0.11", "--token", "abcdef.0123456789abcdef", "--certificate-key", strings.Repeat("0", 64)}
	config, err := run(append([]string{"init-config"}, node...))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(config), string(recipe)) || !strings.Contains(string(config), "advertiseAddress: 10.210.0.11") {
		t.Errorf("init-config:\n%s", config)
	}
	for name, tc := range map[string]struct {
		args []string
		want string
	}{
		"missing flag":     {args: []string{"init-config", "--recipe", recipeFile}, want: "is required"},
		"ignore all":       {args: append(append([]string{"init-config"}, node...), "--ignore-preflight-errors", "Swap,all"), want: "never all"},
		"join without ca":  {args: append([]string{"join-config"}, node...), want: "--ca is required"},
		"bad address":      {args: []string{"init-config", "--recipe", recipeFile, "--node", "cp-1", "--ip", "10.210.0", "--token", "t", "--certificate-key", "k"}, want: "--ip"},
		"unknown command":  {args: []string{"upgrade"}, want: "unknown command"},
		"recipe not there": {args: []string{"recipe", "--docs", docs, "--name", "nothing"}, want: "no recipe"},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := run(tc.args); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("kcadm %q: error %v, want one containing %q", tc.args, err, tc.want)
			}
		})
	}
}
