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

// Command pause is the Pod sandbox's process: it holds the Pod's namespaces
// open, reaps the orphans a shared PID namespace gives it as PID 1, and
// exits cleanly when the runtime stops the sandbox (SIGINT or SIGTERM).
// kubecarry builds it instead of pulling upstream's pause image, so the
// local cluster needs no registry.
package main

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "-v" {
		fmt.Println("kubecarry pause")
		return
	}
	signals := make(chan os.Signal, 8)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM, syscall.SIGCHLD)
	// After Notify: from here on SIGTERM means a clean exit.
	fmt.Fprintln(os.Stderr, "pause: waiting for SIGINT or SIGTERM")
	for s := range signals {
		if s == syscall.SIGCHLD {
			reap()
			continue
		}
		fmt.Fprintf(os.Stderr, "shutting down, got signal %v\n", s)
		os.Exit(0)
	}
}

// reap collects every child that has exited, so none stays a zombie.
func reap() {
	for {
		var status syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &status, syscall.WNOHANG, nil)
		if pid <= 0 || err != nil {
			return
		}
	}
}
