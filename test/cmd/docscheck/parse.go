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
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// doc is what docscheck reads from one Markdown file.
type doc struct {
	path     string // relative to the root
	links    []link
	scripts  []flagUse
	makeUses []makeUse
}

// link is a Markdown link's target, as written.
type link struct {
	at     location
	target string
}

// flagUse is a hack/ script named by a doc, with the flags shown after it on
// the same command.
type flagUse struct {
	at     location
	script string // "hack/x.sh"
	flags  []string
}

// makeUse is a make target shown in code.
type makeUse struct {
	at     location
	target string
}

var (
	linkPattern   = regexp.MustCompile(`\[[^\]]*\]\(([^)\s]+)\)`)
	scriptPattern = regexp.MustCompile(`hack/[A-Za-z0-9_.-]+\.sh`)
	flagPattern   = regexp.MustCompile(`^\[?(--[a-z0-9][a-z0-9-]*)`)
	// A make command starts a line of code (after an optional "$ " prompt)
	// or follows && or ;, so that prose in a code block ("make targets") is
	// not taken for one.
	makePattern = regexp.MustCompile(`(?:^\s*(?:\$\s+)?|&&\s*|;\s*)make((?:\s+[A-Za-z0-9_=./-]+)+)`)
	inlineCode  = regexp.MustCompile("`[^`]+`")
)

// commandEnd cuts a command line where the next command or a comment
// starts.
var commandEnd = regexp.MustCompile("[`|;&#)]")

func parseDoc(root, path string) (*doc, error) {
	data, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		return nil, err
	}
	d := &doc{path: path}
	for _, ml := range markdownLines(string(data)) {
		at, line := location{file: path, line: ml.number}, ml.text
		var code []string
		if ml.fenced {
			code = []string{line}
		} else {
			for _, m := range linkPattern.FindAllStringSubmatch(line, -1) {
				d.links = append(d.links, link{at: at, target: m[1]})
			}
			for _, span := range inlineCode.FindAllString(line, -1) {
				code = append(code, strings.Trim(span, "`"))
			}
		}
		d.scripts = append(d.scripts, scriptUses(at, line)...)
		for _, c := range code {
			d.makeUses = append(d.makeUses, makeUses(at, c)...)
		}
	}
	return d, nil
}

// scriptUses finds each hack/ script of line and the flags shown after it,
// up to the end of its command.
func scriptUses(at location, line string) []flagUse {
	var uses []flagUse
	for _, loc := range scriptPattern.FindAllStringIndex(line, -1) {
		use := flagUse{at: at, script: line[loc[0]:loc[1]]}
		rest := line[loc[1]:]
		if end := commandEnd.FindStringIndex(rest); end != nil {
			rest = rest[:end[0]]
		}
		for _, word := range strings.Fields(rest) {
			if m := flagPattern.FindStringSubmatch(word); m != nil {
				use.flags = append(use.flags, m[1])
			}
		}
		uses = append(uses, use)
	}
	return uses
}

// makeUses finds "make target..." in a piece of code; variable assignments
// and options are not targets.
func makeUses(at location, code string) []makeUse {
	var uses []makeUse
	for _, m := range makePattern.FindAllStringSubmatch(code, -1) {
		for _, word := range strings.Fields(m[1]) {
			if strings.Contains(word, "=") || strings.HasPrefix(word, "-") {
				continue
			}
			uses = append(uses, makeUse{at: at, target: word})
		}
	}
	return uses
}

// markdownLine is a line of a Markdown text outside the fence lines
// themselves, with its 1-based number and whether it is inside a fenced code
// block.
type markdownLine struct {
	number int
	text   string
	fenced bool
}

// markdownLines splits a Markdown text into lines, dropping the ``` fence
// lines and marking the lines between them, so that every reader of the docs
// agrees on what is code.
func markdownLines(text string) []markdownLine {
	var lines []markdownLine
	fenced := false
	for i, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		lines = append(lines, markdownLine{number: i + 1, text: line, fenced: fenced})
	}
	return lines
}
