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
	"fmt"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// benchDomain is the suffix of every group the benchmark creates.
const benchDomain = "crdbench.kubecarry.io"

// crdSpec names one CRD of the benchmark: its group, kind and plural.
type crdSpec struct {
	group, kind, plural string
	// largeSchema gives its versions a schema of largeSchemaProperties
	// properties, as operators' CRDs with long specs have.
	largeSchema bool
}

func (s crdSpec) name() string { return s.plural + "." + s.group }

// listPath is the path of the list of its objects at the storage version.
func (s crdSpec) listPath() string { return "/apis/" + s.group + "/v1/" + s.plural }

const (
	// kindsPerGroup: operators put several kinds in one group.
	kindsPerGroup = 5
	// largeSchemaEvery: one CRD in this many has a large schema.
	largeSchemaEvery      = 10
	largeSchemaProperties = 200
)

// backgroundCRDs are the c CRDs the cluster carries before anything is
// measured: c/kindsPerGroup groups, each kind served at v1 (storage) and
// v1beta1, one in largeSchemaEvery with a large schema.
func backgroundCRDs(c int) []crdSpec {
	specs := make([]crdSpec, 0, c)
	for i := 0; i < c; i++ {
		specs = append(specs, crdSpec{
			group:       fmt.Sprintf("bg%d.%s", i/kindsPerGroup, benchDomain),
			kind:        fmt.Sprintf("Background%d", i),
			plural:      fmt.Sprintf("background%ds", i),
			largeSchema: i%largeSchemaEvery == 0,
		})
	}
	return specs
}

// probeCRD is the i-th CRD whose convergence is measured, alone in a group
// of its own, so that it adds a group to merged /apis.
func probeCRD(prefix string, i int) crdSpec {
	return crdSpec{group: fmt.Sprintf("%s%d.%s", prefix, i, benchDomain), kind: "Probe", plural: "probes"}
}

// customResourceDefinition is the object for s.
func (s crdSpec) customResourceDefinition() *apiextensionsv1.CustomResourceDefinition {
	schema := &apiextensionsv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
		"spec": specSchema(s.largeSchema),
	}}
	version := func(name string, storage bool) apiextensionsv1.CustomResourceDefinitionVersion {
		return apiextensionsv1.CustomResourceDefinitionVersion{
			Name: name, Served: true, Storage: storage,
			Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: schema.DeepCopy()},
		}
	}
	return &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: s.name()},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: s.group,
			Names: apiextensionsv1.CustomResourceDefinitionNames{Plural: s.plural, Kind: s.kind, ListKind: s.kind + "List"},
			Scope: apiextensionsv1.NamespaceScoped,
			// v1 first: the storage version is the preferred one.
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{version("v1", true), version("v1beta1", false)},
		},
	}
}

func specSchema(large bool) apiextensionsv1.JSONSchemaProps {
	spec := apiextensionsv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
		"replicas": {Type: "integer"},
	}}
	if large {
		for i := 0; i < largeSchemaProperties; i++ {
			spec.Properties[fmt.Sprintf("field%03d", i)] = apiextensionsv1.JSONSchemaProps{
				Type: "string", Description: fmt.Sprintf("Field %d of a CRD with a long spec, as operators' CRDs have.", i),
			}
		}
	}
	return spec
}
