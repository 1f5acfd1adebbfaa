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
	"archive/tar"
	"debug/buildinfo"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-containerregistry/pkg/v1/tarball"

	"github.com/kubecarry/kubecarry/hack/tools/release/pkg/gomod"
)

func TestPlatformPathsRejectsMalformedAndRepeatedPlatforms(t *testing.T) {
	p := platformPaths{}
	for _, bad := range []string{"linux/amd64", "amd64=x", "linux/amd64=", "linux/amd64/v8=x"} {
		if err := p.Set(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
	if err := p.Set("linux/arm64=b"); err != nil {
		t.Fatal(err)
	}
	if err := p.Set("linux/arm64=c"); err == nil {
		t.Error("a platform given twice was accepted")
	}
}

// writeFile writes content to dir/name and returns the path.
func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func emptyRootfs(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	tw := tar.NewWriter(f)
	_ = tw.WriteHeader(&tar.Header{Name: "./usr/sbin/xtables-nft-multi", Typeflag: tar.TypeReg, Mode: 0o755})
	_ = tw.Close()
	_ = f.Close()
	return path
}

var common = []string{"--version", "v1.35.8+kubecarry.1", "--revision", "abc", "--source", "https://example.com/kubecarry", "--epoch", "1700000000"}

func TestImageWritesATarballPerPlatformTheLayoutAndTheDigests(t *testing.T) {
	dir := t.TempDir()
	args := append([]string{
		"--name", "kube-proxy", "--ref", "registry.example/kube-proxy:v1.35.8_kubecarry.1",
		"--layout", filepath.Join(dir, "oci"), "--digests", filepath.Join(dir, "digests.json"), "--user", "65532:65532",
	}, common...)
	for _, arch := range []string{"amd64", "arm64"} {
		args = append(args,
			"--binary", "linux/"+arch+"="+writeFile(t, dir, arch+"/kube-proxy", "binary for "+arch),
			"--rootfs", "linux/"+arch+"="+emptyRootfs(t, filepath.Join(dir, arch+"-rootfs.tar")),
			"--tarball", "linux/"+arch+"="+filepath.Join(dir, "images", arch, "kube-proxy.tar"))
	}
	if err := runImage(args); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "digests.json"))
	if err != nil {
		t.Fatal(err)
	}
	var d ImageDigests
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	if d.Ref != "registry.example/kube-proxy:v1.35.8_kubecarry.1" || len(d.Platforms) != 2 || !strings.HasPrefix(d.Index, "sha256:") ||
		d.Platforms["linux/amd64"].Manifest == d.Platforms["linux/arm64"].Manifest {
		t.Errorf("digests %s", raw)
	}
	for _, arch := range []string{"amd64", "arm64"} {
		img, err := tarball.ImageFromPath(filepath.Join(dir, "images", arch, "kube-proxy.tar"), nil)
		if err != nil {
			t.Fatal(err)
		}
		cf, err := img.ConfigFile()
		if err != nil {
			t.Fatal(err)
		}
		if cf.Architecture != arch || cf.Config.User != "65532:65532" || cf.Config.Entrypoint[0] != "/usr/local/bin/kube-proxy" {
			t.Errorf("the %s tarball's image: architecture %s, user %q, entrypoint %v", arch, cf.Architecture, cf.Config.User, cf.Config.Entrypoint)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "oci", "index.json")); err != nil {
		t.Error(err)
	}
}

