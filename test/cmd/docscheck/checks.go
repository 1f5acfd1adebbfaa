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
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode"
)

// checkLinks checks that every relative link of d resolves, anchor included.
func checkLinks(root string, d *doc, anchors *anchorCache) []string {
	var problems []string
	for _, l := range d.links {
		if hasPrefixAny(l.target, "http://", "https://", "mailto:") {
			continue
		}
		file, anchor, _ := strings.Cut(l.target, "#")
		target := d.path
		if file != "" {
			target = path.Clean(path.Join(path.Dir(d.path), file))
		}
		if strings.HasPrefix(target, "../") {
			problems = append(problems, problemAt(l.at, "link %s leaves the repository", l.target))
			continue
		}
		info, err := os.Stat(filepath.Join(root, target))
		if err != nil {
			problems = append(problems, problemAt(l.at, "link %s: %s does not exist", l.target, target))
			continue
		}
		if anchor == "" {
			continue
		}
		if info.IsDir() || !strings.HasSuffix(target, ".md") {
			problems = append(problems, problemAt(l.at, "link %s: an anchor needs a Markdown file, %s is not one", l.target, target))
			continue
		}
		known, err := anchors.of(target)
		if err != nil {
			problems = append(problems, problemAt(l.at, "link %s: %v", l.target, err))
			continue
		}
		if !known[anchor] {
			problems = append(problems, problemAt(l.at, "link %s: %s has no heading with anchor #%s", l.target, target, anchor))
		}
	}
	return problems
}

// anchorCache holds the heading anchors of the Markdown files read so far.
type anchorCache struct {
	root  string
	files map[string]map[string]bool
}

func newAnchorCache(root string) *anchorCache {
	return &anchorCache{root: root, files: map[string]map[string]bool{}}
}

func (c *anchorCache) of(file string) (map[string]bool, error) {
	if known, ok := c.files[file]; ok {
		return known, nil
	}
	data, err := os.ReadFile(filepath.Join(c.root, file))
	if err != nil {
		return nil, err
	}
	known := headingAnchors(string(data))
	c.files[file] = known
	return known, nil
}

// headingAnchors returns the anchors GitHub gives the headings of a
// Markdown text: lower case, punctuation dropped, blanks as hyphens, and a
// repeated anchor numbered -1, -2, ...
func headingAnchors(text string) map[string]bool {
	known := map[string]bool{}
	seen := map[string]int{}
	for _, ml := range markdownLines(text) {
		line := ml.text
		if ml.fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		if title == "" || len(line)-len(strings.TrimLeft(line, "#")) > 6 {
			continue
		}
		anchor := slug(title)
		if n := seen[anchor]; n > 0 {
			known[fmt.Sprintf("%s-%d", anchor, n)] = true
		} else {
			known[anchor] = true
		}
		seen[anchor]++
	}
	return known
}

func slug(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteRune('-')
		}
	}
	return b.String()
}

// checkMakeTargets checks that every make target shown is the Makefile's.
func checkMakeTargets(d *doc, targets map[string]bool) []string {
	var problems []string
	for _, use := range d.makeUses {
		if !targets[use.target] {
			problems = append(problems, problemAt(use.at, "make %s: the Makefile has no target %q", use.target, use.target))
		}
	}
	return problems
}

var makeTargetPattern = regexp.MustCompile(`^([A-Za-z0-9_.-]+)\s*:([^=]|$)`)

func readMakeTargets(root string) (map[string]bool, error) {
	f, err := os.Open(filepath.Join(root, "Makefile"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	targets := map[string]bool{}
	scanner := bufio.NewScanner(f)
	for scanner.Scan() {
		if m := makeTargetPattern.FindStringSubmatch(scanner.Text()); m != nil && !strings.HasPrefix(m[1], ".") {
			targets[m[1]] = true
		}
	}
	return targets, scanner.Err()
}

// helpFunc returns what script (a path under root) prints for --help.
type helpFunc func(root, script string) (string, error)

// runHelp runs "script --help" in root. Every script the docs show with a
// flag parses its options before it does anything, so --help is safe.
func runHelp(root, script string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "./"+script, "--help")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("%s --help: %w", script, err)
	}
	return string(out), nil
}

// checkScripts checks that every script exists and is executable and that
// its --help names every flag the docs show for it.
func checkScripts(root string, uses map[string][]flagUse, help helpFunc) []string {
	var problems []string
	names := make([]string, 0, len(uses))
	for name := range uses {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, script := range names {
		info, err := os.Stat(filepath.Join(root, script))
		if err != nil || info.Mode()&0o111 == 0 {
			for _, use := range uses[script] {
				problems = append(problems, problemAt(use.at, "%s does not exist or is not executable", script))
			}
			continue
		}
		var flagged []flagUse
		for _, use := range uses[script] {
			if len(use.flags) > 0 {
				flagged = append(flagged, use)
			}
		}
		if len(flagged) == 0 {
			continue
		}
		text, err := help(root, script)
		if err != nil {
			problems = append(problems, problemAt(flagged[0].at, "%v (the docs show it with flags, so it must answer --help)", err))
			continue
		}
		for _, use := range flagged {
			for _, f := range use.flags {
				if !namesFlag(text, f) {
					problems = append(problems, problemAt(use.at, "%s %s: %s --help does not name %s", script, f, script, f))
				}
			}
		}
	}
	return problems
}

// namesFlag reports whether help text names flag as a whole word: not as
// the start of a longer flag (--check in --check-all) nor inside one.
func namesFlag(text, flag string) bool {
	return regexp.MustCompile(`(^|[^A-Za-z0-9-])` + regexp.QuoteMeta(flag) + `($|[^A-Za-z0-9-])`).MatchString(text)
}
