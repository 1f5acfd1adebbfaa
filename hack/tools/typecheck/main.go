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

// Command typecheck type-checks Go packages and every package they import,
// from source, for the GOOS and GOARCH in its environment, and prints the
// errors the compiler would report for that target:
//
//	GOOS=linux GOARCH=386 GOFLAGS=-mod=vendor typecheck -dir . -tests ./pkg/...
//
// It answers "does this build for linux/386?" for the errors a target can
// cause (a constant or conversion that overflows a 32-bit int, a file or
// build tag missing for that architecture) in seconds: "go vet" or
// "go build" for the target compiles every dependency first, minutes on a
// cold cache. It does not check assembly or link anything. It exits 1 when a
// package has errors and 2 when the packages cannot be listed.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
)

func main() {
	dir := flag.String("dir", ".", "the directory of the module whose packages are checked")
	tests := flag.Bool("tests", false, "also type-check the packages' tests")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "typecheck: no package patterns given (e.g. ./pkg/...)")
		os.Exit(2)
	}
	result, err := Check(*dir, flag.Args(), *tests, os.Environ())
	if err != nil {
		fmt.Fprintf(os.Stderr, "typecheck: %v\n", err)
		os.Exit(2)
	}
	for _, problem := range result.Errors {
		fmt.Println(problem)
	}
	target := goEnv("GOOS", runtime.GOOS) + "/" + goEnv("GOARCH", runtime.GOARCH)
	if len(result.Errors) > 0 {
		fmt.Fprintf(os.Stderr, "typecheck: %d errors in %d packages for %s\n", len(result.Errors), result.Packages, target)
		os.Exit(1)
	}
	fmt.Printf("typecheck: %d packages type-check for %s\n", result.Packages, target)
}

// goEnv is the value the go command uses for a target variable: the
// environment's, else the running toolchain's own.
func goEnv(name, fallback string) string {
	if value := os.Getenv(name); value != "" {
		return value
	}
	return fallback
}
