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

// Package release tests what hack/release.sh builds, the way a platform
// team consumes it: the checksums and the SBOMs match the files, the
// provenance names every artefact, and the images, imported into a real
// containerd (Debian's containerd and runc), carry kubeadm's references,
// print the release's version, serve a kube-apiserver over real etcd, and
// give kube-proxy the netfilter tools it execs. hack/test-e2e.sh builds the
// release for linux/amd64 and passes its directory in KUBECARRY_RELEASE_DIR.
package release

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kubecarry/kubecarry/test/integration/harness"
	"github.com/kubecarry/kubecarry/test/utils/privileged"
)

func TestMain(m *testing.M) {
	harness.EtcdMain(m.Run)
}

// binaries are the components a release ships, each as a binary and an image.
var binaries = []string{"kube-apiserver", "kube-controller-manager", "cloud-controller-manager", "kube-proxy"}

// platform is the one this machine runs, which make test builds.
const platform = "linux/amd64"

// releaseDir is _output/release/<version>/ of the release under test.
func releaseDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("KUBECARRY_RELEASE_DIR")
	if dir == "" {
		// hack/test-e2e.sh builds the release only as root: mmdebstrap
		// extracts kube-proxy's base as root.
		privileged.Require(t, "build a release (mmdebstrap extracts kube-proxy's base)")
		t.Fatal("KUBECARRY_RELEASE_DIR is not set: hack/test-e2e.sh builds the release (KUBE_BUILD_PLATFORMS=linux/amd64 hack/release.sh) and sets it")
	}
	if _, err := os.Stat(filepath.Join(dir, "SHA256SUMS")); err != nil {
		t.Fatalf("KUBECARRY_RELEASE_DIR=%s holds no release: %v", dir, err)
	}
	return dir
}

// releaseVersion is the release's version: its directory's name.
func releaseVersion(dir string) string { return filepath.Base(dir) }

// imageTag is the tag kubeadm derives from kubernetesVersion.
func imageTag(version string) string { return strings.ReplaceAll(version, "+", "_") }

// registry is the registry the image references name.
func registry() string {
	if r := os.Getenv("KUBE_DOCKER_REGISTRY"); r != "" {
		return r
	}
	return "registry.kubecarry.io"
}

// sourceURL is the repository the images' source label names.
func sourceURL() string {
	if u := os.Getenv("KUBECARRY_SOURCE_URL"); u != "" {
		return u
	}
	return "https://github.com/kubecarry/kubecarry"
}

// moduleRoot is the checkout the test runs in.
func moduleRoot(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(wd, "..", "..", "..")
}

// patchesDir is the series the release carries: the main line's patches/,
// or another line's (KUBECARRY_RELEASE_PATCHES, set by hack/test-line.sh).
func patchesDir(t *testing.T) string {
	if d := os.Getenv("KUBECARRY_RELEASE_PATCHES"); d != "" {
		return d
	}
	return filepath.Join(moduleRoot(t), "patches")
}

// sourceDateEpoch is the time every timestamp of the release is set to:
// SOURCE_DATE_EPOCH when set, otherwise the commit's time, as
// hack/lib/version.sh decides.
func sourceDateEpoch(t *testing.T) time.Time {
	t.Helper()
	s := os.Getenv("SOURCE_DATE_EPOCH")
	if s == "" {
		out, err := exec.Command("git", "-C", moduleRoot(t), "log", "-1", "--format=%ct").Output()
		if err != nil {
			t.Fatalf("reading the commit time: %v", err)
		}
		s = strings.TrimSpace(string(out))
	}
	sec, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("SOURCE_DATE_EPOCH %q: %v", s, err)
	}
	return time.Unix(sec, 0).UTC()
}
