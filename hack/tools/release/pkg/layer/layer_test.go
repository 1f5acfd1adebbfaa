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

package layer

import (
	"archive/tar"
	"bytes"
	"io"
	"testing"
	"time"
)

var epoch = time.Unix(1700000000, 0).UTC()

type entry struct {
	name     string
	typ      byte
	uid      int
	mode     int64
	linkname string
	mtime    time.Time
}

func readEntries(t *testing.T, data []byte) []entry {
	t.Helper()
	var out []entry
	tr := tar.NewReader(bytes.NewReader(data))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, entry{h.Name, h.Typeflag, h.Uid, h.Mode, h.Linkname, h.ModTime})
	}
}

func TestWriteIsTheSameWhateverTheOrderOfAdding(t *testing.T) {
	a, b := NewBuilder(), NewBuilder()
	mustAdd(t, a.AddFile("usr/bin/x", 0o755, []byte("x")))
	mustAdd(t, a.AddSymlink("/bin", "usr/bin"))
	mustAdd(t, b.AddSymlink("bin", "usr/bin"))
	mustAdd(t, b.AddFile("./usr/bin/x", 0o755, []byte("x")))
	da, err := a.Bytes(epoch)
	if err != nil {
		t.Fatal(err)
	}
	db, err := b.Bytes(epoch.Add(999 * time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(da, db) {
		t.Fatal("the same entries added in another order give other bytes")
	}
	got := readEntries(t, da)
	want := []string{"bin", "usr/", "usr/bin/", "usr/bin/x"}
	if len(got) != len(want) {
		t.Fatalf("entries %v, want %v", got, want)
	}
	for i, e := range got {
		if e.name != want[i] {
			t.Errorf("entry %d is %q, want %q (sorted, parents added)", i, e.name, want[i])
		}
		if !e.mtime.Equal(epoch) {
			t.Errorf("%s has mtime %s, want %s", e.name, e.mtime, epoch)
		}
	}
}

func mustAdd(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestAddTarKeepsOwnershipAndDropsDeviceNodes(t *testing.T) {
	var src bytes.Buffer
	tw := tar.NewWriter(&src)
	for _, h := range []*tar.Header{
		{Name: "./dev/null", Typeflag: tar.TypeChar, Mode: 0o666, Devmajor: 1, Devminor: 3},
		{Name: "./etc/", Typeflag: tar.TypeDir, Mode: 0o755},
		{Name: "./etc/shadow", Typeflag: tar.TypeReg, Mode: 0o640, Gid: 42, Size: 3},
		{Name: "./home/u/", Typeflag: tar.TypeDir, Mode: 0o700, Uid: 1000},
		{Name: "./usr/sbin/iptables-nft", Typeflag: tar.TypeSymlink, Linkname: "xtables-nft-multi"},
	} {
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if h.Size > 0 {
			_, _ = tw.Write([]byte("abc"))
		}
	}
	_ = tw.Close()
	b := NewBuilder()
	if err := b.AddTar(&src); err != nil {
		t.Fatal(err)
	}
	data, err := b.Bytes(epoch)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]entry{}
	for _, e := range readEntries(t, data) {
		byName[e.name] = e
	}
	if _, ok := byName["dev/null"]; ok {
		t.Error("the device node dev/null is in the layer")
	}
	if e := byName["home/u/"]; e.uid != 1000 || e.mode != 0o700 {
		t.Errorf("home/u is uid %d mode %o, want 1000 and 700", e.uid, e.mode)
	}
	if e := byName["usr/sbin/iptables-nft"]; e.typ != tar.TypeSymlink || e.linkname != "xtables-nft-multi" {
		t.Errorf("the symlink became %+v", e)
	}
	if _, ok := byName["etc/shadow"]; !ok {
		t.Error("etc/shadow is missing")
	}
}

func TestPathsThatLeaveTheRootAreRejected(t *testing.T) {
	b := NewBuilder()
	if err := b.AddFile("../etc/passwd", 0o644, nil); err == nil {
		t.Error("a path with .. was accepted")
	}
	if err := b.Add(Entry{Name: "x", Type: tar.TypeLink, Linkname: "../../y"}); err == nil {
		t.Error("a hard link leaving the root was accepted")
	}
}

func TestHardLinksMustNameAnEarlierEntry(t *testing.T) {
	b := NewBuilder()
	mustAdd(t, b.AddFile("b", 0o644, []byte("b")))
	mustAdd(t, b.Add(Entry{Name: "c", Type: tar.TypeLink, Linkname: "b"}))
	if _, err := b.Bytes(epoch); err != nil {
		t.Errorf("a hard link after its target: %v", err)
	}
	mustAdd(t, b.Add(Entry{Name: "a", Type: tar.TypeLink, Linkname: "b"}))
	if _, err := b.Bytes(epoch); err == nil {
		t.Error("a hard link sorting before its target was written")
	}
}

func TestRemoveDropsTheWholeSubtreeOnly(t *testing.T) {
	b := NewBuilder()
	mustAdd(t, b.AddFile("var/cache/apt/x", 0o644, nil))
	mustAdd(t, b.AddFile("var/cache/apt2", 0o644, nil))
	mustAdd(t, b.Remove("/var/cache/apt"))
	got := b.Names()
	want := []string{"var", "var/cache", "var/cache/apt2"}
	if len(got) != len(want) {
		t.Fatalf("after Remove: %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("after Remove: %v, want %v", got, want)
		}
	}
}
