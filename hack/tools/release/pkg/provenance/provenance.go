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

// Package provenance writes the release's unsigned in-toto Statement v1
// with a SLSA Provenance v1 predicate: the subjects are the release's
// artefacts by digest, the resolved dependencies are the source commit, the
// upstream release and every Go module (by their go.sum hash), the patches
// and the Debian packages the images hold; the external parameters are the
// build command and its settings. Nothing in it depends on the clock, so a
// reproducible build yields the same statement.
package provenance

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
)

const (
	// StatementType and PredicateType name the formats (in-toto
	// attestation framework v1, SLSA build provenance v1).
	StatementType = "https://in-toto.io/Statement/v1"
	PredicateType = "https://slsa.dev/provenance/v1"
)

// DigestSet maps an algorithm (sha256, gitCommit, dirHash) to a lowercase
// hex value.
type DigestSet map[string]string

// ResourceDescriptor is an artefact or a dependency.
type ResourceDescriptor struct {
	Name   string    `json:"name,omitempty"`
	URI    string    `json:"uri,omitempty"`
	Digest DigestSet `json:"digest"`
}

// Statement is the in-toto statement.
type Statement struct {
	Type          string               `json:"_type"`
	Subject       []ResourceDescriptor `json:"subject"`
	PredicateType string               `json:"predicateType"`
	Predicate     Predicate            `json:"predicate"`
}

// Predicate is SLSA Provenance v1.
type Predicate struct {
	BuildDefinition BuildDefinition `json:"buildDefinition"`
	RunDetails      RunDetails      `json:"runDetails"`
}

// BuildDefinition says how the artefacts were built, from what.
type BuildDefinition struct {
	BuildType            string               `json:"buildType"`
	ExternalParameters   map[string]any       `json:"externalParameters"`
	InternalParameters   map[string]any       `json:"internalParameters,omitempty"`
	ResolvedDependencies []ResourceDescriptor `json:"resolvedDependencies"`
}

// RunDetails names the builder.
type RunDetails struct {
	Builder Builder `json:"builder"`
}

// Builder identifies who built the artefacts.
type Builder struct {
	ID string `json:"id"`
}

// New returns a statement over subjects, sorted by name so its bytes do not
// depend on the order files were found in.
func New(subjects []ResourceDescriptor, def BuildDefinition, builderID string) (*Statement, error) {
	if len(subjects) == 0 {
		return nil, fmt.Errorf("a provenance statement needs at least one subject")
	}
	for _, s := range subjects {
		if s.Name == "" || len(s.Digest) == 0 {
			return nil, fmt.Errorf("subject %q needs a name and a digest", s.Name)
		}
	}
	for _, d := range def.ResolvedDependencies {
		if d.URI == "" || len(d.Digest) == 0 {
			return nil, fmt.Errorf("dependency %q needs a URI and a digest", d.URI)
		}
	}
	subs := append([]ResourceDescriptor(nil), subjects...)
	sort.Slice(subs, func(i, j int) bool { return subs[i].Name < subs[j].Name })
	return &Statement{
		Type:          StatementType,
		Subject:       subs,
		PredicateType: PredicateType,
		Predicate:     Predicate{BuildDefinition: def, RunDetails: RunDetails{Builder: Builder{ID: builderID}}},
	}, nil
}

// Write writes the statement as indented JSON.
func (s *Statement) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}
