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
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kubecarry/kubecarry/hack/tools/release/pkg/gomod"
)

// platformPaths is a repeatable "os/arch=path" flag.
type platformPaths map[string]string

func (p platformPaths) String() string { return fmt.Sprint(map[string]string(p)) }

func (p platformPaths) Set(v string) error {
	platform, path, ok := strings.Cut(v, "=")
	if !ok || path == "" || strings.Count(platform, "/") != 1 {
		return fmt.Errorf("%q is not os/arch=path", v)
	}
	if _, dup := p[platform]; dup {
		return fmt.Errorf("%s is given twice", platform)
	}
	p[platform] = path
	return nil
}

// platforms lists the keys, sorted.
func (p platformPaths) platforms() []string {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// stringList is a repeatable flag that keeps every value in order.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, " ") }

func (l *stringList) Set(v string) error {
	*l = append(*l, v)
	return nil
}

// symlinks is a repeatable "path=target" flag: symbolic links an image adds
// next to its binary (upstream's test images are run by paths such as
// /agnhost that tests name).
type symlinks map[string]string

func (s symlinks) String() string { return fmt.Sprint(map[string]string(s)) }

func (s symlinks) Set(v string) error {
	link, target, ok := strings.Cut(v, "=")
	link = strings.TrimPrefix(link, "/")
	if !ok || link == "" || target == "" || strings.Contains(link, "..") {
		return fmt.Errorf("%q is not path=target (a path inside the image and where it points)", v)
	}
	if _, dup := s[link]; dup {
		return fmt.Errorf("/%s is given twice", link)
	}
	s[link] = target
	return nil
}

// extraFiles is a repeatable "path=source" flag: files an image adds next
// to its binary, with the source file's permission bits (setuid included:
// upstream's nonewprivs test image needs it) and root ownership.
type extraFiles map[string]string

func (f extraFiles) String() string { return fmt.Sprint(map[string]string(f)) }

func (f extraFiles) Set(v string) error {
	dest, src, ok := strings.Cut(v, "=")
	dest = strings.TrimPrefix(dest, "/")
	if !ok || dest == "" || src == "" || strings.Contains(dest, "..") {
		return fmt.Errorf("%q is not path=source (a path inside the image and the file to put there)", v)
	}
	if _, dup := f[dest]; dup {
		return fmt.Errorf("/%s is given twice", dest)
	}
	f[dest] = src
	return nil
}

// buildInfo is what every command says about the build.
type buildInfo struct {
	version, revision, source string
	epoch                     int64
}

func (b *buildInfo) register(fs *flag.FlagSet) {
	fs.StringVar(&b.version, "version", "", "kubecarry's version, e.g. v1.35.8+kubecarry.1")
	fs.StringVar(&b.revision, "revision", "", "the source commit")
	fs.StringVar(&b.source, "source", "", "the source repository's URL")
	fs.Int64Var(&b.epoch, "epoch", -1, "SOURCE_DATE_EPOCH: every timestamp of the output")
}

func (b *buildInfo) validate() error {
	switch {
	case b.version == "":
		return fmt.Errorf("--version is required")
	case b.source == "":
		return fmt.Errorf("--source is required")
	case b.epoch < 0:
		return fmt.Errorf("--epoch (SOURCE_DATE_EPOCH) is required")
	}
	return nil
}

func (b *buildInfo) created() time.Time { return time.Unix(b.epoch, 0).UTC() }

// sourceInputs are the Go and patch inputs the SBOM and the provenance name.
type sourceInputs struct {
	modulesTxt, goSum, patchDir string
}

func (s *sourceInputs) register(fs *flag.FlagSet) {
	fs.StringVar(&s.modulesTxt, "modules", "vendor/modules.txt", "vendor/modules.txt of the source tree")
	fs.StringVar(&s.goSum, "gosum", "go.sum", "go.sum of the source tree")
	fs.StringVar(&s.patchDir, "patches", "patches", "the patch series directory (with its series file)")
}

// modules reads every vendored module with its go.sum hash.
func (s *sourceInputs) modules() ([]gomod.Module, error) {
	f, err := os.Open(s.modulesTxt)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	mods, err := gomod.ParseModulesTxt(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.modulesTxt, err)
	}
	g, err := os.Open(s.goSum)
	if err != nil {
		return nil, err
	}
	defer g.Close()
	sums, err := gomod.ParseGoSum(g)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.goSum, err)
	}
	return mods, gomod.AddSums(mods, sums)
}

// patches reads the series in order.
func (s *sourceInputs) patches() ([]gomod.Patch, error) {
	return gomod.ReadSeries(s.patchDir)
}

func requireFlags(fs *flag.FlagSet, names ...string) error {
	for _, n := range names {
		if f := fs.Lookup(n); f == nil || f.Value.String() == "" {
			return fmt.Errorf("--%s is required", n)
		}
	}
	return nil
}

func formatEpoch(e int64) string { return strconv.FormatInt(e, 10) }
