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

package workload

import (
	"reflect"
	"testing"
)

func TestDiff(t *testing.T) {
	truth := map[string]string{"a": "5", "b": "7", "c": "9"}
	view := map[string]string{"a": "5", "b": "6", "d": "3"}
	missed, extra := diff(view, truth)
	wantMissed := []string{"b (at resourceVersion 6, not 7)", "c (never seen)"}
	if !reflect.DeepEqual(missed, wantMissed) {
		t.Errorf("missed = %q, want %q", missed, wantMissed)
	}
	if !reflect.DeepEqual(extra, []string{"d"}) {
		t.Errorf("extra = %q, want [d]", extra)
	}
	if m, e := diff(truth, truth); len(m)+len(e) != 0 {
		t.Errorf("diff of equal views = %q, %q", m, e)
	}
}
