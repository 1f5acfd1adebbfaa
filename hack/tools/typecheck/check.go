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

	"golang.org/x/tools/go/packages"
)

// Result is what one type-check found.
type Result struct {
	// Packages is how many packages were type-checked, dependencies included.
	Packages int
	// Errors are the list, parse and type errors of every package, each
	// "position: message" as the compiler prints them, in dependency order,
	// each once (with tests a package is also checked as its test variant).
	Errors []string
}

// loadMode asks for syntax and types of every package, dependencies
// included: with NeedDeps and without NeedExportFile, go/packages
// type-checks the dependencies from source instead of asking the go command
// to compile them for their export data.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedImports |
	packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo

// Check type-checks the packages matching patterns in the module at dir,
// and their dependencies, with env as the go command's environment (GOOS,
// GOARCH, GOFLAGS and CGO_ENABLED choose the target and the files). The
// error is for packages that could not be listed at all.
func Check(dir string, patterns []string, tests bool, env []string) (Result, error) {
	cfg := &packages.Config{Mode: loadMode, Dir: dir, Tests: tests, Env: env}
	roots, err := packages.Load(cfg, patterns...)
	if err != nil {
		return Result{}, fmt.Errorf("listing %v in %s: %w", patterns, dir, err)
	}
	var result Result
	seen := map[string]bool{}
	packages.Visit(roots, nil, func(pkg *packages.Package) {
		result.Packages++
		for _, e := range pkg.Errors {
			if message := e.Error(); !seen[message] {
				seen[message] = true
				result.Errors = append(result.Errors, message)
			}
		}
	})
	return result, nil
}
