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

// Package layer writes container image layers as tar streams that are the
// same bytes on every build: entries sorted by name, owned by root unless
// told otherwise, every time set to one fixed instant, no device nodes, no
// user or group names. Upstream release builds get the same property from
// their image builder; here it is what lets two release builds of a commit
// produce identical image digests.
package layer

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"
	"time"
)

// Entry is one file, directory or symbolic link of a layer.
type Entry struct {
	// Name is the path inside the image, without a leading slash.
	Name string
	// Type is tar.TypeReg, tar.TypeDir, tar.TypeSymlink or tar.TypeLink.
	Type byte
	// Mode holds the permission bits (and setuid, setgid, sticky).
	Mode int64
	// UID and GID own the entry.
	UID, GID int
	// Linkname is the target of a link.
	Linkname string
	// Data is the content of a regular file.
	Data []byte
}

// Builder collects the entries of one layer. Adding a path twice keeps the
// last one, as a later layer would shadow an earlier one.
type Builder struct {
	entries map[string]Entry
}

// NewBuilder returns an empty layer.
func NewBuilder() *Builder {
	return &Builder{entries: map[string]Entry{}}
}

// cleanName turns "/usr/bin/x", "./usr/bin/x" and "usr/bin/x/" into
// "usr/bin/x". It rejects names that leave the root.
func cleanName(name string) (string, error) {
	n := strings.TrimPrefix(path.Clean("/"+name), "/")
	if n == "" {
		return "", nil
	}
	for _, part := range strings.Split(name, "/") {
		if part == ".." {
			return "", fmt.Errorf("path %q leaves the image root", name)
		}
	}
	return n, nil
}

// Add puts one entry into the layer, adding root-owned 0755 directories for
// its parents that are not there yet.
func (b *Builder) Add(e Entry) error {
	name, err := cleanName(e.Name)
	if err != nil {
		return err
	}
	if name == "" {
		return nil // the root directory is implied
	}
	switch e.Type {
	case tar.TypeReg, tar.TypeDir, tar.TypeSymlink, tar.TypeLink:
	default:
		return fmt.Errorf("%s: entries of tar type %q are not kept in a layer", name, e.Type)
	}
	if e.Type == tar.TypeLink {
		target, err := cleanName(e.Linkname)
		if err != nil {
			return err
		}
		e.Linkname = target
	}
	e.Name = name
	for dir := path.Dir(name); dir != "."; dir = path.Dir(dir) {
		if _, ok := b.entries[dir]; !ok {
			b.entries[dir] = Entry{Name: dir, Type: tar.TypeDir, Mode: 0o755}
		}
	}
	b.entries[name] = e
	return nil
}

// AddFile adds a regular file.
func (b *Builder) AddFile(name string, mode int64, data []byte) error {
	return b.Add(Entry{Name: name, Type: tar.TypeReg, Mode: mode, Data: data})
}

// AddDir adds a directory.
func (b *Builder) AddDir(name string, mode int64) error {
	return b.Add(Entry{Name: name, Type: tar.TypeDir, Mode: mode})
}

// AddSymlink adds a symbolic link name -> target.
func (b *Builder) AddSymlink(name, target string) error {
	return b.Add(Entry{Name: name, Type: tar.TypeSymlink, Mode: 0o777, Linkname: target})
}

// AddTar adds the entries of a tar stream (a root file system such as
// mmdebstrap writes). Device nodes, FIFOs and sockets are dropped: the
// container runtime provides /dev, and a layer that creates device nodes
// cannot be unpacked without privileges. Ownership and modes are kept.
func (b *Builder) AddTar(r io.Reader) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading the tar stream: %w", err)
		}
		e := Entry{Name: h.Name, Type: h.Typeflag, Mode: h.Mode & 0o7777, UID: h.Uid, GID: h.Gid, Linkname: h.Linkname}
		switch h.Typeflag {
		case tar.TypeReg, tar.TypeRegA: //nolint:staticcheck // old archivers still write TypeRegA
			e.Type = tar.TypeReg
			if e.Data, err = io.ReadAll(tr); err != nil {
				return fmt.Errorf("reading %s from the tar stream: %w", h.Name, err)
			}
		case tar.TypeDir, tar.TypeSymlink, tar.TypeLink:
		case tar.TypeChar, tar.TypeBlock, tar.TypeFifo:
			continue
		default:
			return fmt.Errorf("%s: tar entry type %q is not supported in a layer", h.Name, h.Typeflag)
		}
		if err := b.Add(e); err != nil {
			return err
		}
	}
}

// Remove drops a path and everything below it, for example a package
// manager's caches that have no use in an image.
func (b *Builder) Remove(name string) error {
	n, err := cleanName(name)
	if err != nil {
		return err
	}
	for k := range b.entries {
		if k == n || strings.HasPrefix(k, n+"/") {
			delete(b.entries, k)
		}
	}
	return nil
}

// Names lists the paths of the layer in the order Write writes them.
func (b *Builder) Names() []string {
	names := make([]string, 0, len(b.entries))
	for n := range b.entries {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Write writes the layer as an uncompressed tar stream with every
// modification time set to mtime. A hard link is written after its target
// because the names are sorted and a hard link must name an earlier entry:
// Write fails if the target is missing or sorts later.
func (b *Builder) Write(w io.Writer, mtime time.Time) error {
	tw := tar.NewWriter(w)
	mtime = mtime.UTC().Truncate(time.Second)
	for _, n := range b.Names() {
		e := b.entries[n]
		h := &tar.Header{
			Name:     n,
			Typeflag: e.Type,
			Mode:     e.Mode,
			Uid:      e.UID,
			Gid:      e.GID,
			Linkname: e.Linkname,
			ModTime:  mtime,
			Format:   tar.FormatPAX,
		}
		switch e.Type {
		case tar.TypeDir:
			h.Name += "/"
		case tar.TypeReg:
			h.Size = int64(len(e.Data))
		case tar.TypeLink:
			if _, ok := b.entries[e.Linkname]; !ok || e.Linkname >= n {
				return fmt.Errorf("%s: hard link to %s, which is not an earlier entry of the layer", n, e.Linkname)
			}
		}
		if err := tw.WriteHeader(h); err != nil {
			return fmt.Errorf("writing %s: %w", n, err)
		}
		if e.Type == tar.TypeReg {
			if _, err := tw.Write(e.Data); err != nil {
				return fmt.Errorf("writing %s: %w", n, err)
			}
		}
	}
	return tw.Close()
}

// Bytes returns what Write writes.
func (b *Builder) Bytes(mtime time.Time) ([]byte, error) {
	var buf bytes.Buffer
	if err := b.Write(&buf, mtime); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
