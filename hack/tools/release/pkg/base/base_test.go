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

package base

import (
	"archive/tar"
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/kubecarry/kubecarry/hack/tools/release/pkg/layer"
)

func layerEntries(t *testing.T, b *layer.Builder) map[string]*tar.Header {
	t.Helper()
	data, err := b.Bytes(time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*tar.Header{}
	tr := tar.NewReader(bytes.NewReader(data))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out[strings.TrimSuffix(h.Name, "/")] = h
	}
}

func TestStaticBaseHasUsersAndAWorldWritableTmp(t *testing.T) {
	b := layer.NewBuilder()
	if err := Static(b); err != nil {
		t.Fatal(err)
	}
	e := layerEntries(t, b)
	for _, name := range []string{"etc/passwd", "etc/group", "etc/nsswitch.conf"} {
		if e[name] == nil {
			t.Errorf("%s is missing", name)
		}
	}
	if h := e["tmp"]; h == nil || h.Mode != 0o1777 {
		t.Errorf("tmp: %+v, want mode 1777", h)
	}
	if h := e["home/nonroot"]; h == nil || h.Uid != NonRootUID {
		t.Errorf("home/nonroot: %+v, want owned by %d", h, NonRootUID)
	}
}

func TestDebianBaseSetsTheIptablesAlternativesAndDropsAptState(t *testing.T) {
	var rootfs bytes.Buffer
	tw := tar.NewWriter(&rootfs)
	for _, h := range []*tar.Header{
		{Name: "./usr/sbin/xtables-nft-multi", Typeflag: tar.TypeReg, Mode: 0o755},
		{Name: "./usr/sbin/iptables-legacy", Typeflag: tar.TypeSymlink, Linkname: "xtables-legacy-multi"},
		{Name: "./var/lib/apt/lists/x", Typeflag: tar.TypeReg, Mode: 0o644},
		{Name: "./var/cache/apt/archives/lock", Typeflag: tar.TypeReg, Mode: 0o640},
		{Name: "./var/lib/dpkg/status", Typeflag: tar.TypeReg, Mode: 0o644},
	} {
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
	}
	_ = tw.Close()
	b := layer.NewBuilder()
	if err := Debian(b, &rootfs); err != nil {
		t.Fatal(err)
	}
	e := layerEntries(t, b)
	for name, target := range netfilterAlternatives {
		if h := e[name]; h == nil || h.Typeflag != tar.TypeSymlink || h.Linkname != target {
			t.Errorf("%s: %+v, want a symlink to %s", name, h, target)
		}
	}
	if h := e["usr/sbin/iptables-legacy"]; h == nil || h.Linkname != "xtables-legacy-multi" {
		t.Errorf("the package's own iptables-legacy link is gone: %+v", h)
	}
	for _, gone := range []string{"var/lib/apt", "var/cache/apt"} {
		if e[gone] != nil {
			t.Errorf("%s is still in the layer", gone)
		}
	}
	if e["var/lib/dpkg/status"] == nil || e["etc/passwd"] == nil {
		t.Error("the Debian base lost the package files or the static base")
	}
}
