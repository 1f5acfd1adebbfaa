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

// Package image assembles OCI container images from layers built by package
// layer, without a container daemon, and writes them the two ways a release
// ships them: an image tarball per platform that both "docker load" and
// "ctr images import" accept, and an OCI image layout holding the
// multi-platform index a registry client pushes.
package image

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/google/go-containerregistry/pkg/name"
	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/layout"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// Layer is the uncompressed tar stream of one layer and the history line
// that says where it came from.
type Layer struct {
	Tar       []byte
	CreatedBy string
}

// Spec describes one single-platform image.
type Spec struct {
	Platform   v1.Platform
	Layers     []Layer
	Entrypoint []string
	Cmd        []string
	Env        []string
	User       string
	Labels     map[string]string
	// Created is the image's and every layer's creation time
	// (SOURCE_DATE_EPOCH), so that the config, and with it the image
	// digest, depends only on the inputs.
	Created time.Time
}

// Build assembles the image: OCI media types, gzip-compressed layers.
func Build(s Spec) (v1.Image, error) {
	if s.Platform.OS == "" || s.Platform.Architecture == "" {
		return nil, fmt.Errorf("an image needs an OS and an architecture, got %q", s.Platform.String())
	}
	created := v1.Time{Time: s.Created.UTC()}
	img := mutate.ConfigMediaType(mutate.MediaType(empty.Image, types.OCIManifestSchema1), types.OCIConfigJSON)
	adds := make([]mutate.Addendum, 0, len(s.Layers))
	for _, l := range s.Layers {
		data := l.Tar
		tl, err := tarball.LayerFromOpener(func() (io.ReadCloser, error) {
			return io.NopCloser(bytes.NewReader(data)), nil
		}, tarball.WithMediaType(types.OCILayer), tarball.WithCompressedCaching)
		if err != nil {
			return nil, fmt.Errorf("layer %q: %w", l.CreatedBy, err)
		}
		adds = append(adds, mutate.Addendum{Layer: tl, History: v1.History{Created: created, CreatedBy: l.CreatedBy}})
	}
	img, err := mutate.Append(img, adds...)
	if err != nil {
		return nil, err
	}
	cf, err := img.ConfigFile()
	if err != nil {
		return nil, err
	}
	cf = cf.DeepCopy()
	cf.OS = s.Platform.OS
	cf.Architecture = s.Platform.Architecture
	cf.Variant = s.Platform.Variant
	cf.Created = created
	cf.Config = v1.Config{
		Entrypoint: s.Entrypoint,
		Cmd:        s.Cmd,
		Env:        s.Env,
		User:       s.User,
		Labels:     s.Labels,
	}
	return mutate.ConfigFile(img, cf)
}

// WriteTarball writes img, tagged ref, as an image tarball (the format of
// "docker save", which "ctr images import" reads as well).
func WriteTarball(path string, ref name.Tag, img v1.Image) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return tarball.WriteToFile(path, ref, img)
}

// refNameAnnotation is the OCI annotation that names a manifest in an image
// layout (skopeo's "oci:<dir>:<tag>"); containerd reads imageNameAnnotation
// for the full reference when it imports a layout.
const (
	refNameAnnotation   = "org.opencontainers.image.ref.name"
	imageNameAnnotation = "io.containerd.image.name"
)

// WriteLayout writes an OCI image layout at dir holding one image index
// that covers every image of images (one per platform), annotated with ref.
func WriteLayout(dir string, ref name.Tag, images []v1.Image) (v1.Hash, error) {
	idx := mutate.IndexMediaType(empty.Index, types.OCIImageIndex)
	for _, img := range images {
		cf, err := img.ConfigFile()
		if err != nil {
			return v1.Hash{}, err
		}
		p := cf.Platform()
		if p == nil {
			return v1.Hash{}, fmt.Errorf("an image of %s has no platform", ref)
		}
		idx = mutate.AppendManifests(idx, mutate.IndexAddendum{Add: img, Descriptor: v1.Descriptor{Platform: p}})
	}
	if err := os.RemoveAll(dir); err != nil {
		return v1.Hash{}, err
	}
	lp, err := layout.Write(dir, empty.Index)
	if err != nil {
		return v1.Hash{}, err
	}
	if err := lp.AppendIndex(idx, layout.WithAnnotations(map[string]string{
		refNameAnnotation:   ref.TagStr(),
		imageNameAnnotation: ref.Name(),
	})); err != nil {
		return v1.Hash{}, err
	}
	return idx.Digest()
}
