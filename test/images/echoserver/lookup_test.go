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
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

type fakeResolver map[string][]string

func (f fakeResolver) LookupHost(_ context.Context, host string) ([]string, error) {
	if addrs, ok := f[host]; ok {
		return addrs, nil
	}
	return nil, errors.New("lookup " + host + ": no such host")
}

func TestLookupAllPrintsEveryResolvedName(t *testing.T) {
	var out bytes.Buffer
	r := fakeResolver{"kubernetes.default": {"10.0.0.1"}, "echo.default": {"10.0.0.7", "fd00::7"}}
	if err := lookupAll(context.Background(), r, []string{"kubernetes.default", " echo.default", ""}, &out); err != nil {
		t.Fatal(err)
	}
	want := "kubernetes.default 10.0.0.1\necho.default 10.0.0.7 fd00::7\n"
	if out.String() != want {
		t.Errorf("printed %q, want %q", out.String(), want)
	}
}

func TestLookupAllNamesEveryFailureAndStillPrintsTheRest(t *testing.T) {
	var out bytes.Buffer
	r := fakeResolver{"ok.default": {"10.0.0.2"}}
	err := lookupAll(context.Background(), r, []string{"missing-1", "ok.default", "missing-2"}, &out)
	if err == nil {
		t.Fatal("no error although two names do not resolve")
	}
	for _, name := range []string{"missing-1", "missing-2"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error %q does not name %s", err, name)
		}
	}
	if out.String() != "ok.default 10.0.0.2\n" {
		t.Errorf("printed %q, want the name that resolved", out.String())
	}
}
