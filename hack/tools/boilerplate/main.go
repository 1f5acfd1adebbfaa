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

// Command boilerplate checks that every source file kubecarry owns starts
// with the license header of hack/boilerplate/boilerplate.<kind>.txt, where
// YEAR stands for the year the file was written:
//
//	boilerplate -root . -boilerplate-dir hack/boilerplate [path...]
//
// With paths (relative to -root, as git ls-files prints them) it checks
// those; without, it walks -root. Either way it skips vendor/, patches/,
// _output/, third_party/ and testdata/ directories, and files that carry no
// header (Markdown, YAML, go.mod, ...). It prints one line per file that
// lacks the header, naming the first line that differs, and exits 1.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

func main() {
	root := flag.String("root", ".", "the repository root; paths are relative to it")
	dir := flag.String("boilerplate-dir", "hack/boilerplate", "the directory of the boilerplate.<kind>.txt header templates, relative to -root unless absolute")
	flag.Parse()
	os.Exit(run(*root, *dir, flag.Args(), time.Now().Year()))
}

func run(root, dir string, rels []string, maxYear int) int {
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(root, dir)
	}
	templates, err := LoadTemplates(dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "boilerplate: %v\n", err)
		return 2
	}
	if len(rels) == 0 {
		if rels, err = Walk(root); err != nil {
			fmt.Fprintf(os.Stderr, "boilerplate: listing %s: %v\n", root, err)
			return 2
		}
	}
	checked, problems, err := CheckFiles(root, rels, templates, maxYear)
	if err != nil {
		fmt.Fprintf(os.Stderr, "boilerplate: %v\n", err)
		return 2
	}
	for _, p := range problems {
		fmt.Println(p)
	}
	if len(problems) > 0 {
		fmt.Fprintf(os.Stderr, "boilerplate: %d of %d files lack the license header of %s\n", len(problems), checked, dir)
		return 1
	}
	fmt.Fprintf(os.Stderr, "boilerplate: all %d files carry the license header\n", checked)
	return 0
}
