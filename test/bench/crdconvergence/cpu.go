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
)

// clockTicksPerSecond is USER_HZ, the unit of the process times in
// /proc/<pid>/stat: 100 on every Linux architecture kubecarry builds for
// (sysconf(_SC_CLK_TCK) would need cgo to ask).
const clockTicksPerSecond = 100

// cpuSeconds is the CPU time, user and system, process pid has used.
func cpuSeconds(pid int) (float64, error) {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	return parseCPUSeconds(string(stat))
}

// parseCPUSeconds reads utime and stime (fields 14 and 15) of a
// /proc/<pid>/stat line. The command name (field 2) may hold spaces and
// parentheses, so the fields are counted from its closing parenthesis.
func parseCPUSeconds(stat string) (float64, error) {
	i := strings.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, fmt.Errorf("no command name in %q", stat)
	}
	// After the name: field 3 (state) onwards, so utime is the 12th.
	fields := strings.Fields(stat[i+1:])
	if len(fields) < 13 {
		return 0, fmt.Errorf("%d fields after the command name in %q, want at least 13", len(fields), stat)
	}
	var ticks float64
	for _, f := range fields[11:13] {
		n, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("CPU time %q in %q: %w", f, stat, err)
		}
		ticks += float64(n)
	}
	return ticks / clockTicksPerSecond, nil
}

// serverProcesses are the servers' processes by server name (the ones
// -pids names), for their memory and CPU time.
type serverProcesses map[string]int

// cpuSnapshot is the CPU seconds of every process now.
func (m serverProcesses) cpuSnapshot() (map[string]float64, error) {
	out := map[string]float64{}
	for name, pid := range m {
		s, err := cpuSeconds(pid)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out[name] = s
	}
	return out, nil
}
