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

// Package sbom writes the SPDX 2.3 documents of a release: one per binary
// and one per image, each naming every Go module of the source tree with its
// version and go.sum hash, the upstream Kubernetes release, and every patch
// of the series with the modules it changes.
package sbom

import (
	"fmt"
	"io"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/kubecarry/kubecarry/hack/tools/release/pkg/gomod"
	spdxjson "github.com/spdx/tools-golang/json"
	"github.com/spdx/tools-golang/spdx/v2/common"
	spdx "github.com/spdx/tools-golang/spdx/v2/v2_3"
)

// Artefact is a file of the release: a binary or an image.
type Artefact struct {
	// Name is the component, e.g. kube-apiserver.
	Name string
	// FileName is the artefact's path in the release.
	FileName string
	// SHA256 is the hex digest of the file (for an image: of its config,
	// the image ID "docker images" shows).
	SHA256 string
	// Purl is its package URL, e.g. pkg:oci/kube-apiserver@sha256:...
	Purl string
}

// DebianPackage is a Debian package whose files an image holds.
type DebianPackage struct {
	Name, Version, Architecture string
	// SHA256 is the digest of the .deb file the files were extracted from.
	SHA256 string
}

// Inputs is everything one document says.
type Inputs struct {
	// Version is kubecarry's version (v1.35.8+kubecarry.1), Upstream the
	// Kubernetes release it carries patches on (v1.35.8).
	Version, Upstream string
	// Revision is the source commit, SourceURL the repository.
	Revision, SourceURL string
	// Platform is os/arch.
	Platform string
	// Created is the document's creation time (SOURCE_DATE_EPOCH).
	Created time.Time
	// Subject is what the document describes. For an image, Binary is the
	// binary it holds and Debian the packages of its base.
	Subject Artefact
	Binary  *Artefact
	Debian  []DebianPackage
	// Modules are every module of vendor/modules.txt; Linked holds the
	// paths of those linked into the binary (from its build information).
	Modules []gomod.Module
	Linked  map[string]bool
	Patches []gomod.Patch
}

const (
	toolName     = "kubecarry-release"
	upstreamPath = "k8s.io/kubernetes"
)

