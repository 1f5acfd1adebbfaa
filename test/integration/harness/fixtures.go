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

// Package harness holds what kubecarry's integration tests need on top of
// the vendored upstream test framework.
package harness

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// testServerPackage is the vendored kube-apiserver test server. It keeps its
// serving-certificate fixtures in a testdata/ directory next to its sources,
// which "go mod vendor" does not copy, and it fails when that is missing.
const testServerPackage = "k8s.io/kubernetes/cmd/kube-apiserver/app/testing"

// PrepareTestServerFixtures gives the vendored test server a writable,
// per-process fixture directory without touching vendor/.
//
// The test server derives the fixture directory from its own source path and,
// when TEST_SRCDIR and TEST_WORKSPACE are set (Bazel's test environment),
// prefixes it with them. Pointing those two at a temporary directory moves the
// fixtures there; the directory for the source path seen with and without
// -trimpath is created. It returns a function that removes the directory.
func PrepareTestServerFixtures() (cleanup func(), err error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "kubecarry-testserver-fixtures-")
	if err != nil {
		return nil, fmt.Errorf("creating the test server fixture directory: %w", err)
	}
	const workspace = "kubecarry"
	candidates := []string{
		filepath.Join(root, "vendor", testServerPackage), // ordinary go test
		testServerPackage, // go test -trimpath
	}
	for _, pkgDir := range candidates {
		if err := os.MkdirAll(filepath.Join(tmp, workspace, pkgDir, "testdata"), 0o755); err != nil {
			_ = os.RemoveAll(tmp)
			return nil, fmt.Errorf("creating the test server fixture directory: %w", err)
		}
	}
	for key, value := range map[string]string{"TEST_SRCDIR": tmp, "TEST_WORKSPACE": workspace} {
		if err := os.Setenv(key, value); err != nil {
			_ = os.RemoveAll(tmp)
			return nil, err
		}
	}
	return func() { _ = os.RemoveAll(tmp) }, nil
}

// moduleRoot is the kubecarry checkout this package was compiled from.
func moduleRoot() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", fmt.Errorf("cannot locate the kubecarry sources")
	}
	// file is <root>/test/integration/harness/fixtures.go
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", "..", "..")), nil
}
