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

// docscheck keeps the Markdown docs true to the tree they describe, so
// that what a reader pastes works:
//
//   - every relative link resolves to a file or directory of the tree, and
//     its #anchor (if any) to a heading of the linked Markdown file;
//   - every hack/<script>.sh the docs name exists and is executable, and
//     every --flag the docs show after it on the same command is named by
//     "hack/<script>.sh --help";
//   - every "make <target>" the docs show in code is a target of the
//     Makefile.
//
// Usage:
//
//	docscheck -root DIR FILE.md...
//
// Each problem is printed as FILE:LINE: message; the exit status is 1 if
// there is any.
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
)

func main() {
	root := flag.String("root", ".", "the repository root: links, scripts and the Makefile are resolved against it")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: docscheck -root DIR FILE.md...")
		os.Exit(2)
	}
	problems, err := check(*root, flag.Args(), runHelp)
	if err != nil {
		fmt.Fprintln(os.Stderr, "docscheck:", err)
		os.Exit(2)
	}
	for _, p := range problems {
		fmt.Println(p)
	}
	if len(problems) > 0 {
		os.Exit(1)
	}
}

// check reads the docs (paths relative to root) and returns every problem,
// sorted. help returns what a script prints for --help.
func check(root string, docs []string, help helpFunc) ([]string, error) {
	makeTargets, err := readMakeTargets(root)
	if err != nil {
		return nil, err
	}
	anchors := newAnchorCache(root)
	scripts := map[string][]flagUse{}
	var problems []string
	for _, doc := range docs {
		parsed, err := parseDoc(root, doc)
		if err != nil {
			return nil, err
		}
		problems = append(problems, checkLinks(root, parsed, anchors)...)
		problems = append(problems, checkMakeTargets(parsed, makeTargets)...)
		for _, use := range parsed.scripts {
			scripts[use.script] = append(scripts[use.script], use)
		}
	}
	problems = append(problems, checkScripts(root, scripts, help)...)
	sort.Strings(problems)
	return problems, nil
}

// location is where something was found in a doc, as FILE:LINE.
type location struct {
	file string
	line int
}

func (l location) String() string { return fmt.Sprintf("%s:%d", l.file, l.line) }

func problemAt(at location, format string, args ...any) string {
	return at.String() + ": " + fmt.Sprintf(format, args...)
}

// hasPrefixAny reports whether s starts with one of the prefixes.
func hasPrefixAny(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
