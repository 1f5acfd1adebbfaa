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

package node

import (
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// systemctl on the node's control socket answers as the node's services
// would, a restart included; a node that is gone is an error naming the
// socket, not an exit code.
func TestControlSocketAnswersSystemctl(t *testing.T) {
	dir := t.TempDir()
	out := &syncBuffer{}
	kubelet := NewService(kubeletLikeUnit(t, dir, out))
	t.Cleanup(kubelet.Stop)
	socket := filepath.Join(dir, "control.sock")
	listener, err := net.Listen("unix", socket)
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- ServeControl(listener, map[string]*Service{"kubelet": kubelet}) }()

	if _, stderr, code, err := CallSystemctl(socket, []string{"start", "kubelet"}, 5*time.Second); err != nil || code != 0 {
		t.Fatalf("start: exit %d, %q, %v", code, stderr, err)
	}
	poll(t, "kubelet to be started", func() bool { return kubelet.Starts() > 0 })
	stdout, _, code, err := CallSystemctl(socket, []string{"status", "kubelet"}, 5*time.Second)
	if err != nil || !strings.Contains(stdout, "kubelet.service") || !strings.Contains(stdout, "Loaded: loaded") {
		t.Errorf("status: %q exit %d, %v; want the unit's status", stdout, code, err)
	}

	if err := listener.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-served; err != nil {
		t.Errorf("ServeControl after close: %v", err)
	}
	if _, _, _, err := CallSystemctl(socket, []string{"status", "kubelet"}, time.Second); err == nil || !strings.Contains(err.Error(), socket) {
		t.Errorf("calling a closed node: error %v, want one naming %s", err, socket)
	}
}