var (
	idUnsafe  = regexp.MustCompile(`[^A-Za-z0-9.-]+`)
	sha256Hex = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// elementID makes an SPDX identifier (letters, digits, "." and "-") from
// parts.
func elementID(parts ...string) common.ElementID {
	return common.ElementID(idUnsafe.ReplaceAllString(strings.Join(parts, "-"), "-"))
}

func purlRef(purl string) []*spdx.PackageExternalReference {
	return []*spdx.PackageExternalReference{{Category: "PACKAGE-MANAGER", RefType: "purl", Locator: purl}}
}

func golangPurl(path, version string) string {
	return "pkg:golang/" + path + "@" + url.PathEscape(version)
}

func relate(a, b common.ElementID, kind string) *spdx.Relationship {
	return &spdx.Relationship{RefA: common.MakeDocElementID("", string(a)), RefB: common.MakeDocElementID("", string(b)), Relationship: kind}
}

func artefactPackage(id common.ElementID, a Artefact, version, purpose string) *spdx.Package {
	p := &spdx.Package{
		PackageName:             a.Name,
		PackageSPDXIdentifier:   id,
		PackageVersion:          version,
		PackageFileName:         a.FileName,
		PackageDownloadLocation: "NOASSERTION",
		PackageChecksums:        []common.Checksum{{Algorithm: common.SHA256, Value: a.SHA256}},
		PackageLicenseConcluded: "NOASSERTION",
		PackageLicenseDeclared:  "Apache-2.0",
		PackageCopyrightText:    "NOASSERTION",
		PrimaryPackagePurpose:   purpose,
	}
	if a.Purl != "" {
		p.PackageExternalReferences = purlRef(a.Purl)
	}
	return p
}

// Build makes the document.
func Build(in Inputs) (*spdx.Document, error) {
	if in.Subject.Name == "" || in.Subject.SHA256 == "" {
		return nil, fmt.Errorf("the SBOM's subject needs a name and a digest")
	}
	docName := fmt.Sprintf("%s-%s-%s", in.Subject.Name, in.Version, strings.ReplaceAll(in.Platform, "/", "-"))
	doc := &spdx.Document{
		SPDXVersion:    spdx.Version,
		DataLicense:    spdx.DataLicense,
		SPDXIdentifier: "DOCUMENT",
		DocumentName:   docName,
		// Unique per subject and reproducible: named by the subject's digest.
		DocumentNamespace: fmt.Sprintf("%s/spdx/%s-%s", strings.TrimSuffix(in.SourceURL, "/"), url.PathEscape(docName), in.Subject.SHA256),
		CreationInfo: &spdx.CreationInfo{
			Creators: []common.Creator{{CreatorType: "Tool", Creator: toolName}, {CreatorType: "Organization", Creator: "kubecarry"}},
			Created:  in.Created.UTC().Format(time.RFC3339),
		},
	}

	subjectID := elementID("Package", in.Subject.Name)
	purpose := "APPLICATION"
	if in.Binary != nil {
		subjectID = elementID("Package", in.Subject.Name, "image")
		purpose = "CONTAINER"
	}
	doc.Packages = append(doc.Packages, artefactPackage(subjectID, in.Subject, in.Version, purpose))
	doc.Relationships = append(doc.Relationships, relate("DOCUMENT", subjectID, common.TypeRelationshipDescribe))

	binaryID := subjectID
	if in.Binary != nil {
		binaryID = elementID("Package", in.Binary.Name)
		doc.Packages = append(doc.Packages, artefactPackage(binaryID, *in.Binary, in.Version, "APPLICATION"))
		doc.Relationships = append(doc.Relationships, relate(subjectID, binaryID, common.TypeRelationshipContains))
		for _, d := range in.Debian {
			id := elementID("Package", "deb", d.Name, d.Architecture)
			doc.Packages = append(doc.Packages, &spdx.Package{
				PackageName:               d.Name,
				PackageSPDXIdentifier:     id,
				PackageVersion:            d.Version,
				PackageSupplier:           &common.Supplier{SupplierType: "Organization", Supplier: "Debian"},
				PackageDownloadLocation:   "NOASSERTION",
				PackageChecksums:          []common.Checksum{{Algorithm: common.SHA256, Value: d.SHA256}},
				PackageLicenseConcluded:   "NOASSERTION",
				PackageLicenseDeclared:    "NOASSERTION",
				PackageCopyrightText:      "NOASSERTION",
				PackageExternalReferences: purlRef(fmt.Sprintf("pkg:deb/debian/%s@%s?arch=%s", d.Name, url.PathEscape(d.Version), d.Architecture)),
			})
			doc.Relationships = append(doc.Relationships, relate(subjectID, id, common.TypeRelationshipContains))
		}
	}

	// The source tree the binary is built from: the upstream release with
	// the series applied and every module vendored.
	sourceID := elementID("Package", "kubecarry-source")
	doc.Packages = append(doc.Packages, &spdx.Package{
		PackageName:             "kubecarry",
		PackageSPDXIdentifier:   sourceID,
		PackageVersion:          in.Version,
		PackageDownloadLocation: fmt.Sprintf("git+%s@%s", in.SourceURL, in.Revision),
		PackageLicenseConcluded: "NOASSERTION",
		PackageLicenseDeclared:  "Apache-2.0",
		PackageCopyrightText:    "NOASSERTION",
		PrimaryPackagePurpose:   "SOURCE",
		PackageComment:          fmt.Sprintf("kubernetes/kubernetes %s with kubecarry's patch series applied, every Go module vendored", in.Upstream),
	})
	doc.Relationships = append(doc.Relationships, relate(binaryID, sourceID, common.TypeRelationshipGeneratedFrom))

	moduleIDs := map[string]common.ElementID{}
	upstreamFound := false
	for _, m := range in.Modules {
		if m.Sum == "" {
			return nil, fmt.Errorf("module %s@%s has no go.sum hash", m.Path, m.Version)
		}
		// The Go module hash (a SHA-256 over the module's file list) is
		// what a Go module package's checksum means in SPDX documents of Go
		// software; the h1 form stays in the comment.
		sum, err := m.SumHex()
		if err != nil {
			return nil, err
		}
		id := elementID("Package", "go", m.Path)
		moduleIDs[m.Path] = id
		comment := "go.sum: " + m.Sum
		if m.Path == upstreamPath {
			upstreamFound = true
			if m.Version != in.Upstream {
				return nil, fmt.Errorf("vendor/modules.txt has %s %s, but the upstream release is %s", upstreamPath, m.Version, in.Upstream)
			}
			comment = "the upstream Kubernetes release kubecarry patches; " + comment
		}
		doc.Packages = append(doc.Packages, &spdx.Package{
			PackageName:               m.Path,
			PackageSPDXIdentifier:     id,
			PackageVersion:            m.Version,
			PackageDownloadLocation:   fmt.Sprintf("https://proxy.golang.org/%s/@v/%s.zip", m.Path, url.PathEscape(m.Version)),
			PackageChecksums:          []common.Checksum{{Algorithm: common.SHA256, Value: sum}},
			PackageLicenseConcluded:   "NOASSERTION",
			PackageLicenseDeclared:    "NOASSERTION",
			PackageCopyrightText:      "NOASSERTION",
			PackageExternalReferences: purlRef(golangPurl(m.Path, m.Version)),
			PackageComment:            comment,
			PrimaryPackagePurpose:     "LIBRARY",
		})
		doc.Relationships = append(doc.Relationships, relate(sourceID, id, common.TypeRelationshipContains))
		if in.Linked[m.Path] {
			doc.Relationships = append(doc.Relationships, relate(binaryID, id, common.TypeRelationshipDependsOn))
		}
	}
	if !upstreamFound {
		return nil, fmt.Errorf("vendor/modules.txt does not list %s, the upstream release", upstreamPath)
	}
	doc.Relationships = append(doc.Relationships, relate(sourceID, moduleIDs[upstreamPath], common.TypeRelationshipDescendantOf))
	for linked := range in.Linked {
		if _, ok := moduleIDs[linked]; !ok {
			return nil, fmt.Errorf("the binary links %s, which vendor/modules.txt does not list", linked)
		}
	}

	for _, p := range in.Patches {
		id := elementID("File", "patch", strings.TrimSuffix(p.FileName, ".patch"))
		doc.Files = append(doc.Files, &spdx.File{
			FileName:           "./patches/" + p.FileName,
			FileSPDXIdentifier: id,
			FileTypes:          []string{"SOURCE"},
			Checksums: []common.Checksum{
				{Algorithm: common.SHA1, Value: p.SHA1},
				{Algorithm: common.SHA256, Value: p.SHA256},
			},
			LicenseConcluded:  "Apache-2.0",
			FileCopyrightText: "NOASSERTION",
		})
		if len(p.Modules) == 0 {
			return nil, fmt.Errorf("patch %s changes no module", p.FileName)
		}
		for _, m := range p.Modules {
			mid, ok := moduleIDs[m]
			if !ok {
				return nil, fmt.Errorf("patch %s changes %s, which vendor/modules.txt does not list", p.FileName, m)
			}
			doc.Relationships = append(doc.Relationships, relate(id, mid, common.TypeRelationshipPatchApplied))
		}
		doc.Relationships = append(doc.Relationships, relate(sourceID, id, common.TypeRelationshipContains))
	}
	return doc, nil
}

// Write writes doc as indented SPDX JSON.
func Write(doc *spdx.Document, w io.Writer) error {
	return spdxjson.Write(doc, w, spdxjson.Indent("  "))
}

// ParseDebianPackages reads the list of Debian packages an image's base was
// extracted from: one "name<TAB>version<TAB>architecture<TAB>sha256" line
// per .deb (hack/lib/release.sh writes it from dpkg-deb and sha256sum).
func ParseDebianPackages(r io.Reader) ([]DebianPackage, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var pkgs []DebianPackage
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 || f[0] == "" || f[1] == "" || f[2] == "" || !sha256Hex.MatchString(f[3]) {
			return nil, fmt.Errorf("line %d: %q is not name<TAB>version<TAB>architecture<TAB>sha256", i+1, line)
		}
		pkgs = append(pkgs, DebianPackage{Name: f[0], Version: f[1], Architecture: f[2], SHA256: f[3]})
	}
	return pkgs, nil
}
