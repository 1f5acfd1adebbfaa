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

// kcjson reads JSON or YAML from stdin and prints what a kubectl-style
// JSONPath template selects, so that hack/ scripts parse API answers, Go
// tool output and manifests with a real parser instead of sed. There is no
// kubectl in this tree; kcjson uses the same JSONPath implementation
// (k8s.io/client-go/util/jsonpath) and the same YAML-or-JSON stream decoder
// (k8s.io/apimachinery/pkg/util/yaml) as kubectl.
//
// Usage:
//
//	kcjson [-allow-missing] [-o text|json] TEMPLATE <document(s)
//
// TEMPLATE is a JSONPath template as kubectl -o jsonpath takes it; the
// braces may be left out when it is a single expression:
//
//	curl ... /api/v1/namespaces/default/services/x | kcjson .spec.clusterIP
//	curl ... /apis/coordination.k8s.io/v1/namespaces/kube-system/leases/x | kcjson '{.spec.holderIdentity}'
//	curl ... /apis | kcjson '{range .items[*]}{.metadata.name}{"\n"}{end}'
//	go mod download -json k8s.io/kubernetes@v1.35.8 | kcjson .Dir
//	kcjson -o json '{@}' <manifest.yaml     # one document per line, as compact JSON
//
// stdin may hold a stream of documents: concatenated JSON values (what
// "go list -json" prints) or YAML documents separated by "---". The template
// is run on each document in turn. Each document must be an object or a
// list: an error page or an empty answer is an error, not an empty result.
//
// Output: with -o text (the default) each document's result is printed as
// kubectl prints it, followed by a newline unless it is empty or already
// ends with one. With -o json every value the template selects is printed
// as compact JSON on a line of its own.
//
// kcjson exits 1, naming the document and the cause, when stdin holds no
// document, a document does not parse, or the template names a key a
// document does not have (unless -allow-missing, which prints nothing for
// it), and 2 on a usage error.
//
// hack/lib/json.sh builds it (kubecarry::json::bin) and wraps it
// (kubecarry::json::get TEMPLATE).
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/util/jsonpath"
)

type options struct {
	template     string
	allowMissing bool
	output       string
}

func main() {
	var o options
	fs := flag.NewFlagSet("kcjson", flag.ContinueOnError)
	fs.BoolVar(&o.allowMissing, "allow-missing", false, "print nothing for a key a document does not have instead of failing")
	fs.StringVar(&o.output, "o", "text", "output format: text (as kubectl -o jsonpath prints it) or json (each selected value as one line of compact JSON)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: kcjson [-allow-missing] [-o text|json] TEMPLATE <document(s)\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(os.Stderr, "kcjson: want exactly one TEMPLATE argument, got %d\n", fs.NArg())
		fs.Usage()
		os.Exit(2)
	}
	o.template = fs.Arg(0)
	if err := run(o, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "kcjson: %v\n", err)
		var u usageError
		if errors.As(err, &u) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

type usageError struct{ error }

// relaxed turns ".a.b" into "{.a.b}", as kubectl does for a template that
// has no braces.
func relaxed(template string) string {
	if strings.Contains(template, "{") {
		return template
	}
	return "{" + template + "}"
}

func run(o options, in io.Reader, out io.Writer) error {
	if o.output != "text" && o.output != "json" {
		return usageError{fmt.Errorf("-o must be text or json, not %q", o.output)}
	}
	jp := jsonpath.New("kcjson").AllowMissingKeys(o.allowMissing)
	if err := jp.Parse(relaxed(o.template)); err != nil {
		return usageError{fmt.Errorf("template %q: %w", o.template, err)}
	}

	dec := utilyaml.NewYAMLOrJSONDecoder(in, 4096)
	n := 0
	for {
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("document %d does not parse as JSON or YAML: %w", n+1, err)
		}
		if len(bytes.TrimSpace(raw)) == 0 {
			// An empty YAML document ("---" twice): nothing to select from.
			continue
		}
		doc, err := decode(raw)
		if err != nil {
			return fmt.Errorf("document %d: %w", n+1, err)
		}
		if doc == nil {
			// A YAML document of comments only, or a JSON null.
			continue
		}
		n++
		if err := printDocument(jp, o.output, doc, out); err != nil {
			return fmt.Errorf("document %d: template %q: %w", n, o.template, err)
		}
	}
	if n == 0 {
		return errors.New("no JSON or YAML document on stdin")
	}
	return nil
}

// decode parses one document as kubectl's unstructured objects hold it:
// integers as int64, other numbers as float64, so that JSONPath filters
// compare them with the literals of a template and large integers print
// exactly. A document that is a scalar is an error.
func decode(raw json.RawMessage) (interface{}, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v interface{}
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	v, err := numbers(v)
	if err != nil {
		return nil, err
	}
	switch v.(type) {
	case nil, map[string]interface{}, []interface{}:
		return v, nil
	}
	s := string(raw)
	if len(s) > 80 {
		s = s[:80] + "..."
	}
	return nil, fmt.Errorf("is not an object or a list but the scalar %s", s)
}

func numbers(v interface{}) (interface{}, error) {
	switch t := v.(type) {
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return i, nil
		}
		return t.Float64()
	case map[string]interface{}:
		for k, e := range t {
			n, err := numbers(e)
			if err != nil {
				return nil, err
			}
			t[k] = n
		}
	case []interface{}:
		for i, e := range t {
			n, err := numbers(e)
			if err != nil {
				return nil, err
			}
			t[i] = n
		}
	}
	return v, nil
}

func printDocument(jp *jsonpath.JSONPath, output string, doc interface{}, out io.Writer) error {
	if output == "json" {
		results, err := jp.FindResults(doc)
		if err != nil {
			return err
		}
		for _, set := range results {
			for _, r := range set {
				if err := printJSON(r, out); err != nil {
					return err
				}
			}
		}
		return nil
	}
	var buf bytes.Buffer
	if err := jp.Execute(&buf, doc); err != nil {
		return err
	}
	if buf.Len() > 0 && !bytes.HasSuffix(buf.Bytes(), []byte("\n")) {
		buf.WriteByte('\n')
	}
	_, err := out.Write(buf.Bytes())
	return err
}

func printJSON(v reflect.Value, out io.Writer) error {
	var x interface{}
	if v.IsValid() && v.CanInterface() {
		x = v.Interface()
	}
	b, err := json.Marshal(x)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(out, "%s\n", b)
	return err
}
