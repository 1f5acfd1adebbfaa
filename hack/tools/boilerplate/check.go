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
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Kind is the comment style of a file, which selects its header template.
type Kind string

const (
	// KindNone marks a file that carries no header (documentation, data,
	// go.mod, patches).
	KindNone Kind = ""
	// KindGo is a Go source file: a /* */ block after any build constraints.
	KindGo Kind = "go"
	// KindHash is a file with # comments (shell scripts, Makefiles,
	// Dockerfiles): # lines after any #! line.
	KindHash Kind = "sh"
)

// TemplateFile is the name of the header template of a kind in the
// boilerplate directory.
func TemplateFile(k Kind) string {
	return "boilerplate." + string(k) + ".txt"
}

// yearPlaceholder stands for the copyright year in a template.
const yearPlaceholder = "YEAR"

// excludedDirs are never checked: vendor/ and patches/ hold upstream's code
// and diffs against it, _output/ and third_party/ are build output, and
// testdata/ holds fixtures that must stay byte for byte as they are.
var excludedDirs = map[string]bool{
	".git":        true,
	"vendor":      true,
	"patches":     true,
	"_output":     true,
	"third_party": true,
	"testdata":    true,
}

// Excluded reports whether a slash-separated path relative to the repository
// root lies in a directory that is never checked. vendor/, patches/, _output/
// and third_party/ count only at the root; testdata/ counts anywhere.
func Excluded(rel string) bool {
	parts := strings.Split(path.Clean(rel), "/")
	if excludedDirs[parts[0]] {
		return true
	}
	// Every directory below the root, not the file name itself.
	for i := 1; i < len(parts)-1; i++ {
		if parts[i] == "testdata" || parts[i] == "vendor" {
			return true
		}
	}
	return false
}

var shellShebang = regexp.MustCompile(`^#!\s*(/usr)?/bin/(env\s+)?(ba)?sh(\s|$)`)

// KindOf tells which header a file must carry from its name and, for files
// without a telling name, its first line (a sh or bash #! line).
func KindOf(name string, firstLine []byte) Kind {
	base := path.Base(filepath.ToSlash(name))
	switch {
	case strings.HasSuffix(base, ".go"):
		return KindGo
	case strings.HasSuffix(base, ".sh"),
		base == "Makefile", strings.HasSuffix(base, ".mk"),
		base == "Dockerfile", strings.HasPrefix(base, "Dockerfile."), strings.HasSuffix(base, ".Dockerfile"):
		return KindHash
	case !strings.Contains(base, ".") && shellShebang.Match(firstLine):
		return KindHash
	}
	return KindNone
}

// Template is a header template: its lines, with the year as a pattern.
type Template struct {
	// Name is the template's file name, used in messages.
	Name  string
	lines []string
}

// ParseTemplate reads a template: the header's exact lines, with YEAR where
// the copyright year goes.
func ParseTemplate(name string, data []byte) (*Template, error) {
	text := strings.TrimRight(string(data), "\n")
	if text == "" {
		return nil, fmt.Errorf("template %s is empty", name)
	}
	lines := strings.Split(text, "\n")
	found := false
	for _, l := range lines {
		if strings.Contains(l, yearPlaceholder) {
			found = true
		}
	}
	if !found {
		return nil, fmt.Errorf("template %s has no %s placeholder for the copyright year", name, yearPlaceholder)
	}
	return &Template{Name: name, lines: lines}, nil
}

// LoadTemplates reads the template of every kind from dir.
func LoadTemplates(dir string) (map[Kind]*Template, error) {
	out := map[Kind]*Template{}
	for _, k := range []Kind{KindGo, KindHash} {
		name := TemplateFile(k)
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("reading the %s header template: %w", k, err)
		}
		t, err := ParseTemplate(name, data)
		if err != nil {
			return nil, err
		}
		out[k] = t
	}
	return out, nil
}

var yearRE = regexp.MustCompile(`^[0-9]{4}$`)

