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

package gomod

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const modulesTxt = `# github.com/a/b v1.2.3
## explicit; go 1.22
github.com/a/b
# k8s.io/api v0.35.8 => k8s.io/api v0.35.8
k8s.io/api/core/v1
# k8s.io/kube-proxy v0.0.0 => k8s.io/kube-proxy v0.35.8
# k8s.io/code-generator => k8s.io/code-generator v0.35.8
`

func TestParseModulesTxtResolvesReplacementsAndSkipsReplaceOnlyLines(t *testing.T) {
	mods, err := ParseModulesTxt(strings.NewReader(modulesTxt))
	if err != nil {
		t.Fatal(err)
	}
	want := []Module{{Path: "github.com/a/b", Version: "v1.2.3"}, {Path: "k8s.io/api", Version: "v0.35.8"}, {Path: "k8s.io/kube-proxy", Version: "v0.35.8"}}
	if !reflect.DeepEqual(mods, want) {
		t.Errorf("modules %+v, want %+v", mods, want)
	}
	if _, err := ParseModulesTxt(strings.NewReader("# k8s.io/x v0.0.0 => ./staging/x\n")); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("a directory replacement: %v, want an error naming it", err)
	}
	if _, err := ParseModulesTxt(strings.NewReader("")); err == nil {
		t.Error("an empty modules.txt was accepted")
	}
}

func TestGoSumHashesAreMatchedToModules(t *testing.T) {
	sums, err := ParseGoSum(strings.NewReader("github.com/a/b v1.2.3 h1:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\ngithub.com/a/b v1.2.3/go.mod h1:AAAA\n"))
	if err != nil {
		t.Fatal(err)
	}
	mods := []Module{{Path: "github.com/a/b", Version: "v1.2.3"}}
	if err := AddSums(mods, sums); err != nil {
		t.Fatal(err)
	}
	hex, err := mods[0].SumHex()
	if err != nil {
		t.Fatal(err)
	}
	// The SHA-256 of nothing, as in-toto's dirHash example encodes it.
	if hex != "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" {
		t.Errorf("SumHex %s", hex)
	}
	if err := AddSums([]Module{{Path: "github.com/c/d", Version: "v1"}}, sums); err == nil || !strings.Contains(err.Error(), "github.com/c/d@v1") {
		t.Errorf("a module without a hash: %v, want an error naming it", err)
	}
	if _, err := ParseGoSum(strings.NewReader("not a go.sum line\n")); err == nil {
		t.Error("a broken go.sum was accepted")
	}
	if _, err := (Module{Path: "x", Sum: "h1:short"}).SumHex(); err == nil {
		t.Error("a short hash was accepted")
	}
}

const patch = `From 1 Mon Sep 17 00:00:00 2001
Subject: [PATCH] x

diff --git a/staging/src/k8s.io/apiserver/pkg/x.go b/staging/src/k8s.io/apiserver/pkg/x.go
--- a/staging/src/k8s.io/apiserver/pkg/x.go
+++ b/staging/src/k8s.io/apiserver/pkg/x.go
diff --git a/pkg/proxy/y.go b/pkg/proxy/y.go
diff --git a/staging/src/k8s.io/apiserver/pkg/z.go b/staging/src/k8s.io/apiserver/pkg/z.go
`

func TestPatchedModulesMapsStagingPathsToTheirModule(t *testing.T) {
	mods, err := PatchedModules(strings.NewReader(patch))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"k8s.io/apiserver", "k8s.io/kubernetes"}; !reflect.DeepEqual(mods, want) {
		t.Errorf("modules %v, want %v", mods, want)
	}
	if _, err := PatchedModules(strings.NewReader("Subject: nothing\n")); err == nil {
		t.Error("a patch that changes nothing was accepted")
	}
}

func TestReadSeriesKeepsItsOrderAndHashesEachPatch(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{"0002-b.patch": patch, "0001-a.patch": patch} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "series"), []byte("# order\n0002-b.patch\n\n0001-a.patch\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	patches, err := ReadSeries(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(patches) != 2 || patches[0].FileName != "0002-b.patch" || patches[1].FileName != "0001-a.patch" {
		t.Fatalf("patches %+v, want the series' order", patches)
	}
	if len(patches[0].SHA256) != 64 || len(patches[0].SHA1) != 40 || len(patches[0].Modules) != 2 {
		t.Errorf("patch %+v lacks digests or modules", patches[0])
	}
	if err := os.WriteFile(filepath.Join(dir, "series"), []byte("0003-missing.patch\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSeries(dir); err == nil || !strings.Contains(err.Error(), "0003-missing.patch") {
		t.Errorf("a series naming a missing patch: %v", err)
	}
}
