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

package provenance

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestNewSortsSubjectsSoTheStatementIsReproducible(t *testing.T) {
	def := BuildDefinition{BuildType: "https://example.com/release", ExternalParameters: map[string]any{"command": "make release"},
		ResolvedDependencies: []ResourceDescriptor{{URI: "git+https://example.com/x", Digest: DigestSet{"gitCommit": "abc"}}}}
	a, err := New([]ResourceDescriptor{{Name: "b", Digest: DigestSet{"sha256": "2"}}, {Name: "a", Digest: DigestSet{"sha256": "1"}}}, def, "builder")
	if err != nil {
		t.Fatal(err)
	}
	b, err := New([]ResourceDescriptor{{Name: "a", Digest: DigestSet{"sha256": "1"}}, {Name: "b", Digest: DigestSet{"sha256": "2"}}}, def, "builder")
	if err != nil {
		t.Fatal(err)
	}
	var ba, bb bytes.Buffer
	if err := a.Write(&ba); err != nil {
		t.Fatal(err)
	}
	if err := b.Write(&bb); err != nil {
		t.Fatal(err)
	}
	if ba.String() != bb.String() {
		t.Errorf("the order subjects were found in changed the statement:\n%s\n%s", ba.String(), bb.String())
	}
	var st map[string]any
	if err := json.Unmarshal(ba.Bytes(), &st); err != nil {
		t.Fatal(err)
	}
	if st["_type"] != StatementType || st["predicateType"] != PredicateType {
		t.Errorf("statement %v", st)
	}
	pred := st["predicate"].(map[string]any)
	if pred["runDetails"].(map[string]any)["builder"].(map[string]any)["id"] != "builder" {
		t.Errorf("predicate %v has no builder id", pred)
	}
}

func TestNewRefusesUnnamedOrUndigestedArtefacts(t *testing.T) {
	if _, err := New(nil, BuildDefinition{}, "b"); err == nil {
		t.Error("a statement without subjects")
	}
	if _, err := New([]ResourceDescriptor{{Name: "a"}}, BuildDefinition{}, "b"); err == nil {
		t.Error("a subject without a digest")
	}
	if _, err := New([]ResourceDescriptor{{Name: "a", Digest: DigestSet{"sha256": "1"}}},
		BuildDefinition{ResolvedDependencies: []ResourceDescriptor{{URI: "x"}}}, "b"); err == nil {
		t.Error("a dependency without a digest")
	}
}
