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
	"flag"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/kubecarry/kubecarry/hack/tools/release/pkg/provenance"
	"github.com/kubecarry/kubecarry/hack/tools/release/pkg/sbom"
)

// buildType identifies how kubecarry builds a release: hack/release.sh at
// the source revision, which the resolved dependencies name.
const buildType = "https://github.com/kubecarry/kubecarry/blob/main/hack/release.sh"

func runProvenance(args []string) error {
	flags := flag.NewFlagSet("provenance", flag.ContinueOnError)
	var info buildInfo
	info.register(flags)
	var src sourceInputs
	src.register(flags)
	dir := flags.String("release-dir", "", "the release directory: every file in it is a subject")
	exclude := flags.String("exclude", "SHA256SUMS,SHA512SUMS", "comma-separated file names (at the top of --release-dir) that are not subjects")
	upstream := flags.String("upstream", "", "the upstream Kubernetes release, e.g. v1.35.8")
	command := flags.String("command", "make release", "the build command")
	platforms := flags.String("platforms", "", "the platforms built, comma-separated")
	registry := flags.String("registry", "", "the image registry the references name")
	goVersion := flags.String("go-version", "", "the Go toolchain")
	debs := platformPaths{}
	flags.Var(debs, "debs", "os/arch=path of the Debian package list of that platform's kube-proxy base (repeat)")
	out := flags.String("out", "", "write the statement here (inside --release-dir it is not its own subject)")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if err := info.validate(); err != nil {
		return err
	}
	if err := requireFlags(flags, "release-dir", "upstream", "platforms", "registry", "go-version", "out"); err != nil {
		return err
	}
	if info.revision == "" {
		return fmt.Errorf("--revision is required: provenance names the source commit")
	}

	skip := map[string]bool{}
	for _, n := range strings.Split(*exclude, ",") {
		skip[filepath.Join(*dir, n)] = true
	}
	outAbs, err := filepath.Abs(*out)
	if err != nil {
		return err
	}
	var subjects []provenance.ResourceDescriptor
	err = filepath.WalkDir(*dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || skip[path] {
			return err
		}
		if abs, _ := filepath.Abs(path); abs == outAbs {
			return nil
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s is not a regular file", path)
		}
		sum, err := sha256File(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(*dir, path)
		subjects = append(subjects, provenance.ResourceDescriptor{Name: filepath.ToSlash(rel), Digest: provenance.DigestSet{"sha256": sum}})
		return nil
	})
	if err != nil {
		return err
	}

	deps, err := resolvedDependencies(info, src, debs)
	if err != nil {
		return err
	}
	st, err := provenance.New(subjects, provenance.BuildDefinition{
		BuildType: buildType,
		ExternalParameters: map[string]any{
			"command":   *command,
			"source":    map[string]any{"uri": "git+" + info.source, "revision": info.revision},
			"version":   info.version,
			"upstream":  *upstream,
			"platforms": strings.Split(*platforms, ","),
			"registry":  *registry,
		},
		InternalParameters: map[string]any{
			"goVersion":       *goVersion,
			"sourceDateEpoch": formatEpoch(info.epoch),
		},
		ResolvedDependencies: deps,
	}, info.source+"/hack/release.sh")
	if err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	if err := st.Write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// resolvedDependencies are the source commit, every vendored module by its
// go.sum hash (the upstream release among them), each patch and each Debian
// package of the kube-proxy bases.
func resolvedDependencies(info buildInfo, src sourceInputs, debs platformPaths) ([]provenance.ResourceDescriptor, error) {
	deps := []provenance.ResourceDescriptor{{
		URI:    "git+" + info.source,
		Digest: provenance.DigestSet{"gitCommit": info.revision},
	}}
	mods, err := src.modules()
	if err != nil {
		return nil, err
	}
	for _, m := range mods {
		h, err := m.SumHex()
		if err != nil {
			return nil, err
		}
		deps = append(deps, provenance.ResourceDescriptor{
			Name:   m.Path,
			URI:    "pkg:golang/" + m.Path + "@" + url.PathEscape(m.Version),
			Digest: provenance.DigestSet{"dirHash": h},
		})
	}
	patches, err := src.patches()
	if err != nil {
		return nil, err
	}
	for _, p := range patches {
		deps = append(deps, provenance.ResourceDescriptor{
			Name:   "patches/" + p.FileName,
			URI:    fmt.Sprintf("git+%s@%s#patches/%s", info.source, info.revision, p.FileName),
			Digest: provenance.DigestSet{"sha256": p.SHA256},
		})
	}
	for _, platform := range debs.platforms() {
		f, err := os.Open(debs[platform])
		if err != nil {
			return nil, err
		}
		pkgs, err := sbom.ParseDebianPackages(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", debs[platform], err)
		}
		for _, d := range pkgs {
			deps = append(deps, provenance.ResourceDescriptor{
				URI:    fmt.Sprintf("pkg:deb/debian/%s@%s?arch=%s", d.Name, url.PathEscape(d.Version), d.Architecture),
				Digest: provenance.DigestSet{"sha256": d.SHA256},
			})
		}
	}
	return deps, nil
}
