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
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/google/go-containerregistry/pkg/name"
	v1 "github.com/google/go-containerregistry/pkg/v1"

	"github.com/kubecarry/kubecarry/hack/tools/release/pkg/base"
	"github.com/kubecarry/kubecarry/hack/tools/release/pkg/image"
	"github.com/kubecarry/kubecarry/hack/tools/release/pkg/layer"
)

// binaryDir is where the images keep their binary, as upstream's do; it is
// on the PATH, so a kubeadm static Pod's "command: [kube-apiserver, ...]"
// finds it.
const binaryDir = "usr/local/bin"

// userPattern is what --user takes: numeric, so no passwd lookup is needed.
var userPattern = regexp.MustCompile(`^[0-9]+(:[0-9]+)?$`)

// defaultPath is the image's PATH.
const defaultPath = "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

// ImageDigests is what "release image --digests" writes: per platform the
// manifest digest (what a registry serves) and the config digest (the image
// ID "docker images" and "ctr" show), and the digest of the index.
type ImageDigests struct {
	Ref       string                    `json:"ref"`
	Index     string                    `json:"index"`
	Platforms map[string]PlatformDigest `json:"platforms"`
}

// PlatformDigest are one platform's digests.
type PlatformDigest struct {
	Manifest string `json:"manifest"`
	Config   string `json:"config"`
}

