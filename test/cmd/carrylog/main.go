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

// carrylog writes the report of hack/rebase.sh from its carry log, a TSV
// of one row per patch ("<patch>\t<status>\t<detail>", the statuses of
// hack/lib/rebase.sh):
//
//	carrylog -from v1.35.8 -to v1.35.4 -log carry.tsv [-verify passed|failed|not-run] >report.md
//
// It exits 1 (after writing the report) when a row is not resolved, so the
// script's exit status can follow it.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	from := flag.String("from", "", "the upstream release the series was on")
	to := flag.String("to", "", "the upstream release it was carried to")
	logFile := flag.String("log", "", "the carry log (TSV)")
	verify := flag.String("verify", "not-run", "the result of make verify on the rebased tree: passed, failed or not-run")
	flag.Parse()
	if *from == "" || *to == "" || *logFile == "" {
		fmt.Fprintln(os.Stderr, "carrylog: -from, -to and -log are required")
		os.Exit(2)
	}
	rows, err := readLog(*logFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "carrylog:", err)
		os.Exit(2)
	}
	report := Report{From: *from, To: *to, Rows: rows, Verify: *verify}
	if err := report.Write(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "carrylog:", err)
		os.Exit(2)
	}
	if !report.Resolved() {
		os.Exit(1)
	}
}

// readLog parses the carry log file.
func readLog(name string) ([]Row, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := parseLog(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return rows, nil
}
