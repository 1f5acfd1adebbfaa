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

// machineTicks is the whole machine's CPU time from the first line of
// /proc/stat, in USER_HZ ticks: all of it, and the part that was stolen,
// i.e. a vCPU of this virtual machine was ready to run while the host ran
// something else. On a busy host steal makes every latency worse whatever
// the code does, so a benchmark reports it next to its results.
type machineTicks struct {
	total, steal int64
}

func readMachineTicks() (machineTicks, error) {
	stat, err := os.ReadFile("/proc/stat")
	if err != nil {
		return machineTicks{}, fmt.Errorf("-cpu: %w", err)
	}
	line, _, _ := strings.Cut(string(stat), "\n")
	return parseMachineTicks(line)
}

// parseMachineTicks reads the "cpu" line of /proc/stat: user, nice, system,
// idle, iowait, irq, softirq, steal, then guest and guest_nice, which the
// kernel already counts in user and nice and so are not added to the total.
func parseMachineTicks(line string) (machineTicks, error) {
	fields := strings.Fields(line)
	if len(fields) < 9 || fields[0] != "cpu" {
		return machineTicks{}, fmt.Errorf("unexpected /proc/stat cpu line %q", line)
	}
	var t machineTicks
	for i, f := range fields[1:9] {
		v, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return machineTicks{}, fmt.Errorf("unexpected /proc/stat cpu line %q: %w", line, err)
		}
		t.total += v
		if i == 7 {
			t.steal = v
		}
	}
	return t, nil
}

// stealPercent is the share of the machine's CPU time between the two
// readings that was stolen.
func stealPercent(before, after machineTicks) float64 {
	total := after.total - before.total
	if total <= 0 {
		return 0
	}
	return float64(after.steal-before.steal) * 100 / float64(total)
}
