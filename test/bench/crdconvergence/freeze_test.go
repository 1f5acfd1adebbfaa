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
	"os/exec"
	"strings"
	"testing"
	"time"
)

// processState is the state letter of /proc/<pid>/stat: T when stopped.
func processState(t *testing.T, pid int) string {
	t.Helper()
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	s := string(stat)
	return strings.Fields(s[strings.LastIndexByte(s, ')')+1:])[0]
}

func TestFreezeStopsThePeersProcessAndLeavesItOutUntilThawed(t *testing.T) {
	peer := exec.Command("sleep", "60")
	if err := peer.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = peer.Process.Kill(); _ = peer.Wait() })
	b := &bench{servers: []*server{fakeServer(t, "s1"), fakeServer(t, "s2"), fakeServer(t, "s3")}}
	procs := serverProcesses{"s2": peer.Process.Pid}

	if _, err := b.freeze("s1", serverProcesses{"s1": peer.Process.Pid}); err == nil {
		t.Error("froze the first server, where the CRDs are created")
	}
	if _, err := b.freeze("s3", procs); err == nil || !strings.Contains(err.Error(), "PID") {
		t.Errorf("froze a server whose PID is unknown: %v", err)
	}
	thaw, err := b.freeze("s2", procs)
	if err != nil {
		t.Fatal(err)
	}
	if !waitForState(t, peer.Process.Pid, "T") {
		t.Errorf("frozen peer's state %s, want T (stopped)", processState(t, peer.Process.Pid))
	}
	if len(b.servers) != 2 || b.servers[0].name != "s1" || b.servers[1].name != "s3" {
		t.Errorf("servers measured while s2 hangs: %v", b.servers)
	}
	if err := thaw(); err != nil {
		t.Fatal(err)
	}
	if !waitForState(t, peer.Process.Pid, "S") {
		t.Errorf("thawed peer's state %s, want S (sleeping again)", processState(t, peer.Process.Pid))
	}
}

// waitForState polls until the process is in state (signals are delivered
// asynchronously).
func waitForState(t *testing.T, pid int, state string) bool {
	_, ok := poll(t.Context(), time.Now(), 10*time.Millisecond, 5*time.Second, func() bool { return processState(t, pid) == state })
	return ok
}

func TestParseOptionsFreezeNeedsAPeerWithAKnownPID(t *testing.T) {
	base := []string{"-servers", "s1=https://a,s2=https://b,s3=https://c", "-cacert", "c", "-cert", "c", "-key", "k", "-older", "s3"}
	for args, want := range map[string]string{
		"-freeze s1 -pids s1=1":  "-freeze",
		"-freeze s3 -pids s3=1":  "-older",
		"-freeze s9 -pids s9=1":  "-freeze",
		"-freeze s2 -pids s1=1":  "PID",
		"-freeze s2 -pids s2=10": "",
	} {
		_, err := parseOptions(append(base, strings.Fields(args)...))
		if want == "" {
			if err != nil {
				t.Errorf("%s: %v", args, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error naming %q", args, err, want)
		}
	}
}
