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

// Package gomod reads what a release says about its Go inputs: the modules
// of vendor/modules.txt with their go.sum hashes, and which modules each
// patch of the series changes.
package gomod

import (
	"bufio"
	"bytes"
	"crypto/sha1" //nolint:gosec // SPDX 2.3 requires a SHA-1 for every file
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Module is one Go module of vendor/modules.txt, with its replacement
// resolved: Version is the version whose source is vendored.
type Module struct {
	Path    string
	Version string
	// Sum is the go.sum hash ("h1:...") of Path@Version.
	Sum string
}

// ParseModulesTxt reads the modules of vendor/modules.txt: the "# path
// version [=> path version]" lines. Replace-only lines ("# path => ...")
// name modules that are not in the build list and are skipped.
func ParseModulesTxt(r io.Reader) ([]Module, error) {
	var mods []Module
	seen := map[string]bool{}
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; s.Scan(); line++ {
		text := s.Text()
		if !strings.HasPrefix(text, "# ") {
			continue
		}
		f := strings.Fields(text[2:])
		if len(f) < 2 || f[1] == "=>" {
			continue
		}
		m := Module{Path: f[0], Version: f[1]}
		switch {
		case len(f) == 2:
		case len(f) == 5 && f[2] == "=>":
			m.Path, m.Version = f[3], f[4]
		case len(f) == 4 && f[2] == "=>":
			return nil, fmt.Errorf("modules.txt line %d: %s is replaced by the directory %s, which has no version to name", line, f[0], f[3])
		default:
			return nil, fmt.Errorf("modules.txt line %d: cannot parse %q", line, text)
		}
		if !seen[m.Path] {
			seen[m.Path] = true
			mods = append(mods, m)
		}
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	if len(mods) == 0 {
		return nil, fmt.Errorf("modules.txt lists no module")
	}
	sort.Slice(mods, func(i, j int) bool { return mods[i].Path < mods[j].Path })
	return mods, nil
}

// ParseGoSum returns the module hashes of go.sum, keyed "path@version";
// the go.mod-only hashes are not module content and are left out.
func ParseGoSum(r io.Reader) (map[string]string, error) {
	sums := map[string]string{}
	s := bufio.NewScanner(r)
	for line := 1; s.Scan(); line++ {
		f := strings.Fields(s.Text())
		if len(f) == 0 {
			continue
		}
		if len(f) != 3 || !strings.HasPrefix(f[2], "h1:") {
			return nil, fmt.Errorf("go.sum line %d: cannot parse %q", line, s.Text())
		}
		if strings.HasSuffix(f[1], "/go.mod") {
			continue
		}
		sums[f[0]+"@"+f[1]] = f[2]
	}
	return sums, s.Err()
}

// AddSums fills in each module's go.sum hash. A module without one is an
// error: the SBOM would name content nobody can check.
func AddSums(mods []Module, sums map[string]string) error {
	var missing []string
	for i := range mods {
		sum, ok := sums[mods[i].Path+"@"+mods[i].Version]
		if !ok {
			missing = append(missing, mods[i].Path+"@"+mods[i].Version)
			continue
		}
		mods[i].Sum = sum
	}
	if len(missing) > 0 {
		return fmt.Errorf("go.sum has no hash for %s", strings.Join(missing, ", "))
	}
	return nil
}

// PatchedModules returns the modules a patch changes, from the paths of its
// "diff --git" lines: staging/src/<module>/... is that staging module,
// anything else is k8s.io/kubernetes itself.
func PatchedModules(patch io.Reader) ([]string, error) {
	set := map[string]bool{}
	s := bufio.NewScanner(patch)
	s.Buffer(make([]byte, 1<<20), 16<<20)
	for s.Scan() {
		text := s.Text()
		if !strings.HasPrefix(text, "diff --git a/") {
			continue
		}
		p := strings.SplitN(strings.TrimPrefix(text, "diff --git a/"), " b/", 2)[0]
		set[moduleOfPath(p)] = true
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	if len(set) == 0 {
		return nil, fmt.Errorf("the patch changes no file")
	}
	mods := make([]string, 0, len(set))
	for m := range set {
		mods = append(mods, m)
	}
	sort.Strings(mods)
	return mods, nil
}

func moduleOfPath(p string) string {
	const staging = "staging/src/"
	if rest, ok := strings.CutPrefix(p, staging); ok {
		parts := strings.SplitN(rest, "/", 3)
		if len(parts) >= 2 {
			return parts[0] + "/" + parts[1]
		}
	}
	return "k8s.io/kubernetes"
}

// SumHex returns the module's go.sum hash as the lowercase hex SHA-256 it
// encodes: the form SPDX checksums and in-toto's dirHash digest take.
func (m Module) SumHex() (string, error) {
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(m.Sum, "h1:"))
	if err != nil || !strings.HasPrefix(m.Sum, "h1:") || len(raw) != sha256.Size {
		return "", fmt.Errorf("%s@%s: %q is not a go.sum h1 hash", m.Path, m.Version, m.Sum)
	}
	return hex.EncodeToString(raw), nil
}

// Patch is one patch of the series.
type Patch struct {
	FileName string
	SHA256   string
	SHA1     string
	// Modules are the Go modules the patch changes.
	Modules []string
}

// ReadSeries reads the patches dir/series names, in its order (blank lines
// and "#" comments skipped), with their digests and the modules they change.
func ReadSeries(dir string) ([]Patch, error) {
	series, err := os.ReadFile(filepath.Join(dir, "series"))
	if err != nil {
		return nil, err
	}
	var patches []Patch
	for _, line := range strings.Split(string(series), "\n") {
		name := strings.TrimSpace(line)
		if name == "" || strings.HasPrefix(name, "#") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("the series names %s: %w", name, err)
		}
		mods, err := PatchedModules(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		s256 := sha256.Sum256(data)
		s1 := sha1.Sum(data) //nolint:gosec // see the import
		patches = append(patches, Patch{FileName: name, SHA256: hex.EncodeToString(s256[:]), SHA1: hex.EncodeToString(s1[:]), Modules: mods})
	}
	if len(patches) == 0 {
		return nil, fmt.Errorf("%s names no patch", filepath.Join(dir, "series"))
	}
	return patches, nil
}
