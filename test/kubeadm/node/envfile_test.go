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
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func writeFile(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "env")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// What kubeadm writes into kubeadm-flags.env, and what an operator writes
// into /etc/default/kubelet, read as systemd reads them.
func TestReadEnvironmentFileReadsKubeadmFlags(t *testing.T) {
	path := writeFile(t, `# written by kubeadm
KUBELET_KUBEADM_ARGS="--container-runtime-endpoint=unix:///var/run/containerd/containerd.sock --pod-infra-container-image=registry.k8s.io/pause:3.10.1"

; a comment the systemd way
KUBELET_EXTRA_ARGS='--v=2'
PLAIN=value with spaces
EMPTY=
`)
	env, err := ReadEnvironmentFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"KUBELET_KUBEADM_ARGS": "--container-runtime-endpoint=unix:///var/run/containerd/containerd.sock --pod-infra-container-image=registry.k8s.io/pause:3.10.1",
		"KUBELET_EXTRA_ARGS":   "--v=2",
		"PLAIN":                "value with spaces",
		"EMPTY":                "",
	}
	if !reflect.DeepEqual(env, want) {
		t.Errorf("env = %q, want %q", env, want)
	}
}

// "EnvironmentFile=-path": a missing file is no variables; without the
// dash it is an error, as is a line that is not KEY=VALUE.
func TestReadEnvironmentFileErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "absent")
	if env, err := ReadEnvironmentFile(missing, true); err != nil || len(env) != 0 {
		t.Errorf("optional missing file: env %q, err %v; want empty, nil", env, err)
	}
	if _, err := ReadEnvironmentFile(missing, false); err == nil {
		t.Error("required missing file: no error")
	}
	for name, content := range map[string]string{
		"no equals":          "KUBELET_EXTRA_ARGS --v=2\n",
		"unterminated quote": "KUBELET_EXTRA_ARGS=\"--v=2\n",
		"space in key":       "KUBELET EXTRA=1\n",
	} {
		t.Run(name, func(t *testing.T) {
			path := writeFile(t, content)
			_, err := ReadEnvironmentFile(path, false)
			if err == nil || !strings.Contains(err.Error(), path+":1:") {
				t.Errorf("error %v, want one naming %s:1", err, path)
			}
		})
	}
}

// The drop-in's ExecStart with the variables of its Environment= lines and
// files: unset variables vanish, values split into words.
func TestExpandCommand(t *testing.T) {
	command := []string{"/usr/bin/kubelet", "$KUBELET_KUBECONFIG_ARGS", "$KUBELET_CONFIG_ARGS", "$KUBELET_KUBEADM_ARGS", "$KUBELET_EXTRA_ARGS"}
	env := map[string]string{
		"KUBELET_KUBECONFIG_ARGS": "--bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf --kubeconfig=/etc/kubernetes/kubelet.conf",
		"KUBELET_CONFIG_ARGS":     "--config=/var/lib/kubelet/config.yaml",
		"KUBELET_KUBEADM_ARGS":    "  --node-ip=10.0.0.1   --cgroup-root=/kc ",
	}
	got := ExpandCommand(command, env)
	want := []string{"/usr/bin/kubelet",
		"--bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf", "--kubeconfig=/etc/kubernetes/kubelet.conf",
		"--config=/var/lib/kubelet/config.yaml", "--node-ip=10.0.0.1", "--cgroup-root=/kc"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("argv = %q, want %q", got, want)
	}
}
