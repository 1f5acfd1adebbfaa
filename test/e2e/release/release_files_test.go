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

package release

import (
	"bufio"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// releaseFiles lists every file of the release by relative path, except
// those named in skip.
func releaseFiles(t *testing.T, dir string, skip ...string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		for _, s := range skip {
			if rel == s {
				return nil
			}
		}
		files = append(files, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

func fileDigest(t *testing.T, path string, h hash.Hash) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := io.Copy(h, f); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func TestChecksumsCoverAndMatchEveryFile(t *testing.T) {
	dir := releaseDir(t)
	want := releaseFiles(t, dir, "SHA256SUMS", "SHA512SUMS")
	for sums, newHash := range map[string]func() hash.Hash{"SHA256SUMS": sha256.New, "SHA512SUMS": sha512.New} {
		f, err := os.Open(filepath.Join(dir, sums))
		if err != nil {
			t.Fatal(err)
		}
		var listed []string
		s := bufio.NewScanner(f)
		for s.Scan() {
			sum, name, ok := strings.Cut(s.Text(), "  ")
			if !ok {
				t.Fatalf("%s: %q is not \"<digest>  <file>\"", sums, s.Text())
			}
			if got := fileDigest(t, filepath.Join(dir, name), newHash()); got != sum {
				t.Errorf("%s says %s of %s, the file has %s", sums, sum, name, got)
			}
			listed = append(listed, name)
		}
		f.Close()
		sort.Strings(listed)
		if strings.Join(listed, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s lists %d files, the release has %d besides the sums: listed %v, present %v", sums, len(listed), len(want), listed, want)
		}
	}
}

// vendoredModules reads "path version" of every module vendor/modules.txt
// builds with (replacements resolved): the main line's, or the list a
// release of another line wrote of its tree (KUBECARRY_RELEASE_MODULES,
// set by hack/test-line.sh).
func vendoredModules(t *testing.T) map[string]string {
	t.Helper()
	path := os.Getenv("KUBECARRY_RELEASE_MODULES")
	if path == "" {
		path = filepath.Join(moduleRoot(t), "vendor", "modules.txt")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mods := map[string]string{}
	s := bufio.NewScanner(f)
	for s.Scan() {
		fields := strings.Fields(strings.TrimPrefix(s.Text(), "# "))
		if !strings.HasPrefix(s.Text(), "# ") || len(fields) < 2 || fields[1] == "=>" {
			continue
		}
		if len(fields) == 5 {
			mods[fields[3]] = fields[4]
		} else {
			mods[fields[0]] = fields[1]
		}
	}
	if len(mods) < 100 {
		t.Fatalf("%s lists %d modules; kubecarry's binaries link far more", path, len(mods))
	}
	return mods
}

// spdxDocument is the part of an SPDX 2.3 JSON document the tests read.
type spdxDocument struct {
	SPDXVersion string `json:"spdxVersion"`
	Packages    []struct {
		SPDXID    string `json:"SPDXID"`
		Name      string `json:"name"`
		Version   string `json:"versionInfo"`
		FileName  string `json:"packageFileName"`
		Checksums []struct {
			Algorithm string `json:"algorithm"`
			Value     string `json:"checksumValue"`
		} `json:"checksums"`
	} `json:"packages"`
	Files []struct {
		FileName  string `json:"fileName"`
		Checksums []struct {
			Algorithm string `json:"algorithm"`
			Value     string `json:"checksumValue"`
		} `json:"checksums"`
	} `json:"files"`
	Relationships []struct {
		A    string `json:"spdxElementId"`
		B    string `json:"relatedSpdxElement"`
		Type string `json:"relationshipType"`
	} `json:"relationships"`
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func TestSBOMsNameEveryModulePatchAndTheirSubject(t *testing.T) {
	dir := releaseDir(t)
	modules := vendoredModules(t)
	patches, err := filepath.Glob(filepath.Join(patchesDir(t), "*.patch"))
	if err != nil || len(patches) == 0 {
		t.Fatalf("no patches found: %v", err)
	}
	suffix := strings.ReplaceAll(platform, "/", "-")
	for _, b := range binaries {
		for _, doc := range []struct{ file, subject string }{
			{b + "-" + suffix + ".spdx.json", "bin/" + platform + "/" + b},
			{b + "-image-" + suffix + ".spdx.json", "images/" + platform + "/" + b + ".tar"},
		} {
			t.Run(doc.file, func(t *testing.T) {
				var d spdxDocument
				readJSON(t, filepath.Join(dir, "sbom", doc.file), &d)
				if d.SPDXVersion != "SPDX-2.3" {
					t.Errorf("spdxVersion %q, want SPDX-2.3", d.SPDXVersion)
				}
				described := ""
				for _, r := range d.Relationships {
					if r.A == "SPDXRef-DOCUMENT" && r.Type == "DESCRIBES" {
						described = r.B
					}
				}
				named := map[string]string{}
				for _, p := range d.Packages {
					named[p.Name] = p.Version
					if p.SPDXID != described {
						continue
					}
					if p.FileName != doc.subject {
						t.Errorf("the document describes %q, want %q", p.FileName, doc.subject)
					}
					want := fileDigest(t, filepath.Join(dir, doc.subject), sha256.New())
					if len(p.Checksums) == 0 || p.Checksums[0].Value != want {
						t.Errorf("the described package's checksums %v do not hold the file's SHA-256 %s", p.Checksums, want)
					}
				}
				if described == "" {
					t.Error("the document DESCRIBES nothing")
				}
				for path, version := range modules {
					if got, ok := named[path]; !ok || got != version {
						t.Errorf("module %s %s: the SBOM has %q (listed: %v)", path, version, got, ok)
					}
				}
				files := map[string]string{}
				for _, f := range d.Files {
					for _, c := range f.Checksums {
						if c.Algorithm == "SHA256" {
							files[filepath.Base(f.FileName)] = c.Value
						}
					}
				}
				for _, p := range patches {
					if got, want := files[filepath.Base(p)], fileDigest(t, p, sha256.New()); got != want {
						t.Errorf("patch %s: the SBOM has SHA-256 %q, the file %s", filepath.Base(p), got, want)
					}
				}
			})
		}
	}
}

func TestProvenanceNamesEveryArtefactByDigest(t *testing.T) {
	dir := releaseDir(t)
	var st struct {
		Type          string `json:"_type"`
		PredicateType string `json:"predicateType"`
		Subject       []struct {
			Name   string            `json:"name"`
			Digest map[string]string `json:"digest"`
		} `json:"subject"`
		Predicate struct {
			BuildDefinition struct {
				ResolvedDependencies []struct {
					URI    string            `json:"uri"`
					Digest map[string]string `json:"digest"`
				} `json:"resolvedDependencies"`
			} `json:"buildDefinition"`
		} `json:"predicate"`
	}
	readJSON(t, filepath.Join(dir, "provenance.intoto.json"), &st)
	if st.Type != "https://in-toto.io/Statement/v1" || st.PredicateType != "https://slsa.dev/provenance/v1" {
		t.Errorf("statement type %q with predicate %q, want in-toto Statement v1 with SLSA provenance v1", st.Type, st.PredicateType)
	}
	var names []string
	for _, s := range st.Subject {
		names = append(names, s.Name)
		if got := fileDigest(t, filepath.Join(dir, s.Name), sha256.New()); got != s.Digest["sha256"] {
			t.Errorf("subject %s: sha256 %q, the file has %s", s.Name, s.Digest["sha256"], got)
		}
	}
	want := releaseFiles(t, dir, "SHA256SUMS", "SHA512SUMS", "provenance.intoto.json")
	if strings.Join(names, "\n") != strings.Join(want, "\n") {
		t.Errorf("subjects %v, want every artefact %v", names, want)
	}
	deps := map[string]bool{}
	for _, d := range st.Predicate.BuildDefinition.ResolvedDependencies {
		deps[d.URI] = len(d.Digest) > 0
	}
	for path, version := range vendoredModules(t) {
		if !deps["pkg:golang/"+path+"@"+version] {
			t.Errorf("module %s@%s is not a resolved dependency with a digest", path, version)
		}
	}
}
