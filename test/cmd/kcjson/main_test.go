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
	"errors"
	"strings"
	"testing"
)

func kcjson(t *testing.T, o options, in string) (string, error) {
	t.Helper()
	if o.output == "" {
		o.output = "text"
	}
	var out strings.Builder
	err := run(o, strings.NewReader(in), &out)
	return out.String(), err
}

func TestSelectsFromJSONAndYAML(t *testing.T) {
	lease := `{"kind":"Lease","metadata":{"name":"kube-apiserver-a"},"spec":{"holderIdentity":"apiserver-a_1234","leaseDurationSeconds":3600}}`
	leaseYAML := "kind: Lease\nmetadata:\n  name: kube-apiserver-a\nspec:\n  holderIdentity: apiserver-a_1234\n  leaseDurationSeconds: 3600\n"
	for _, tc := range []struct {
		name, template, in, want string
	}{
		{"json, braces", "{.spec.holderIdentity}", lease, "apiserver-a_1234\n"},
		{"json, relaxed", ".spec.holderIdentity", lease, "apiserver-a_1234\n"},
		{"yaml", ".spec.holderIdentity", leaseYAML, "apiserver-a_1234\n"},
		{"integer", ".spec.leaseDurationSeconds", leaseYAML, "3600\n"},
		{"two fields", "{.kind}/{.metadata.name}", lease, "Lease/kube-apiserver-a\n"},
		{"range keeps its own newlines", `{range .items[*]}{.name}{"\n"}{end}`, `{"items":[{"name":"apps"},{"name":"batch"}]}`, "apps\nbatch\n"},
		{"wildcard", "{.items[*].name}", `{"items":[{"name":"apps"},{"name":"batch"}]}`, "apps batch\n"},
		{"filter on a number", `{.items[?(@.port==80)].name}`, `{"items":[{"name":"http","port":80},{"name":"https","port":443}]}`, "http\n"},
		{"filter on a string", `{.groups[?(@.name=="batch")].version}`, `{"groups":[{"name":"apps","version":"v1"},{"name":"batch","version":"v2"}]}`, "v2\n"},
		{"large integer exactly", ".n", `{"n":9007199254740993}`, "9007199254740993\n"},
		{"float", ".f", `{"f":0.25}`, "0.25\n"},
		{"empty string prints nothing", ".s", `{"s":""}`, ""},
		{"top-level list", "{[1].name}", `[{"name":"a"},{"name":"b"}]`, "b\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := kcjson(t, options{template: tc.template}, tc.in)
			if err != nil {
				t.Fatalf("kcjson %q: %v", tc.template, err)
			}
			if got != tc.want {
				t.Errorf("kcjson %q = %q, want %q", tc.template, got, tc.want)
			}
		})
	}
}

func TestRunsTheTemplateOnEachDocumentOfAStream(t *testing.T) {
	// What "go mod download -json a b" and "go list -json" print.
	jsonStream := "{\n\t\"Path\": \"a\",\n\t\"Dir\": \"/m/a\"\n}\n{\n\t\"Path\": \"b\",\n\t\"Dir\": \"/m/b\"\n}\n"
	got, err := kcjson(t, options{template: ".Dir"}, jsonStream)
	if err != nil || got != "/m/a\n/m/b\n" {
		t.Errorf("a JSON stream gave %q, %v; want both Dirs", got, err)
	}

	manifest := "---\n# a comment\napiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: ccm\n  namespace: kube-system\n---\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: ccm\nrules: []\n"
	got, err = kcjson(t, options{template: "{.kind} {.metadata.namespace}", allowMissing: true}, manifest)
	if err != nil || got != "ServiceAccount kube-system\nClusterRole \n" {
		t.Errorf("a YAML stream with an empty document gave %q, %v; want one line per non-empty document", got, err)
	}

	got, err = kcjson(t, options{template: "{@}", output: "json"}, manifest)
	want := `{"apiVersion":"v1","kind":"ServiceAccount","metadata":{"name":"ccm","namespace":"kube-system"}}` + "\n" +
		`{"apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRole","metadata":{"name":"ccm"},"rules":[]}` + "\n"
	if err != nil || got != want {
		t.Errorf("-o json '{@}' of a manifest gave\n%s(err %v), want\n%s", got, err, want)
	}
}

func TestJSONOutputPrintsEachSelectedValueOnALine(t *testing.T) {
	got, err := kcjson(t, options{template: "{.items[*].metadata}", output: "json"},
		`{"items":[{"metadata":{"name":"a","n":1}},{"metadata":{"name":"b","n":2}}]}`)
	want := `{"n":1,"name":"a"}` + "\n" + `{"n":2,"name":"b"}` + "\n"
	if err != nil || got != want {
		t.Errorf("got %q, %v; want %q", got, err, want)
	}
}

func TestFailsNamingTheCause(t *testing.T) {
	for _, tc := range []struct {
		name, template, in string
		o                  options
		want               string
		usage              bool
	}{
		{name: "missing key", template: ".spec.holderIdentity", in: `{"spec":{}}`, want: `document 1: template ".spec.holderIdentity": holderIdentity is not found`},
		{name: "missing key in the second document", template: ".Dir", in: `{"Dir":"/a"}{"Path":"b"}`, want: "document 2:"},
		{name: "nothing on stdin", template: ".a", in: "", want: "no JSON or YAML document on stdin"},
		{name: "only empty documents", template: ".a", in: "---\n---\n", want: "no JSON or YAML document on stdin"},
		{name: "an error page", template: ".kind", in: "404 page not found\n", want: `document 1: is not an object or a list but the scalar "404 page not found"`},
		{name: "broken JSON", template: ".a", in: `{"a": [1, 2}`, want: "document 1 does not parse as JSON or YAML"},
		{name: "bad template", template: "{.a", in: `{"a":1}`, want: `template "{.a"`, usage: true},
		{name: "bad output", template: ".a", in: `{"a":1}`, o: options{output: "yaml"}, want: "-o must be text or json", usage: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.o
			o.template = tc.template
			got, err := kcjson(t, o, tc.in)
			if err == nil {
				t.Fatalf("kcjson %q on %q succeeded with %q, want an error", tc.template, tc.in, got)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
			var u usageError
			if errors.As(err, &u) != tc.usage {
				t.Errorf("error %q: usage error = %v, want %v", err, !tc.usage, tc.usage)
			}
		})
	}
}

func TestAllowMissingPrintsNothingForAMissingKey(t *testing.T) {
	got, err := kcjson(t, options{template: ".spec.holderIdentity", allowMissing: true}, `{"spec":{}}`)
	if err != nil || got != "" {
		t.Errorf("got %q, %v; want nothing and no error", got, err)
	}
	// The same input without -allow-missing fails: the option is what makes
	// the difference.
	if _, err := kcjson(t, options{template: ".spec.holderIdentity"}, `{"spec":{}}`); err == nil {
		t.Error("without -allow-missing a missing key did not fail")
	}
}
