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
	"reflect"
	"testing"

	"github.com/kubecarry/kubecarry/test/drill/scenario"
)

func TestParseNodes(t *testing.T) {
	got, err := parseNodes("cp-1=10.210.0.11=kca-cp-1, cp-2=10.210.0.12=kca-cp-2")
	if err != nil {
		t.Fatal(err)
	}
	want := []scenario.Node{{Name: "cp-1", IP: "10.210.0.11", Netns: "kca-cp-1"}, {Name: "cp-2", IP: "10.210.0.12", Netns: "kca-cp-2"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v", got)
	}
	for _, bad := range []string{"cp-1=10.210.0.11", "cp-1==kca-cp-1", "=10.210.0.11=kca-cp-1"} {
		if _, err := parseNodes(bad); err == nil {
			t.Errorf("parseNodes(%q) should fail", bad)
		}
	}
	if got, err := parseNodes(""); err != nil || got != nil {
		t.Errorf("no workers: %v %v", got, err)
	}
}
