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

// Package base builds the bottom layer of kubecarry's images. Upstream ships
// its static binaries on a distroless base and kube-proxy on a distroless
// base that adds the netfilter tools; kubecarry builds both from nothing and
// Debian packages, never from an image pulled from a registry.
package base

import (
	"archive/tar"
	"fmt"
	"io"

	"github.com/kubecarry/kubecarry/hack/tools/release/pkg/layer"
)

// NonRootUID is the unprivileged user the base defines (distroless's
// "nonroot") for Pods that set runAsUser; the images themselves run as root,
// as upstream's kube-apiserver, kube-controller-manager and kube-proxy
// images do.
const NonRootUID = 65532

// Static adds what a static binary expects of a file system: users and
// groups for name lookups, hosts resolution through files then DNS, a
// world-writable /tmp, and home directories.
func Static(b *layer.Builder) error {
	files := []struct {
		name string
		mode int64
		data string
	}{
		{"etc/passwd", 0o644, fmt.Sprintf("root:x:0:0:root:/root:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\nnonroot:x:%d:%d:nonroot:/home/nonroot:/sbin/nologin\n", NonRootUID, NonRootUID)},
		{"etc/group", 0o644, fmt.Sprintf("root:x:0:\nnogroup:x:65534:\nnonroot:x:%d:\n", NonRootUID)},
		{"etc/nsswitch.conf", 0o644, "hosts: files dns\n"},
	}
	for _, f := range files {
		if err := b.AddFile(f.name, f.mode, []byte(f.data)); err != nil {
			return err
		}
	}
	for _, d := range []struct {
		name string
		mode int64
		uid  int
	}{{"tmp", 0o1777, 0}, {"root", 0o700, 0}, {"home/nonroot", 0o700, NonRootUID}} {
		if err := b.Add(layer.Entry{Name: d.name, Type: tar.TypeDir, Mode: d.mode, UID: d.uid, GID: d.uid}); err != nil {
			return err
		}
	}
	return nil
}

// netfilterAlternatives are the commands Debian's iptables package provides
// through update-alternatives, which an extracted (not installed) package
// does not run: each points at the nft backend, Debian's default and what
// kube-proxy's nftables-era images use; the -legacy commands stay available
// for hosts still on the legacy backend.
var netfilterAlternatives = map[string]string{
	"usr/sbin/iptables":          "xtables-nft-multi",
	"usr/sbin/iptables-save":     "xtables-nft-multi",
	"usr/sbin/iptables-restore":  "xtables-nft-multi",
	"usr/sbin/ip6tables":         "xtables-nft-multi",
	"usr/sbin/ip6tables-save":    "xtables-nft-multi",
	"usr/sbin/ip6tables-restore": "xtables-nft-multi",
}

// noUseInImage are package manager state and caches an extracted root file
// system carries.
var noUseInImage = []string{"var/cache/apt", "var/lib/apt", "var/log", "dev", "proc", "sys", "run"}

// Debian adds a root file system extracted from Debian packages (mmdebstrap
// --variant=extract, as a tar stream) on top of Static, with the iptables
// alternatives set and the package manager's leftovers removed.
func Debian(b *layer.Builder, rootfs io.Reader) error {
	if err := b.AddTar(rootfs); err != nil {
		return err
	}
	for _, d := range noUseInImage {
		if err := b.Remove(d); err != nil {
			return err
		}
	}
	if err := Static(b); err != nil {
		return err
	}
	for name, target := range netfilterAlternatives {
		if err := b.AddSymlink(name, target); err != nil {
			return err
		}
	}
	return nil
}