func runImage(args []string) error {
	fs := flag.NewFlagSet("image", flag.ContinueOnError)
	var info buildInfo
	info.register(fs)
	binaries, rootfs, tarballs := platformPaths{}, platformPaths{}, platformPaths{}
	cmdName := fs.String("name", "", "the binary's name, e.g. kube-apiserver")
	ref := fs.String("ref", "", "the image reference with its tag, e.g. registry.example/kube-apiserver:v1.35.8_kubecarry.1")
	layoutDir := fs.String("layout", "", "write an OCI image layout holding the multi-platform index here")
	digestsOut := fs.String("digests", "", "write the digests (JSON) here")
	user := fs.String("user", "0", "the user the image runs as, uid[:gid] (root, as upstream's control-plane and kube-proxy images)")
	fs.Var(binaries, "binary", "os/arch=path of the binary for a platform (repeat per platform)")
	fs.Var(rootfs, "rootfs", "os/arch=path of a Debian root file system tar for the base (all platforms or none; none: the static base)")
	fs.Var(tarballs, "tarball", "os/arch=path to write the platform's image tarball (one per --binary)")
	var cmd stringList
	links := symlinks{}
	fs.Var(&cmd, "cmd", "an argument of the image's default command (repeat for each, in order), e.g. agnhost's \"pause\"")
	fs.Var(links, "symlink", "path=target: a symbolic link the image adds (repeat), e.g. /agnhost=usr/local/bin/agnhost")
	files := extraFiles{}
	fs.Var(files, "file", "path=source: a file the image adds with the source's permission bits (repeat), e.g. /localhost.crt=porter/localhost.crt")
	binaryMode := fs.String("binary-mode", "0755", "the binary's permission bits, octal (04755: setuid root)")
	entrypoint := fs.String("entrypoint", "", "the image's entrypoint, an absolute path in the image (default: the binary); the program sees it as argv[0], e.g. agnhost's /agnhost")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := info.validate(); err != nil {
		return err
	}
	if err := requireFlags(fs, "name", "ref", "layout"); err != nil {
		return err
	}
	if !userPattern.MatchString(*user) {
		return fmt.Errorf("--user %q is not uid or uid:gid", *user)
	}
	if *entrypoint == "" {
		*entrypoint = "/" + binaryDir + "/" + *cmdName
	} else if err := validEntrypoint(*entrypoint, *cmdName, links); err != nil {
		return err
	}
	mode, err := strconv.ParseInt(*binaryMode, 8, 64)
	if err != nil || mode <= 0 || mode > 0o7777 {
		return fmt.Errorf("--binary-mode %q is not octal permission bits such as 0755", *binaryMode)
	}
	tag, err := name.NewTag(*ref, name.StrictValidation)
	if err != nil {
		return fmt.Errorf("--ref: %w", err)
	}
	if len(binaries) == 0 {
		return fmt.Errorf("--binary is required")
	}
	for _, p := range binaries.platforms() {
		if tarballs[p] == "" {
			return fmt.Errorf("--binary %s has no --tarball %s=<path>", p, p)
		}
		if len(rootfs) > 0 && rootfs[p] == "" {
			return fmt.Errorf("--binary %s has no --rootfs %s=<path>, and the other platforms have one", p, p)
		}
	}
	for _, extra := range []platformPaths{tarballs, rootfs} {
		for _, p := range extra.platforms() {
			if binaries[p] == "" {
				return fmt.Errorf("%s has a tarball or root file system but no --binary", p)
			}
		}
	}

	digests := ImageDigests{Ref: tag.String(), Platforms: map[string]PlatformDigest{}}
	var images []v1.Image
	for _, p := range binaries.platforms() {
		img, err := buildPlatformImage(platformImage{cmdName: *cmdName, platform: p, binaryPath: binaries[p], rootfsPath: rootfs[p],
			user: *user, entrypoint: *entrypoint, cmd: cmd, symlinks: links, files: files, binaryMode: mode}, info)
		if err != nil {
			return fmt.Errorf("%s for %s: %w", *cmdName, p, err)
		}
		if err := image.WriteTarball(tarballs[p], tag, img); err != nil {
			return fmt.Errorf("writing %s: %w", tarballs[p], err)
		}
		m, err := img.Digest()
		if err != nil {
			return err
		}
		c, err := img.ConfigName()
		if err != nil {
			return err
		}
		digests.Platforms[p] = PlatformDigest{Manifest: m.String(), Config: c.String()}
		images = append(images, img)
	}
	idx, err := image.WriteLayout(*layoutDir, tag, images)
	if err != nil {
		return fmt.Errorf("writing the OCI layout %s: %w", *layoutDir, err)
	}
	digests.Index = idx.String()
	if *digestsOut == "" {
		return nil
	}
	out, err := json.MarshalIndent(digests, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(*digestsOut, append(out, '\n'), 0o644)
}

// platformImage is what one platform's image is built from.
type platformImage struct {
	cmdName, platform, binaryPath, rootfsPath, user string
	entrypoint                                      string
	cmd                                             []string
	symlinks                                        symlinks
	files                                           extraFiles
	binaryMode                                      int64
}

// buildPlatformImage builds one platform's image: the base layer (static,
// or the Debian root file system) and the binary's layer with its links.
func buildPlatformImage(pi platformImage, info buildInfo) (v1.Image, error) {
	cmdName, platform, binaryPath, rootfsPath, user := pi.cmdName, pi.platform, pi.binaryPath, pi.rootfsPath, pi.user
	osName, arch, _ := strings.Cut(platform, "/")
	baseLayer := layer.NewBuilder()
	baseDesc := "kubecarry static base: users, groups, nsswitch.conf, /tmp"
	if rootfsPath == "" {
		if err := base.Static(baseLayer); err != nil {
			return nil, err
		}
	} else {
		f, err := os.Open(rootfsPath)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if err := base.Debian(baseLayer, f); err != nil {
			return nil, fmt.Errorf("%s: %w", rootfsPath, err)
		}
		baseDesc = "kubecarry Debian base: the static base and Debian packages extracted by mmdebstrap"
	}
	baseTar, err := baseLayer.Bytes(info.created())
	if err != nil {
		return nil, err
	}

	bin, err := os.ReadFile(binaryPath)
	if err != nil {
		return nil, err
	}
	binLayer := layer.NewBuilder()
	if err := binLayer.AddFile(binaryDir+"/"+cmdName, pi.binaryMode, bin); err != nil {
		return nil, err
	}
	if err := addFiles(binLayer, pi.files); err != nil {
		return nil, err
	}
	links := make([]string, 0, len(pi.symlinks))
	for link := range pi.symlinks {
		links = append(links, link)
	}
	sort.Strings(links)
	for _, link := range links {
		if err := binLayer.AddSymlink(link, pi.symlinks[link]); err != nil {
			return nil, err
		}
	}
	binTar, err := binLayer.Bytes(info.created())
	if err != nil {
		return nil, err
	}

	return image.Build(image.Spec{
		Platform: v1.Platform{OS: osName, Architecture: arch},
		Layers: []image.Layer{
			{Tar: baseTar, CreatedBy: baseDesc},
			{Tar: binTar, CreatedBy: fmt.Sprintf("%s %s built by hack/release.sh", cmdName, info.version)},
		},
		Entrypoint: []string{pi.entrypoint},
		Cmd:        pi.cmd,
		Env:        []string{defaultPath},
		User:       user,
		Labels: map[string]string{
			"org.opencontainers.image.title":    cmdName,
			"org.opencontainers.image.version":  info.version,
			"org.opencontainers.image.revision": info.revision,
			"org.opencontainers.image.source":   info.source,
			"org.opencontainers.image.licenses": "Apache-2.0",
			"org.opencontainers.image.created":  info.created().Format("2006-01-02T15:04:05Z"),
		},
		Created: info.created(),
	})
}

// addFiles adds the --file files in a stable order, each with its source's
// permission bits.
func addFiles(b *layer.Builder, files extraFiles) error {
	dests := make([]string, 0, len(files))
	for dest := range files {
		dests = append(dests, dest)
	}
	sort.Strings(dests)
	for _, dest := range dests {
		src := files[dest]
		st, err := os.Stat(src)
		if err != nil {
			return fmt.Errorf("--file /%s: %w", dest, err)
		}
		if !st.Mode().IsRegular() {
			return fmt.Errorf("--file /%s: %s is not a regular file", dest, src)
		}
		data, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		mode := int64(st.Mode().Perm())
		if st.Mode()&os.ModeSetuid != 0 {
			mode |= 0o4000
		}
		if err := b.AddFile(dest, mode, data); err != nil {
			return err
		}
	}
	return nil
}

// validEntrypoint accepts an entrypoint that is the binary or one of the
// image's symbolic links to it: anything else would be a path the image
// may not have, found only when a container fails to start.
func validEntrypoint(entrypoint, cmdName string, links symlinks) error {
	binary := binaryDir + "/" + cmdName
	p := strings.TrimPrefix(entrypoint, "/")
	if strings.HasPrefix(entrypoint, "/") && p == binary {
		return nil
	}
	target, isLink := links[p]
	if !strings.HasPrefix(entrypoint, "/") || !isLink {
		return fmt.Errorf("--entrypoint %q is neither /%s nor a --symlink of the image", entrypoint, binary)
	}
	if !path.IsAbs(target) {
		target = path.Join("/", path.Dir(p), target)
	}
	if path.Clean(target) != "/"+binary {
		return fmt.Errorf("--entrypoint %q links to %s, not to the binary /%s", entrypoint, target, binary)
	}
	return nil
}