func TestImageRejectsInconsistentPlatforms(t *testing.T) {
	dir := t.TempDir()
	bin := writeFile(t, dir, "b", "x")
	base := append([]string{"--name", "b", "--ref", "r.example/b:v1", "--layout", filepath.Join(dir, "oci")}, common...)
	for name, extra := range map[string][]string{
		"binary without tarball":        {"--binary", "linux/amd64=" + bin},
		"tarball without binary":        {"--binary", "linux/amd64=" + bin, "--tarball", "linux/amd64=x.tar", "--tarball", "linux/arm64=y.tar"},
		"root file system for only one": {"--binary", "linux/amd64=" + bin, "--binary", "linux/arm64=" + bin, "--tarball", "linux/amd64=x.tar", "--tarball", "linux/arm64=y.tar", "--rootfs", "linux/amd64=r.tar"},
		"reference without a tag":       {"--ref", "r.example/b", "--binary", "linux/amd64=" + bin, "--tarball", "linux/amd64=x.tar"},
		"user by name":                  {"--user", "nobody", "--binary", "linux/amd64=" + bin, "--tarball", "linux/amd64=x.tar"},
	} {
		if err := runImage(append(append([]string{}, base...), extra...)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if err := runImage([]string{"--name", "b"}); err == nil || !strings.Contains(err.Error(), "--version") {
		t.Errorf("missing build information: %v", err)
	}
}

// sourceFixture writes a modules.txt and go.sum listing every module this
// test binary links (plus the upstream release) and a one-patch series, so
// the test binary itself can stand for a release binary.
func sourceFixture(t *testing.T, dir string) []string {
	t.Helper()
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		t.Fatal("the test binary has no build information")
	}
	const sum = "h1:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="
	var mods, sums strings.Builder
	for _, d := range append(bi.Deps, &debug.Module{Path: "k8s.io/kubernetes", Version: "v1.35.8"}) {
		fmt.Fprintf(&mods, "# %s %s\n", d.Path, d.Version)
		fmt.Fprintf(&sums, "%s %s %s\n", d.Path, d.Version, sum)
	}
	writeFile(t, dir, "patches/0001-x.patch", "diff --git a/pkg/x.go b/pkg/x.go\n")
	writeFile(t, dir, "patches/series", "0001-x.patch\n")
	return []string{
		"--modules", writeFile(t, dir, "modules.txt", mods.String()),
		"--gosum", writeFile(t, dir, "go.sum", sums.String()),
		"--patches", filepath.Join(dir, "patches"),
	}
}

func TestSBOMOfABinaryDependsOnWhatItLinks(t *testing.T) {
	dir := t.TempDir()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	release := filepath.Join(dir, "release")
	binary := filepath.Join(release, "bin", "linux", "amd64", "tool")
	data, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Dir(binary), "tool", string(data))
	out := filepath.Join(dir, "tool.spdx.json")
	args := append(append([]string{"--name", "tool", "--platform", "linux/amd64", "--upstream", "v1.35.8",
		"--binary", binary, "--release-dir", release, "--out", out}, common...), sourceFixture(t, dir)...)
	if err := runSBOM(args); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Packages []struct {
			Name     string `json:"name"`
			FileName string `json:"packageFileName"`
		} `json:"packages"`
		Relationships []struct {
			Type string `json:"relationshipType"`
		} `json:"relationships"`
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	bi, _ := debug.ReadBuildInfo()
	dependsOn := 0
	for _, r := range doc.Relationships {
		if r.Type == "DEPENDS_ON" {
			dependsOn++
		}
	}
	if dependsOn != len(bi.Deps) {
		t.Errorf("%d DEPENDS_ON relationships, the binary links %d modules", dependsOn, len(bi.Deps))
	}
	if doc.Packages[0].FileName != "bin/linux/amd64/tool" {
		t.Errorf("the subject's file name is %q, want it relative to the release", doc.Packages[0].FileName)
	}
	if err := runSBOM(append(args, "--debs", "x.tsv")); err == nil {
		t.Error("--debs without --image was accepted")
	}
}

func TestProvenanceCoversEveryFileButTheSumsAndItself(t *testing.T) {
	dir := t.TempDir()
	release := filepath.Join(dir, "release")
	writeFile(t, release, "bin/linux/amd64/tool", "x")
	writeFile(t, release, "SHA256SUMS", "old")
	out := filepath.Join(release, "provenance.intoto.json")
	writeFile(t, release, "provenance.intoto.json", "old")
	args := append(append([]string{"--release-dir", release, "--out", out, "--upstream", "v1.35.8",
		"--platforms", "linux/amd64", "--registry", "registry.example", "--go-version", "go1.26"}, common...), sourceFixture(t, dir)...)
	if err := runProvenance(args); err != nil {
		t.Fatal(err)
	}
	var st struct {
		Subject []struct {
			Name string `json:"name"`
		} `json:"subject"`
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatal(err)
	}
	if len(st.Subject) != 1 || st.Subject[0].Name != "bin/linux/amd64/tool" {
		t.Errorf("subjects %+v, want only bin/linux/amd64/tool", st.Subject)
	}
}

