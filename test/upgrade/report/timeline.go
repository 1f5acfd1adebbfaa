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

// Package report turns the upgrade drill's history and the script's
// timeline into a table per step and request class, the checks of what
// kubecarry guarantees, and a JSON document of both.
package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// Timeline is what hack/upgrade-drill.sh wrote while it ran, one
// tab-separated line per entry: <unix time> <kind> <name> <detail>, kind
// being "step" (a step begins; detail describes it), "ready" (a component
// became ready; detail is how many seconds it took), "event" (a fault or
// another action) or "end" (the drill's last step ended).
type Timeline struct {
	Steps  []Step  `json:"steps"`
	Ready  []Ready `json:"ready"`
	Events []Event `json:"events"`
}

// Step is one step of the drill.
type Step struct {
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Start       time.Time `json:"start"`
	End         time.Time `json:"end"`
}

// Ready is how long a component took to become ready.
type Ready struct {
	Component string        `json:"component"`
	Step      string        `json:"step"`
	Took      time.Duration `json:"took"`
}

// Event is something the drill did besides the steps.
type Event struct {
	Time time.Time `json:"time"`
	Step string    `json:"step"`
	What string    `json:"what"`
}

// ParseTimeline reads a timeline; every line must be well formed.
func ParseTimeline(r io.Reader) (*Timeline, error) {
	tl := &Timeline{}
	scanner := bufio.NewScanner(r)
	line := 0
	var end time.Time
	for scanner.Scan() {
		line++
		text := scanner.Text()
		if strings.TrimSpace(text) == "" {
			continue
		}
		fields := strings.Split(text, "\t")
		if len(fields) != 4 {
			return nil, fmt.Errorf("line %d: want 4 tab-separated fields (time, kind, name, detail), got %d: %q", line, len(fields), text)
		}
		seconds, err := strconv.ParseFloat(fields[0], 64)
		if err != nil {
			return nil, fmt.Errorf("line %d: time %q is not unix seconds: %w", line, fields[0], err)
		}
		t := time.Unix(0, int64(seconds*float64(time.Second)))
		current := ""
		if n := len(tl.Steps); n > 0 {
			current = tl.Steps[n-1].Name
		}
		switch kind, name, detail := fields[1], fields[2], fields[3]; kind {
		case "step":
			if n := len(tl.Steps); n > 0 {
				tl.Steps[n-1].End = t
			}
			tl.Steps = append(tl.Steps, Step{Name: name, Description: detail, Start: t})
		case "ready":
			took, err := strconv.ParseFloat(detail, 64)
			if err != nil {
				return nil, fmt.Errorf("line %d: ready time %q is not seconds: %w", line, detail, err)
			}
			tl.Ready = append(tl.Ready, Ready{Component: name, Step: current, Took: time.Duration(took * float64(time.Second))})
		case "event":
			tl.Events = append(tl.Events, Event{Time: t, Step: current, What: name + strings.TrimRight(" "+detail, " ")})
		case "end":
			end = t
		default:
			return nil, fmt.Errorf("line %d: unknown kind %q (want step, ready, event or end)", line, kind)
		}
	}
	if err := scanner.Err(); err != nil {
		return nil, err
	}
	if len(tl.Steps) == 0 {
		return nil, fmt.Errorf("no step in the timeline")
	}
	if end.IsZero() {
		return nil, fmt.Errorf("the timeline has no end: the drill did not finish")
	}
	tl.Steps[len(tl.Steps)-1].End = end
	return tl, nil
}

// StepAt names the step t falls in: the last one that began at or before
// t, or "" before the first.
func (tl *Timeline) StepAt(t time.Time) string {
	name := ""
	for _, s := range tl.Steps {
		if s.Start.After(t) {
			break
		}
		name = s.Name
	}
	return name
}
