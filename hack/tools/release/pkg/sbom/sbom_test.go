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

package sbom

import (
	"bytes"
	"strings"
	"testing"
	"time"

	spdxjson "github.com/spdx/tools-golang/json"
	spdx "github.com/spdx/tools-golang/spdx/v2/v2_3"

	"github.com/kubecarry/kubecarry/hack/tools/release/pkg/gomod"
)

const emptySum = "h1:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="

func testInputs() Inputs {
	return Inputs{
		Version: "v1.35.8+kubecarry.1", Upstream: "v1.35.8", Revision: "abc", SourceURL: "https://example.com/kubecarry",
		Platform: "linux/amd64", Created: time.Unix(1700000000, 0),
		Subject: Artefact{Name: "kube-proxy", FileName: "bin/linux/amd64/kube-proxy", SHA256: strings.Repeat("a", 64)},
		Modules: []gomod.Module{
			{Path: "github.com/a/b", Version: "v1.0.0", Sum: emptySum},
			{Path: "github.com/unlinked/c", Version: "v2.0.0", Sum: emptySum},
			{Path: "k8s.io/kubernetes", Version: "v1.35.8", Sum: emptySum},
		},
		Linked:  map[string]bool{"github.com/a/b": true, "k8s.io/kubernetes": true},
		Patches: []gomod.Patch{{FileName: "0001-x.patch", SHA256: strings.Repeat("b", 64), SHA1: strings.Repeat("c", 40), Modules: []string{"k8s.io/kubernetes"}}},
	}
}

// relations indexes a document's relationships as "A TYPE B".
func relations(doc *spdx.Document) map[string]bool {
	out := map[string]bool{}
	for _, r := range doc.Relationships {
		out[string(r.RefA.ElementRefID)+" "+r.Relationship+" "+string(r.RefB.ElementRefID)] = true
	}
	return out
}

func TestBinaryDocumentNamesEveryModuleAndWhatTheBinaryLinks(t *testing.T) {
	doc, err := Build(testInputs())
	if err != nil {
		t.Fatal(err)
	}
	rel := relations(doc)
	for _, want := range []string{
		"DOCUMENT DESCRIBES Package-kube-proxy",
		"Package-kube-proxy GENERATED_FROM Package-kubecarry-source",
		"Package-kubecarry-source CONTAINS Package-go-github.com-unlinked-c",
		"Package-kube-proxy DEPENDS_ON Package-go-github.com-a-b",
		"Package-kubecarry-source DESCENDANT_OF Package-go-k8s.io-kubernetes",
		"File-patch-0001-x PATCH_APPLIED Package-go-k8s.io-kubernetes",
	} {
		if !rel[want] {
			t.Errorf("missing relationship %q", want)
		}
	}
	if rel["Package-kube-proxy DEPENDS_ON Package-go-github.com-unlinked-c"] {
		t.Error("the binary DEPENDS_ON a module it does not link")
	}
	for _, p := range doc.Packages {
		if p.PackageName == "github.com/a/b" {
			if p.PackageVersion != "v1.0.0" || p.PackageChecksums[0].Value != "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" ||
				p.PackageExternalReferences[0].Locator != "pkg:golang/github.com/a/b@v1.0.0" {
				t.Errorf("module package %+v", p)
			}
		}
	}

	// What Write writes is SPDX JSON the SPDX library reads back.
	var buf bytes.Buffer
	if err := Write(doc, &buf); err != nil {
		t.Fatal(err)
	}
	back, err := spdxjson.Read(&buf)
	if err != nil {
		t.Fatalf("reading the document back: %v", err)
	}
	if back.SPDXVersion != "SPDX-2.3" || len(back.Packages) != len(doc.Packages) {
		t.Errorf("read back %s with %d packages, want SPDX-2.3 with %d", back.SPDXVersion, len(back.Packages), len(doc.Packages))
	}
}

func TestImageDocumentContainsTheBinaryAndTheDebianPackages(t *testing.T) {
	in := testInputs()
	binary := in.Subject
	in.Binary = &binary
	in.Subject = Artefact{Name: "kube-proxy", FileName: "images/linux/amd64/kube-proxy.tar", SHA256: strings.Repeat("d", 64), Purl: "pkg:oci/kube-proxy@sha256:x"}
	in.Debian = []DebianPackage{{Name: "nftables", Version: "1.0.6-2+deb12u2", Architecture: "amd64", SHA256: strings.Repeat("e", 64)}}
	doc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	rel := relations(doc)
	for _, want := range []string{
		"DOCUMENT DESCRIBES Package-kube-proxy-image",
		"Package-kube-proxy-image CONTAINS Package-kube-proxy",
		"Package-kube-proxy-image CONTAINS Package-deb-nftables-amd64",
		"Package-kube-proxy GENERATED_FROM Package-kubecarry-source",
	} {
		if !rel[want] {
			t.Errorf("missing relationship %q", want)
		}
	}
}

func TestBuildRefusesWhatItCannotStateTruthfully(t *testing.T) {
	for name, mutate := range map[string]func(*Inputs){
		"no upstream module":         func(in *Inputs) { in.Modules = in.Modules[:2] },
		"upstream version differs":   func(in *Inputs) { in.Upstream = "v1.35.4" },
		"module without a hash":      func(in *Inputs) { in.Modules[0].Sum = "" },
		"patch of an unknown module": func(in *Inputs) { in.Patches[0].Modules = []string{"k8s.io/nope"} },
		"linked module not vendored": func(in *Inputs) { in.Linked["github.com/x/y"] = true },
		"subject without digest":     func(in *Inputs) { in.Subject.SHA256 = "" },
	} {
		in := testInputs()
		mutate(&in)
		if _, err := Build(in); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestParseDebianPackages(t *testing.T) {
	sum := strings.Repeat("f", 64)
	pkgs, err := ParseDebianPackages(strings.NewReader("libc6\t2.36-9\tamd64\t" + sum + "\nnetbase\t6.4\tall\t" + sum + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 2 || pkgs[1] != (DebianPackage{Name: "netbase", Version: "6.4", Architecture: "all", SHA256: sum}) {
		t.Errorf("packages %+v", pkgs)
	}
	if _, err := ParseDebianPackages(strings.NewReader("libc6 2.36-9 amd64\n")); err == nil {
		t.Error("a line without tabs and digest was accepted")
	}
}