// matchLine compares one line of a file with one line of a template, where
// YEAR in the template stands for a four-digit year no later than maxYear.
func matchLine(got, want string, maxYear int) error {
	i := strings.Index(want, yearPlaceholder)
	if i < 0 {
		if got != want {
			return fmt.Errorf("got %q, want %q", got, want)
		}
		return nil
	}
	prefix, suffix := want[:i], want[i+len(yearPlaceholder):]
	if !strings.HasPrefix(got, prefix) || !strings.HasSuffix(got, suffix) || len(got) < len(prefix)+len(suffix) {
		return fmt.Errorf("got %q, want %q", got, want)
	}
	year := got[len(prefix) : len(got)-len(suffix)]
	if !yearRE.MatchString(year) {
		return fmt.Errorf("got %q, want %q with a four-digit year", got, want)
	}
	if y, _ := strconv.Atoi(year); y > maxYear {
		return fmt.Errorf("the copyright year %s is in the future (it is %d)", year, maxYear)
	}
	return nil
}

// Check reports why content (a file of kind k) does not start with the
// header t, or nil when it does. The header may follow, for Go, build
// constraint lines and, for # files, a #! line, each followed by blank lines.
// maxYear is the latest copyright year accepted.
func Check(k Kind, t *Template, content []byte, maxYear int) error {
	lines := strings.Split(strings.ReplaceAll(string(content), "\r\n", "\n"), "\n")
	i := 0
	switch k {
	case KindGo:
		for i < len(lines) && (strings.HasPrefix(lines[i], "//go:build ") || strings.HasPrefix(lines[i], "// +build ")) {
			i++
		}
	case KindHash:
		if i < len(lines) && strings.HasPrefix(lines[i], "#!") {
			i++
		}
	}
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" && i > 0 {
		i++
	}
	start := i
	for j, want := range t.lines {
		if start+j >= len(lines) || (start+j == len(lines)-1 && lines[start+j] == "") {
			return fmt.Errorf("line %d: the file ends inside the license header of %s", start+j+1, t.Name)
		}
		if err := matchLine(lines[start+j], want, maxYear); err != nil {
			if j == 0 {
				return fmt.Errorf("line %d: no license header (want the one of %s): %w", start+j+1, t.Name, err)
			}
			return fmt.Errorf("line %d: the license header differs from %s: %w", start+j+1, t.Name, err)
		}
	}
	return nil
}

// Problem is a file without the right header.
type Problem struct {
	// Path is the file's path relative to the repository root.
	Path string
	Err  error
}

func (p Problem) String() string {
	return p.Path + ": " + p.Err.Error()
}

// CheckFiles checks every file of rels (slash-separated paths relative to
// root) that is not excluded and has a kind, and returns the number of files
// checked and the problems found, in the order of rels.
func CheckFiles(root string, rels []string, templates map[Kind]*Template, maxYear int) (int, []Problem, error) {
	checked := 0
	var problems []Problem
	for _, rel := range rels {
		if Excluded(rel) {
			continue
		}
		content, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			if os.IsNotExist(err) {
				// git lists files deleted from the work tree but not from the index.
				continue
			}
			return checked, problems, err
		}
		first, _, _ := bytes.Cut(content, []byte("\n"))
		k := KindOf(rel, first)
		if k == KindNone {
			continue
		}
		t, ok := templates[k]
		if !ok {
			return checked, problems, fmt.Errorf("%s: no header template for %s files", rel, k)
		}
		checked++
		if err := Check(k, t, content, maxYear); err != nil {
			problems = append(problems, Problem{Path: rel, Err: err})
		}
	}
	return checked, problems, nil
}

// Walk lists the files under root, as slash-separated relative paths,
// skipping the directories Excluded names.
func Walk(root string) ([]string, error) {
	var rels []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return nil
		}
		if d.IsDir() {
			if Excluded(rel + "/x") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			rels = append(rels, rel)
		}
		return nil
	})
	return rels, err
}
