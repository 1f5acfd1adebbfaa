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

// Package nemesis injects the faults of a drill into real processes and
// real network paths, one named fault at a time, each with its undo, and
// records in the history when it did what. Run walks a plan of steps; the
// faults are Freeze (SIGSTOP/SIGCONT), Partition (nftables over net_cls
// cgroups) and the one-shot Restart.
package nemesis

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/history"
)

// Fault is a fault that holds until it is undone.
type Fault interface {
	// Describe says what Inject does, for the history.
	Describe() string
	Inject() error
	// Undo ends the fault. It must work after a failed or partial Inject
	// and when called twice.
	Undo() error
}

// Action is a one-shot fault: what it breaks it also repairs.
type Action interface {
	Describe() string
	Do(ctx context.Context) error
}

// Timed is an action at a time into a step.
type Timed struct {
	After  time.Duration
	Action Action
}

// Watch is a counter read when a step's fault is in place and again just
// before it is undone.
type Watch struct {
	Name string
	// MustNotGrow: the step is only valid if the counter stays put.
	MustNotGrow bool
	Read        func(ctx context.Context) (float64, error)
}

// Step is one phase of the plan.
type Step struct {
	Phase string
	// Fault is held for Duration; nil observes.
	Fault    Fault
	Duration time.Duration
	// Allow503 and RecoverWithin are the checker's expectations of the
	// phase (see history.Phase).
	Allow503      bool
	RecoverWithin time.Duration
	Actions       []Timed
	Watches       []Watch
	// WatchSettle is how long after Inject the watches are first read, so
	// requests already inside a server when the fault began are counted
	// before it.
	WatchSettle time.Duration
	// Align, if set, is called after the phase began and before Inject, to
	// time the fault (e.g. while a request is in flight).
	Align func(ctx context.Context)
}

// Freezes says whether a fault freezes processes (for the report's "in
// flight when a peer froze").
func freezes(f Fault) bool {
	_, ok := f.(*Freeze)
	return ok
}

// Run walks the steps in order, recording each as a phase. A step's fault
// is always undone, also when ctx is cancelled or an action fails; Run then
// stops and returns the error.
func Run(ctx context.Context, rec *history.Recorder, steps []Step, logf func(string, ...any)) error {
	for _, s := range steps {
		if err := runStep(ctx, rec, s, logf); err != nil {
			return fmt.Errorf("phase %s: %w", s.Phase, err)
		}
	}
	return nil
}

func runStep(ctx context.Context, rec *history.Recorder, s Step, logf func(string, ...any)) (err error) {
	p := history.Phase{Name: s.Phase, Allow503: s.Allow503, RecoverWithin: s.RecoverWithin}
	if s.Fault != nil {
		p.Fault = s.Fault.Describe()
	}
	rec.BeginPhase(p)
	logf("phase %s (%s)%s", s.Phase, s.Duration, suffix(p.Fault))
	if s.Align != nil {
		s.Align(ctx)
	}
	start := time.Now()
	if s.Fault != nil {
		defer func() {
			undoErr := s.Fault.Undo()
			rec.EndPhase()
			rec.Event("undo: "+s.Fault.Describe(), false)
			if undoErr != nil {
				err = errors.Join(err, fmt.Errorf("undoing %q: %w", s.Fault.Describe(), undoErr))
			}
		}()
		injectErr := s.Fault.Inject()
		rec.Event(s.Fault.Describe(), freezes(s.Fault) && injectErr == nil)
		if injectErr != nil {
			return fmt.Errorf("injecting %q: %w", s.Fault.Describe(), injectErr)
		}
	} else {
		defer rec.EndPhase()
	}

	// Timers: the actions and the watches' first reading, in time order.
	type timer struct {
		at time.Duration
		do func() error
	}
	var counters []history.Counter
	var timers []timer
	if len(s.Watches) > 0 {
		timers = append(timers, timer{s.WatchSettle, func() error {
			for _, w := range s.Watches {
				c := history.Counter{Name: w.Name, MustNotGrow: w.MustNotGrow}
				v, err := w.Read(ctx)
				c.Start = v
				if err != nil {
					c.Error = err.Error()
				}
				counters = append(counters, c)
			}
			return nil
		}})
	}
	for _, a := range s.Actions {
		timers = append(timers, timer{a.After, func() error {
			rec.Event(a.Action.Describe(), false)
			logf("  %s", a.Action.Describe())
			if err := a.Action.Do(ctx); err != nil {
				rec.Event(fmt.Sprintf("failed: %s: %v", a.Action.Describe(), err), false)
				return fmt.Errorf("%s: %w", a.Action.Describe(), err)
			}
			return nil
		}})
	}
	sort.SliceStable(timers, func(i, j int) bool { return timers[i].at < timers[j].at })
	for _, t := range timers {
		if err := sleepUntil(ctx, start.Add(t.at)); err != nil {
			return err
		}
		if err := t.do(); err != nil {
			return err
		}
	}
	if err := sleepUntil(ctx, start.Add(s.Duration)); err != nil {
		return err
	}
	for i, w := range s.Watches {
		if i >= len(counters) {
			break
		}
		v, err := w.Read(ctx)
		counters[i].End = v
		if err != nil && counters[i].Error == "" {
			counters[i].Error = err.Error()
		}
	}
	if len(counters) > 0 {
		rec.SetCounters(counters)
	}
	return nil
}

func suffix(fault string) string {
	if fault == "" {
		return ""
	}
	return ": " + fault
}

func sleepUntil(ctx context.Context, t time.Time) error {
	d := time.Until(t)
	if d <= 0 {
		return ctx.Err()
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}
