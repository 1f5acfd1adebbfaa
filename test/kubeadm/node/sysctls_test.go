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
	"testing"
)

// The first record keeps what the host had; a restore puts it back and
// forgets it, whatever kubelet wrote meanwhile.
func TestRecordAndRestoreSysctls(t *testing.T) {
	root := t.TempDir()
	set := func(key, value string) {
		t.Helper()
		path := filepath.Join(root, key)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(value+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	get := func(key string) string {
		data, _ := os.ReadFile(filepath.Join(root, key))
		return string(data)
	}
	keys := []string{"kernel/panic", "vm/overcommit_memory"}
	set("kernel/panic", "1")
	set("vm/overcommit_memory", "0")
	record := filepath.Join(t.TempDir(), "sysctls")
	if err := RecordSysctls(record, root, keys); err != nil {
		t.Fatal(err)
	}
	// kubelet of the first node changes them; the second node records again.
	set("kernel/panic", "10")
	set("vm/overcommit_memory", "1")
	if err := RecordSysctls(record, root, keys); err != nil {
		t.Fatal(err)
	}
	if err := RestoreSysctls(record, root); err != nil {
		t.Fatal(err)
	}
	if get("kernel/panic") != "1\n" || get("vm/overcommit_memory") != "0\n" {
		t.Errorf("after restore: panic %q overcommit %q, want the host's 1 and 0", get("kernel/panic"), get("vm/overcommit_memory"))
	}
	if _, err := os.Stat(record); !os.IsNotExist(err) {
		t.Errorf("the record is left after restoring: %v", err)
	}
	if err := RestoreSysctls(record, root); err != nil {
		t.Errorf("restoring with nothing recorded: %v", err)
	}
	if err := RecordSysctls(record, root, []string{"kernel/missing"}); err == nil {
		t.Error("recording a sysctl that does not exist: no error")
	}
}
