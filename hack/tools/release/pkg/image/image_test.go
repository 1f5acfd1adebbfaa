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

package image

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-containerregistry/pkg/name"
	"github.com/google/go-containerregistry/pkg/registry"
	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/layout"
	"github.com/google/go-containerregistry/pkg/v1/remote"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"

	"github.com/kubecarry/kubecarry/hack/tools/release/pkg/layer"
)

var created = time.Unix(1700000000, 0).UTC()

func testSpec(t *testing.T, arch, content string) Spec {
	t.Helper()
	b := layer.NewBuilder()
	if err := b.AddFile("usr/local/bin/tool", 0o755, []byte(content)); err != nil {
		t.Fatal(err)
	}
	data, err := b.Bytes(created)
	if err != nil {
		t.Fatal(err)
	}
	return Spec{
		Platform:   v1.Platform{OS: "linux", Architecture: arch},
		Layers:     []Layer{{Tar: data, CreatedBy: "the tool"}},
		Entrypoint: []string{"/usr/local/bin/tool"},
		Env:        []string{"PATH=/usr/local/bin"},
		User:       "0",
		Labels:     map[string]string{"org.opencontainers.image.version": "v1"},
		Created:    created,
	}
}

// twoPlatformImages builds the linux/amd64 and linux/arm64 images of one
// tool.
func twoPlatformImages(t *testing.T) []v1.Image {
	t.Helper()
	var imgs []v1.Image
	for _, arch := range []string{"amd64", "arm64"} {
		img, err := Build(testSpec(t, arch, arch))
		if err != nil {
			t.Fatal(err)
		}
		imgs = append(imgs, img)
	}
	return imgs
}

func TestBuildSetsPlatformConfigAndOCIMediaTypes(t *testing.T) {
	img, err := Build(testSpec(t, "arm64", "x"))
	if err != nil {
		t.Fatal(err)
	}
	cf, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	if cf.OS != "linux" || cf.Architecture != "arm64" {
		t.Errorf("platform %s/%s, want linux/arm64", cf.OS, cf.Architecture)
	}
	if !cf.Created.Equal(created) || len(cf.History) != 1 || !cf.History[0].Created.Equal(created) {
		t.Errorf("created %s, history %+v: want everything at %s", cf.Created, cf.History, created)
	}
	if cf.Config.Entrypoint[0] != "/usr/local/bin/tool" || cf.Config.Labels["org.opencontainers.image.version"] != "v1" || cf.Config.User != "0" {
		t.Errorf("config %+v", cf.Config)
	}
	if mt, _ := img.MediaType(); mt != types.OCIManifestSchema1 {
		t.Errorf("manifest media type %s", mt)
	}
	m, err := img.Manifest()
	if err != nil {
		t.Fatal(err)
	}
	if m.Config.MediaType != types.OCIConfigJSON || len(m.Layers) != 1 || m.Layers[0].MediaType != types.OCILayer {
		t.Errorf("manifest %+v", m)
	}
	if _, err := Build(Spec{}); err == nil {
		t.Error("an image without a platform was built")
	}
}

func TestBuildIsReproducible(t *testing.T) {
	a, err := Build(testSpec(t, "amd64", "x"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Build(testSpec(t, "amd64", "x"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := Build(testSpec(t, "amd64", "y"))
	if err != nil {
		t.Fatal(err)
	}
	da, _ := a.Digest()
	db, _ := b.Digest()
	dc, _ := c.Digest()
	if da != db {
		t.Errorf("two builds of the same inputs: %s and %s", da, db)
	}
	if da == dc {
		t.Error("other content gave the same digest")
	}
}

func TestWriteTarballIsLoadableWithItsTag(t *testing.T) {
	img, err := Build(testSpec(t, "amd64", "x"))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := name.NewTag("registry.example/tool:v1.35.8_kubecarry.1", name.StrictValidation)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "sub", "tool.tar")
	if err := WriteTarball(path, ref, img); err != nil {
		t.Fatal(err)
	}
	loaded, err := tarball.ImageFromPath(path, &ref)
	if err != nil {
		t.Fatalf("the tarball has no image tagged %s: %v", ref, err)
	}
	want, _ := img.ConfigName()
	got, _ := loaded.ConfigName()
	if want != got {
		t.Errorf("the tarball's image has config %s, want %s", got, want)
	}
}

func TestWriteLayoutHoldsOneIndexOverEveryPlatform(t *testing.T) {
	imgs := twoPlatformImages(t)
	ref, _ := name.NewTag("registry.example/tool:v1", name.StrictValidation)
	dir := filepath.Join(t.TempDir(), "oci")
	digest, err := WriteLayout(dir, ref, imgs)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var top v1.IndexManifest
	if err := json.Unmarshal(raw, &top); err != nil {
		t.Fatal(err)
	}
	if len(top.Manifests) != 1 || top.Manifests[0].Digest != digest ||
		top.Manifests[0].Annotations[refNameAnnotation] != "v1" || top.Manifests[0].Annotations[imageNameAnnotation] != "registry.example/tool:v1" {
		t.Fatalf("index.json %s: want one index %s annotated with the tag and the reference", raw, digest)
	}
	lp, err := layout.FromPath(dir)
	if err != nil {
		t.Fatal(err)
	}
	idx, err := lp.ImageIndex()
	if err != nil {
		t.Fatal(err)
	}
	inner, err := idx.ImageIndex(digest)
	if err != nil {
		t.Fatal(err)
	}
	im, err := inner.IndexManifest()
	if err != nil {
		t.Fatal(err)
	}
	var platforms []string
	for _, m := range im.Manifests {
		platforms = append(platforms, m.Platform.String())
		if _, err := inner.Image(m.Digest); err != nil {
			t.Errorf("the layout lacks the image of %s: %v", m.Platform, err)
		}
	}
	if len(platforms) != 2 || platforms[0] != "linux/amd64" || platforms[1] != "linux/arm64" {
		t.Errorf("the index covers %v, want linux/amd64 and linux/arm64", platforms)
	}
}

func TestLayoutIndexPushesToARegistryByTag(t *testing.T) {
	imgs := twoPlatformImages(t)
	server := httptest.NewServer(registry.New())
	defer server.Close()
	host := strings.TrimPrefix(server.URL, "http://")
	ref, err := name.NewTag(host+"/kubecarry/tool:v1.35.8_kubecarry.1", name.Insecure)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "oci")
	digest, err := WriteLayout(dir, ref, imgs)
	if err != nil {
		t.Fatal(err)
	}
	// What a registry client does with the layout: push the index it holds.
	lp, err := layout.FromPath(dir)
	if err != nil {
		t.Fatal(err)
	}
	top, err := lp.ImageIndex()
	if err != nil {
		t.Fatal(err)
	}
	idx, err := top.ImageIndex(digest)
	if err != nil {
		t.Fatal(err)
	}
	if err := remote.WriteIndex(ref, idx); err != nil {
		t.Fatalf("pushing the index: %v", err)
	}
	pulled, err := remote.Index(ref)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := pulled.Digest(); got != digest {
		t.Errorf("the registry serves %s under the tag, want %s", got, digest)
	}
	for _, img := range imgs {
		want, _ := img.Digest()
		if _, err := remote.Image(ref.Context().Digest(want.String())); err != nil {
			t.Errorf("the registry lacks the platform image %s: %v", want, err)
		}
	}
}
