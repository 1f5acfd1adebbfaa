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
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
)

var (
	headerRow   = regexp.MustCompile(`^\| Patch \| Drop-when says \|((?: v1\.\d+\.\d+ \|)+) Should kubecarry follow upstream\? \|$`)
	releaseCell = regexp.MustCompile(`^(applies-cleanly|applies-offsets|three-way|already-upstream|conflict) · (upstream has it|carry needed|undecided) (` + agrees + `|` + disagrees + `|\?)$`)
)

// checkTable checks the format of the generated block in doc: the markers,
// a header with at least one release, one row per patch of the series in
// its order, each release cell an outcome, a finding and a mark, and a note
// for every patch. It does not rerun anything.
func checkTable(doc string, patches []patchInfo) []string {
	start := strings.Index(doc, beginMarker)
	end := strings.Index(doc, endMarker)
	if start < 0 || end < start {
		return []string{"no forward-port table between its markers (run hack/forward-port-report.sh)"}
	}
	var problems []string
	var rows []string
	header := -1
	for _, line := range strings.Split(doc[start:end], "\n") {
		if strings.HasPrefix(line, "|") {
			rows = append(rows, line)
		}
	}
	for i, row := range rows {
		if headerRow.MatchString(row) {
			header = i
			break
		}
	}
	if header < 0 {
		return []string{"the table has no header row like | Patch | Drop-when says | v1.X.Y | ... | Should kubecarry follow upstream? |"}
	}
	releases := len(strings.Fields(strings.ReplaceAll(headerRow.FindStringSubmatch(rows[header])[1], "|", " ")))
	body := rows[header+2:]
	if len(body) != len(patches) {
		problems = append(problems, fmt.Sprintf("the table has %d patch rows, the series %d patches", len(body), len(patches)))
	}
	for i, row := range body {
		cells := splitRow(row)
		if len(cells) != releases+3 {
			problems = append(problems, fmt.Sprintf("row %d has %d cells, want %d: %s", i+1, len(cells), releases+3, row))
			continue
		}
		if i < len(patches) && !strings.HasPrefix(cells[0], "`"+patches[i].Number+"` ") {
			problems = append(problems, fmt.Sprintf("row %d is %q, the series has %s there", i+1, cells[0], patches[i].Number))
		}
		for _, c := range cells[2 : 2+releases] {
			if !releaseCell.MatchString(c) {
				problems = append(problems, fmt.Sprintf("row %d: %q is not \"<outcome> · <finding> <mark>\"", i+1, c))
			}
		}
		if cells[len(cells)-1] == "" {
			problems = append(problems, fmt.Sprintf("row %d has no note", i+1))
		}
	}
	return problems
}

// splitRow splits a Markdown table row at its unescaped pipes.
func splitRow(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimSuffix(strings.TrimPrefix(row, "|"), "|")
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(row); i++ {
		switch {
		case row[i] == '\\' && i+1 < len(row) && row[i+1] == '|':
			cur.WriteString(`\|`)
			i++
		case row[i] == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(row[i])
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("forwardport check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seriesFile := fs.String("series", "", "patches/series")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *seriesFile == "" || fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: forwardport check -series FILE DOC")
		return 2
	}
	patches, err := readSeries(*seriesFile)
	if err != nil {
		fmt.Fprintln(stderr, "forwardport check:", err)
		return 2
	}
	doc, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "forwardport check:", err)
		return 2
	}
	problems := checkTable(string(doc), patches)
	for _, p := range problems {
		fmt.Fprintf(stdout, "%s: %s\n", fs.Arg(0), p)
	}
	if len(problems) > 0 {
		return 1
	}
	return 0
}
