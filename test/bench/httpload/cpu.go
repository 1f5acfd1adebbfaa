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
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/kubecarry/kubecarry/test/bench/result"
)

// userHZ is the unit of utime and stime in /proc/<pid>/stat: the kernel
// reports them in USER_HZ, which is part of its ABI and 100 on Linux.
const userHZ = 100

// watchedProcess is a process whose CPU time is measured over the measured
// window, so that a benchmark can report CPU per request of each server on
// a request's path, not only latency.
type watchedProcess struct {
	name string
	pid  int
}

// parseWatchedProcesses reads the -cpu flag: name=pid pairs separated by
// commas, e.g. "source=1234,destination=5678".
func parseWatchedProcesses(flagValue string) ([]watchedProcess, error) {
	if flagValue == "" {
		return nil, nil
	}
	var watched []watchedProcess
	seen := map[string]bool{}
	for _, pair := range strings.Split(flagValue, ",") {
		name, pidText, ok := strings.Cut(pair, "=")
		pid, err := strconv.Atoi(pidText)
		if !ok || name == "" || err != nil || pid <= 0 {
			return nil, fmt.Errorf("-cpu: %q is not name=pid", pair)
		}
		if seen[name] {
			return nil, fmt.Errorf("-cpu: name %q given twice", name)
		}
		seen[name] = true
		watched = append(watched, watchedProcess{name: name, pid: pid})
	}
	return watched, nil
}

// cpuSeconds reads the user plus system CPU time of every thread of the
// process, exited threads included.
func (p watchedProcess) cpuSeconds() (float64, error) {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.pid))
	if err != nil {
		return 0, fmt.Errorf("-cpu %s=%d: %w", p.name, p.pid, err)
	}
	ticks, err := parseStatCPUTicks(string(stat))
	if err != nil {
		return 0, fmt.Errorf("-cpu %s=%d: %w", p.name, p.pid, err)
	}
	return float64(ticks) / userHZ, nil
}

// parseStatCPUTicks returns utime+stime (fields 14 and 15 of proc(5)) of a
// /proc/<pid>/stat line. The command name (field 2) is in parentheses and
// may hold spaces and parentheses itself, so fields are counted from the
// last ')'.
func parseStatCPUTicks(stat string) (int64, error) {
	end := strings.LastIndexByte(stat, ')')
	if end < 0 {
		return 0, fmt.Errorf("unexpected /proc stat format %q", stat)
	}
	// After the command come field 3 (state) onwards: utime is the 12th.
	fields := strings.Fields(stat[end+1:])
	if len(fields) < 13 {
		return 0, fmt.Errorf("unexpected /proc stat format %q", stat)
	}
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("unexpected utime/stime in /proc stat %q", stat)
	}
	return utime + stime, nil
}

// cpuSnapshot is the CPU time of every watched process, and of the whole
// machine, at one moment.
type cpuSnapshot struct {
	seconds []float64
	machine machineTicks
}

// takeCPUSnapshot reads nothing when no process is watched.
func takeCPUSnapshot(watched []watchedProcess) (cpuSnapshot, error) {
	if len(watched) == 0 {
		return cpuSnapshot{}, nil
	}
	snapshot := cpuSnapshot{seconds: make([]float64, len(watched))}
	for i, p := range watched {
		seconds, err := p.cpuSeconds()
		if err != nil {
			return cpuSnapshot{}, err
		}
		snapshot.seconds[i] = seconds
	}
	machine, err := readMachineTicks()
	if err != nil {
		return cpuSnapshot{}, err
	}
	snapshot.machine = machine
	return snapshot, nil
}

// addCPUPerRequest sets, for each watched process, the CPU it spent between
// the snapshots divided by the requests, and the share of the machine's CPU
// time stolen meanwhile.
func addCPUPerRequest(r *result.Run, watched []watchedProcess, before, after cpuSnapshot) {
	if len(watched) == 0 {
		return
	}
	r.CPUMicrosecondsPerRequest = make(map[string]float64, len(watched))
	for i, p := range watched {
		r.CPUMicrosecondsPerRequest[p.name] = (after.seconds[i] - before.seconds[i]) * 1e6 / float64(r.Requests)
	}
	steal := stealPercent(before.machine, after.machine)
	r.StealPercent = &steal
}

// formatCPUPerRequest prints cpu_us_per_request.<name>=<µs> for each watched
// process, in the order of -cpu, and steal_pct.
func formatCPUPerRequest(watched []watchedProcess, r result.Run) string {
	if len(watched) == 0 || r.StealPercent == nil {
		return ""
	}
	var b strings.Builder
	for _, p := range watched {
		fmt.Fprintf(&b, " cpu_us_per_request.%s=%.0f", p.name, r.CPUMicrosecondsPerRequest[p.name])
	}
	fmt.Fprintf(&b, " steal_pct=%.1f", *r.StealPercent)
	return b.String()
}
