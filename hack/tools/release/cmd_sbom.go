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
	"crypto/sha256"
	"debug/buildinfo"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/google/go-containerregistry/pkg/name"

	"github.com/kubecarry/kubecarry/hack/tools/release/pkg/gomod"
	"github.com/kubecarry/kubecarry/hack/tools/release/pkg/sbom"
)

func runSBOM(args []string) error {
	fs := flag.NewFlagSet("sbom", flag.ContinueOnError)
	var info buildInfo
	info.register(fs)
	var src sourceInputs
	src.register(fs)
	cmdName := fs.String("name", "", "the binary's name, e.g. kube-apiserver")
	platform := fs.String("platform", "", "os/arch of the binary")
	upstream := fs.String("upstream", "", "the upstream Kubernetes release, e.g. v1.35.8")
	binaryPath := fs.String("binary", "", "the binary")
	releaseDir := fs.String("release-dir", "", "the release directory; artefact names in the document are relative to it")
	imageTarball := fs.String("image", "", "describe this image tarball (which holds --binary) instead of the binary")
	digestsPath := fs.String("digests", "", "the digests \"release image\" wrote for the image (with --image)")
	debsPath := fs.String("debs", "", "the Debian packages of the image's base, name<TAB>version<TAB>arch per line (with --image)")
	out := fs.String("out", "", "write the SPDX JSON document here")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := info.validate(); err != nil {
		return err
	}
	if err := requireFlags(fs, "name", "platform", "upstream", "binary", "release-dir", "out"); err != nil {
		return err
	}
	if (*imageTarball == "") != (*digestsPath == "") {
		return fmt.Errorf("--image and --digests go together")
	}
	if *debsPath != "" && *imageTarball == "" {
		return fmt.Errorf("--debs describes an image's base and needs --image")
	}

	binary, err := fileArtefact(*cmdName, *binaryPath, *releaseDir)
	if err != nil {
		return err
	}
	bi, err := buildinfo.ReadFile(*binaryPath)
	if err != nil {
		return fmt.Errorf("reading the Go build information of %s: %w", *binaryPath, err)
	}
	mods, err := src.modules()
	if err != nil {
		return err
	}
	linked := linkedModules(bi, mods)
	patches, err := src.patches()
	if err != nil {
		return err
	}
	in := sbom.Inputs{
		Version: info.version, Upstream: *upstream, Revision: info.revision, SourceURL: info.source,
		Platform: *platform, Created: info.created(),
		Subject: binary, Modules: mods, Linked: linked, Patches: patches,
	}
	if *imageTarball != "" {
		img, err := imageArtefact(*cmdName, *imageTarball, *releaseDir, *digestsPath, *platform)
		if err != nil {
			return err
		}
		in.Subject, in.Binary = img, &binary
		if *debsPath != "" {
			f, err := os.Open(*debsPath)
			if err != nil {
				return err
			}
			defer f.Close()
			if in.Debian, err = sbom.ParseDebianPackages(f); err != nil {
				return fmt.Errorf("%s: %w", *debsPath, err)
			}
		}
	}
	doc, err := sbom.Build(in)
	if err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	if err := sbom.Write(doc, f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// sha256File returns the hex SHA-256 of a file.
func sha256File(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func fileArtefact(cmdName, path, releaseDir string) (sbom.Artefact, error) {
	sum, err := sha256File(path)
	if err != nil {
		return sbom.Artefact{}, err
	}
	rel, err := filepath.Rel(releaseDir, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return sbom.Artefact{}, fmt.Errorf("%s is not inside the release directory %s", path, releaseDir)
	}
	return sbom.Artefact{Name: cmdName, FileName: rel, SHA256: sum}, nil
}

// imageArtefact describes an image tarball: its checksum is the tarball's,
// its package URL names the platform manifest's digest, which is what a
// registry serves once the OCI layout is pushed.
func imageArtefact(cmdName, tarball, releaseDir, digestsPath, platform string) (sbom.Artefact, error) {
	a, err := fileArtefact(cmdName, tarball, releaseDir)
	if err != nil {
		return a, err
	}
	raw, err := os.ReadFile(digestsPath)
	if err != nil {
		return a, err
	}
	var d ImageDigests
	if err := json.Unmarshal(raw, &d); err != nil {
		return a, fmt.Errorf("%s: %w", digestsPath, err)
	}
	pd, ok := d.Platforms[platform]
	if !ok {
		return a, fmt.Errorf("%s has no digests for %s", digestsPath, platform)
	}
	tag, err := name.NewTag(d.Ref, name.StrictValidation)
	if err != nil {
		return a, fmt.Errorf("%s: %w", digestsPath, err)
	}
	_, arch, _ := strings.Cut(platform, "/")
	a.Purl = fmt.Sprintf("pkg:oci/%s@%s?arch=%s&repository_url=%s&tag=%s",
		cmdName, url.PathEscape(pd.Manifest), arch, url.QueryEscape(tag.Repository.Name()), url.QueryEscape(tag.TagStr()))
	return a, nil
}

// linkedModules are the modules a binary links, from its build information.
// The main module is the source package itself when it is kubecarry's (the
// main line builds every binary in kubecarry's module); a line built from
// upstream's tree has k8s.io/kubernetes as the main module of upstream's
// commands, and that module is one of the listed sources.
func linkedModules(bi *buildinfo.BuildInfo, mods []gomod.Module) map[string]bool {
	linked := map[string]bool{}
	for _, d := range bi.Deps {
		linked[d.Path] = true
	}
	for _, m := range mods {
		if m.Path == bi.Main.Path {
			linked[m.Path] = true
		}
	}
	return linked
}
