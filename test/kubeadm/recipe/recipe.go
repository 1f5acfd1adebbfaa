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

// Package recipe reads the configurations the docs show users from the
// docs themselves, so the tests that build clusters with them use exactly
// what a user copies: a fenced code block right after a line
// "<!-- recipe: NAME -->" is the recipe NAME.
package recipe

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"
)

// Extract returns the content of the recipe name in markdown, byte for
// byte (the lines between the fences, each with its newline).
func Extract(markdown []byte, name string) ([]byte, error) {
	marker := "<!-- recipe: " + name + " -->"
	scanner := bufio.NewScanner(bytes.NewReader(markdown))
	scanner.Buffer(make([]byte, 64*1024), 4*1024*1024)
	var (
		found   []byte
		count   int
		state   = "text" // text -> fence (after the marker) -> body
		body    bytes.Buffer
		markAt  int
		lineNum int
	)
	for scanner.Scan() {
		lineNum++
		line := scanner.Text()
		switch state {
		case "text":
			if strings.TrimSpace(line) == marker {
				count++
				markAt = lineNum
				state = "fence"
			}
		case "fence":
			trimmed := strings.TrimSpace(line)
			if !strings.HasPrefix(trimmed, "```") {
				return nil, fmt.Errorf("line %d: the recipe marker %q is not followed by a fenced code block", markAt, marker)
			}
			body.Reset()
			state = "body"
		case "body":
			if strings.TrimSpace(line) == "```" {
				found = append([]byte(nil), body.Bytes()...)
				state = "text"
				continue
			}
			body.WriteString(line + "\n")
		}
	}
	if err := scanner.Err(); err != nil {
		return nil, err
	}
	switch {
	case state != "text":
		return nil, fmt.Errorf("line %d: the recipe %q has no closing fence", markAt, name)
	case count == 0:
		return nil, fmt.Errorf("no recipe %q (a line %q before a fenced code block)", name, marker)
	case count > 1:
		return nil, fmt.Errorf("the recipe %q is there %d times", name, count)
	}
	return found, nil
}

// FromFile is Extract on a file, naming the file in its errors.
func FromFile(path, name string) ([]byte, error) {
	markdown, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	content, err := Extract(markdown, name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return content, nil
}
