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
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// KubeletSysctls are the global sysctls (not per network namespace) kubelet
// sets when it starts: a node shares them with the host, so the host gets
// them back when the last node is gone.
var KubeletSysctls = []string{"kernel/panic", "kernel/panic_on_oops", "vm/overcommit_memory", "kernel/keys/root_maxkeys", "kernel/keys/root_maxbytes"}

// RecordSysctls writes the current values of keys (under root, /proc/sys)
// to file, unless file exists: the first node of a host records what the
// host had, later nodes (and a run after a crash) keep that.
func RecordSysctls(file, root string, keys []string) error {
	if _, err := os.Stat(file); err == nil {
		return nil
	}
	var b strings.Builder
	for _, key := range keys {
		value, err := os.ReadFile(filepath.Join(root, key))
		if err != nil {
			return fmt.Errorf("reading the sysctl %s: %w", key, err)
		}
		fmt.Fprintf(&b, "%s %s\n", key, strings.TrimSpace(string(value)))
	}
	tmp := file + ".tmp"
	if err := os.WriteFile(tmp, []byte(b.String()), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, file)
}

// RestoreSysctls writes the values file recorded back under root and
// removes file; no file is nothing to restore.
func RestoreSysctls(file, root string) error {
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		key, value, ok := strings.Cut(line, " ")
		if !ok || strings.Contains(key, "..") {
			return fmt.Errorf("%s: not a recorded sysctl: %q", file, line)
		}
		if err := os.WriteFile(filepath.Join(root, key), []byte(value+"\n"), 0o644); err != nil {
			return fmt.Errorf("restoring the sysctl %s to %s: %w", key, value, err)
		}
	}
	return os.Remove(file)
}
