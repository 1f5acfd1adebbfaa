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

package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/kubecarry/kubecarry/test/drill/checker"
	"github.com/kubecarry/kubecarry/test/drill/history"
)

// Run is one drill run of a comparison, under the name its column gets.
type Run struct {
	Name    string
	History *history.History
	Result  checker.Result
}

// Compare writes runs of the same scenario side by side, for the docs:
// per step what the clients got (calls, failed, 404 for existing objects,
// dependents lost), then per run the watch events missed, the namespace
// deletion and the verdict. Steps are matched by name; a step one run did
// not reach shows "-".
func Compare(w io.Writer, runs []Run) {
	header := []string{"step"}
	for _, r := range runs {
		header = append(header, r.Name+": calls", "failed", "404 existing", "dependents lost")
	}
	var steps []string
	seen := map[string]bool{}
	perRun := make([]map[string][]string, len(runs))
	for i, r := range runs {
		perRun[i] = map[string][]string{}
		deps := checker.Dependents(r.History)
		for j, s := range checker.PhaseTotals(r.History) {
			name := r.History.Phases[j].Name
			if !seen[name] {
				seen[name] = true
				steps = append(steps, name)
			}
			perRun[i][name] = []string{fmt.Sprint(s.Calls), fmt.Sprint(s.Failures()), fmt.Sprint(s.NotFoundExisting), fmt.Sprint(deps[name].Lost)}
		}
	}
	rows := make([][]string, 0, len(steps))
	for _, step := range steps {
		row := []string{step}
		for i := range runs {
			cells, ok := perRun[i][step]
			if !ok {
				cells = []string{"-", "-", "-", "-"}
			}
			row = append(row, cells...)
		}
		rows = append(rows, row)
	}
	Table(w, header, rows)
	fmt.Fprintln(w)

	summary := [][]string{{"watch events missed"}, {"namespace deletion"}, {"checks"}}
	names := []string{""}
	for _, r := range runs {
		names = append(names, r.Name)
		summary[0] = append(summary[0], missedEvents(r.History))
		summary[1] = append(summary[1], namespaceOutcome(r.History.Namespace))
		summary[2] = append(summary[2], verdict(r.Result))
	}
	table(w, names, summary, len(names))
}

// missedEvents counts the objects the watchers' final view lacks or holds
// at an older version, over every watcher.
func missedEvents(h *history.History) string {
	missed, broken := 0, 0
	for _, wt := range h.Watches {
		missed += len(wt.Missed)
		if wt.Error != "" {
			broken++
		}
	}
	if broken > 0 {
		return fmt.Sprintf("%d (%d watchers not compared)", missed, broken)
	}
	return fmt.Sprint(missed)
}

func namespaceOutcome(ns *history.NamespaceDeletion) string {
	switch {
	case ns == nil:
		return "not deleted"
	case ns.Error != "":
		return "failed: " + ns.Error
	case !ns.Finished:
		return fmt.Sprintf("not gone, %d objects left", len(ns.Leftover))
	case len(ns.Leftover) > 0:
		return fmt.Sprintf("gone after %s, %d objects left in etcd", checker.Seconds(ns.Duration), len(ns.Leftover))
	}
	return fmt.Sprintf("gone after %s, nothing left", checker.Seconds(ns.Duration))
}

func verdict(res checker.Result) string {
	failed := res.Failed()
	if len(failed) == 0 {
		return "PASS"
	}
	var names []string
	for _, v := range failed {
		names = append(names, v.Check)
	}
	return "FAIL: " + strings.Join(names, "; ")
}