func TestImageCarriesItsDefaultCommandAndSymlinks(t *testing.T) {
	dir := t.TempDir()
	tarballPath := filepath.Join(dir, "agnhost.tar")
	args := append([]string{
		"--name", "agnhost", "--ref", "registry.k8s.io/e2e-test-images/agnhost:2.59", "--layout", filepath.Join(dir, "oci"),
		"--binary", "linux/amd64=" + writeFile(t, dir, "agnhost", "agnhost binary"), "--tarball", "linux/amd64=" + tarballPath,
		"--cmd", "pause", "--cmd", "--verbose", "--symlink", "/agnhost=usr/local/bin/agnhost", "--symlink", "agnhost-2=agnhost",
		"--file", "/localhost.key=" + writeFile(t, dir, "porter/localhost.key", "key"), "--binary-mode", "04755",
		"--entrypoint", "/agnhost",
	}, common...)
	if err := os.Chmod(filepath.Join(dir, "porter/localhost.key"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := runImage(args); err != nil {
		t.Fatal(err)
	}
	img, err := tarball.ImageFromPath(tarballPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	cf, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	// /agnhost, as upstream's: its entrypoint-tester prints argv.
	if strings.Join(cf.Config.Cmd, " ") != "pause --verbose" || strings.Join(cf.Config.Entrypoint, " ") != "/agnhost" {
		t.Errorf("entrypoint %v, cmd %v; want [/agnhost] and [pause --verbose]", cf.Config.Entrypoint, cf.Config.Cmd)
	}
	layers, err := img.Layers()
	if err != nil {
		t.Fatal(err)
	}
	rc, err := layers[len(layers)-1].Uncompressed()
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	got, modes := map[string]string{}, map[string]int64{}
	tr := tar.NewReader(rc)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag == tar.TypeSymlink {
			got[h.Name] = h.Linkname
		}
		modes[h.Name] = h.Mode
	}
	if modes["localhost.key"] != 0o600 || modes["usr/local/bin/agnhost"] != 0o4755 {
		t.Errorf("modes: localhost.key %o, the binary %o; want 600 and 4755", modes["localhost.key"], modes["usr/local/bin/agnhost"])
	}
	want := map[string]string{"agnhost": "usr/local/bin/agnhost", "agnhost-2": "agnhost"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("symlinks in the binary's layer %v, want %v", got, want)
	}
}

func TestImageRejectsBadFilesAndModes(t *testing.T) {
	dir := t.TempDir()
	base := append([]string{"--name", "x", "--ref", "registry.example/x:1", "--layout", filepath.Join(dir, "oci"),
		"--binary", "linux/amd64=" + writeFile(t, dir, "x", "x"), "--tarball", "linux/amd64=" + filepath.Join(dir, "x.tar")}, common...)
	for _, extra := range [][]string{
		{"--binary-mode", "755x"},
		{"--binary-mode", "0"},
		{"--file", "/missing=" + filepath.Join(dir, "missing")},
		{"--file", "/dir=" + dir},
		{"--entrypoint", "/nowhere"},
		{"--entrypoint", "usr/local/bin/x"},
		// A link to another binary's path: the image named x has no agnhost.
		{"--entrypoint", "/agnhost", "--symlink", "/agnhost=usr/local/bin/agnhost"},
	} {
		if err := runImage(append(append([]string{}, base...), extra...)); err == nil {
			t.Errorf("%q accepted", extra)
		}
	}
	if err := (extraFiles{}).Set("no-source"); err == nil {
		t.Error("--file without a source accepted")
	}
}

func TestSymlinkFlagRejectsMalformedAndRepeatedLinks(t *testing.T) {
	for _, v := range []string{"agnhost", "=target", "/agnhost=", "../escape=x"} {
		if err := (symlinks{}).Set(v); err == nil {
			t.Errorf("--symlink %q accepted", v)
		}
	}
	s := symlinks{}
	if err := s.Set("/a=b"); err != nil {
		t.Fatal(err)
	}
	if err := s.Set("a=c"); err == nil {
		t.Error("the same link given twice was accepted")
	}
}

// TestLinkedModulesCountUpstreamAsTheMainModuleOfALine: a binary built in
// kubecarry's module links its dependencies, not kubecarry itself; one of
// another line, built in upstream's tree, has k8s.io/kubernetes as its main
// module, and links it.
func TestLinkedModulesCountUpstreamAsTheMainModuleOfALine(t *testing.T) {
	mods := []gomod.Module{{Path: "k8s.io/kubernetes", Version: "v1.36.3"}, {Path: "k8s.io/api", Version: "v0.36.3"}}
	for _, tc := range []struct {
		main string
		want []string
	}{
		{"github.com/kubecarry/kubecarry", []string{"k8s.io/api"}},
		{"k8s.io/kubernetes", []string{"k8s.io/api", "k8s.io/kubernetes"}},
	} {
		bi := &buildinfo.BuildInfo{Main: debug.Module{Path: tc.main}, Deps: []*debug.Module{{Path: "k8s.io/api"}}}
		got := slices.Sorted(maps.Keys(linkedModules(bi, mods)))
		if !slices.Equal(got, tc.want) {
			t.Errorf("main module %s: linked %v, want %v", tc.main, got, tc.want)
		}
	}
}
