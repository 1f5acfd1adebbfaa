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

// benchreport reads the results of hack/bench-peerproxy.sh's load runs
// (httpload -json, one JSON object per run, labelled binary=..., op=GET or
// LIST and target=direct, proxied or floor) on stdin and prints the
// benchmark's tables: per binary, op and connection count the medians of
// the runs, the lowest and highest ratio of single runs, the ratios and the
// latency the hop adds ("latency"); the CPU each process on the path spent
// per request and the machine's steal time ("cpu"); and the same load
// through the bare hop of test/bench/hopfloor ("floor").
//
// Usage: benchreport [-table all|latency|cpu|floor] <runs.json
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kubecarry/kubecarry/test/bench/result"
)

func main() {
	table := flag.String("table", "all", "the table to print: "+strings.Join(append([]string{"all"}, tableOrder...), ", ")+" (all: each, a blank line between)")
	flag.Parse()
	if flag.NArg() != 0 {
		fmt.Fprintf(os.Stderr, "benchreport: unexpected argument %q; the runs come on stdin\n", flag.Arg(0))
		os.Exit(2)
	}
	if err := run(*table, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "benchreport: %v\n", err)
		os.Exit(1)
	}
}

func run(table string, in io.Reader, out io.Writer) error {
	names := tableOrder
	if table != "all" {
		if tables[table] == nil {
			return fmt.Errorf("unknown -table %q, want all, %s", table, strings.Join(tableOrder, ", "))
		}
		names = []string{table}
	}
	runs, err := readRuns(in)
	if err != nil {
		return err
	}
	rep, err := collect(runs)
	if err != nil {
		return err
	}
	// A table is printed only once it is complete.
	var b strings.Builder
	for i, name := range names {
		if i > 0 {
			b.WriteString("\n")
		}
		if err := tables[name](&b, rep); err != nil {
			return fmt.Errorf("%s table: %w", name, err)
		}
	}
	_, err = io.WriteString(out, b.String())
	return err
}

// readRuns decodes a stream of result.Run objects.
func readRuns(in io.Reader) ([]result.Run, error) {
	dec := json.NewDecoder(in)
	dec.DisallowUnknownFields()
	var runs []result.Run
	for {
		var r result.Run
		err := dec.Decode(&r)
		if errors.Is(err, io.EOF) {
			return runs, nil
		}
		if err != nil {
			return nil, fmt.Errorf("run %d is not an httpload -json result: %w", len(runs)+1, err)
		}
		runs = append(runs, r)
	}
}
