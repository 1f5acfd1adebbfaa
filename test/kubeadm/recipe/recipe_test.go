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

package recipe

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestExtract(t *testing.T) {
	doc := "# Deploy\n\ntext\n\n<!-- recipe: cluster -->\n```yaml\nkind: ClusterConfiguration\n  indented: kept   # and comments\n\n```\n\n```sh\nnot a recipe\n```\n"
	got, err := Extract([]byte(doc), "cluster")
	if err != nil {
		t.Fatal(err)
	}
	if want := "kind: ClusterConfiguration\n  indented: kept   # and comments\n\n"; string(got) != want {
		t.Errorf("recipe = %q, want %q", got, want)
	}
}

func TestExtractErrors(t *testing.T) {
	for name, tc := range map[string]struct{ doc, want string }{
		"missing":         {doc: "# nothing\n", want: "no recipe"},
		"no fence":        {doc: "<!-- recipe: cluster -->\nkind: X\n", want: "line 1: the recipe marker"},
		"unterminated":    {doc: "<!-- recipe: cluster -->\n```yaml\nkind: X\n", want: "no closing fence"},
		"twice":           {doc: "<!-- recipe: cluster -->\n```\na\n```\n<!-- recipe: cluster -->\n```\nb\n```\n", want: "2 times"},
		"other name only": {doc: "<!-- recipe: other -->\n```\na\n```\n", want: "no recipe \"cluster\""},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Extract([]byte(tc.doc), "cluster")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// The recipe the kubeadm tests use is in docs/deploy.md, and is a kubeadm
// v1beta4 ClusterConfiguration that turns the peer proxy on.
func TestDeployDocsHaveTheKubeadmRecipe(t *testing.T) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot find the test's source")
	}
	deploy := filepath.Join(filepath.Dir(file), "..", "..", "..", "docs", "deploy.md")
	got, err := FromFile(deploy, "kubeadm-cluster-configuration")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"apiVersion: kubeadm.k8s.io/v1beta4", "kind: ClusterConfiguration", "name: peer-ca-file"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("the recipe lacks %q:\n%s", want, got)
		}
	}
}
