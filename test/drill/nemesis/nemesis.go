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

// Package nemesis changes the cluster of a drill under its workload: it
// injects faults into real processes and real network paths, one named
// fault at a time, each with its undo, and replaces components, and records
// in the history when it did what. Run walks a plan of steps (phases); the
// faults are Freeze (SIGSTOP/SIGCONT) and Partition (nftables over net_cls
// cgroups), the one-shot actions Restart (kill or stop, then the same
// process again), Stop (graceful), Start (a component of a given release,
// through the scenario's start script) and Func (a call into the workload).
// Every fault a step injects is undone when the step ends, also when the
// drill is interrupted or an action fails.
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

// Action is a one-shot change: a fault that repairs itself (a restart) or
// a step of an upgrade (stop a component, start its new release).
type Action interface {
	Describe() string
	Do(ctx context.Context) error
}

// Reporter is an Action with an outcome to record once it is done: a
// component stopped or ready, and how long that took.
type Reporter interface {
	Outcome() history.Event
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
	Phase       string
	Description string
	// Before are done one after another as the phase begins (stop a
	// server, start its new release); the phase's Duration counts from
	// when they are done.
	Before []Action
	// Fault is held for Duration (or FaultFor, when set, and the phase
	// goes on without it); nil observes.
	Fault    Fault
	FaultFor time.Duration
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
	if d, ok := f.(*Deferred); ok {
		f = d.built
	}
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
	p := history.Phase{Name: s.Phase, Description: s.Description, Allow503: s.Allow503, RecoverWithin: s.RecoverWithin}
	if s.Fault != nil {
		p.Fault = s.Fault.Describe()
	}
	rec.BeginPhase(p)
	logf("phase %s (%s)%s", s.Phase, s.Duration, suffix(p.Fault))
	for _, a := range s.Before {
		if err := do(ctx, rec, a, logf); err != nil {
			rec.EndPhase()
			return err
		}
	}
	if s.Align != nil {
		s.Align(ctx)
	}
	start := time.Now()
	// undo ends the fault once, early (FaultFor) or when the step ends.
	undone := false
	undo := func() error {
		if undone {
			return nil
		}
		undone = true
		undoErr := s.Fault.Undo()
		rec.EndPhase()
		rec.Event(history.Event{Kind: history.EventUndo, What: "undo: " + s.Fault.Describe()})
		if undoErr != nil {
			return fmt.Errorf("undoing %q: %w", s.Fault.Describe(), undoErr)
		}
		return nil
	}
	if s.Fault != nil {
		defer func() { err = errors.Join(err, undo()) }()
		injectErr := s.Fault.Inject()
		rec.Event(history.Event{Kind: history.EventFault, What: s.Fault.Describe(), Freeze: freezes(s.Fault) && injectErr == nil})
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
		timers = append(timers, timer{a.After, func() error { return do(ctx, rec, a.Action, logf) }})
	}
	if s.Fault != nil && s.FaultFor > 0 {
		timers = append(timers, timer{s.FaultFor, undo})
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

// do runs one action and records it, its outcome or its failure.
func do(ctx context.Context, rec *history.Recorder, a Action, logf func(string, ...any)) error {
	rec.Event(history.Event{Kind: history.EventAction, What: a.Describe()})
	logf("  %s", a.Describe())
	if err := a.Do(ctx); err != nil {
		rec.Event(history.Event{Kind: history.EventFailed, What: fmt.Sprintf("failed: %s: %v", a.Describe(), err)})
		return fmt.Errorf("%s: %w", a.Describe(), err)
	}
	if r, ok := a.(Reporter); ok {
		rec.Event(r.Outcome())
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
