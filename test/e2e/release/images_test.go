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

package release

import (
	"archive/tar"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"k8s.io/kubernetes/test/integration/framework"

	"github.com/kubecarry/kubecarry/test/integration/harness"
)

// imageConfig is the part of an image's config the tests check.
type imageConfig struct {
	Created time.Time `json:"created"`
	Config  struct {
		Entrypoint []string          `json:"Entrypoint"`
		User       string            `json:"User"`
		Labels     map[string]string `json:"Labels"`
	} `json:"config"`
}

// readTarball returns the tags and the config of the one image in an image
// tarball ("docker save" format).
func readTarball(t *testing.T, path string) ([]string, imageConfig) {
	t.Helper()
	files := map[string][]byte{}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr := tar.NewReader(f)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		// manifest.json and the config ("sha256:<digest>"); layers are
		// .tar.gz files.
		if !strings.HasSuffix(h.Name, ".tar.gz") {
			if files[h.Name], err = io.ReadAll(tr); err != nil {
				t.Fatal(err)
			}
		}
	}
	var manifest []struct {
		Config   string
		RepoTags []string
	}
	if err := json.Unmarshal(files["manifest.json"], &manifest); err != nil || len(manifest) != 1 {
		t.Fatalf("%s: manifest.json must describe one image: %v (%s)", path, err, files["manifest.json"])
	}
	var cfg imageConfig
	if err := json.Unmarshal(files[manifest[0].Config], &cfg); err != nil {
		t.Fatalf("%s: config %s: %v", path, manifest[0].Config, err)
	}
	return manifest[0].RepoTags, cfg
}

func TestImagesCarryKubeadmReferencesAndRunTheRelease(t *testing.T) {
	dir := releaseDir(t)
	ctd := startContainerd(t)
	version := releaseVersion(dir)
	epoch := sourceDateEpoch(t)
	for _, b := range binaries {
		t.Run(b, func(t *testing.T) {
			tarball := filepath.Join(dir, "images", platform, b+".tar")
			ref := registry() + "/" + b + ":" + imageTag(version)
			tags, cfg := readTarball(t, tarball)
			if len(tags) != 1 || tags[0] != ref {
				t.Errorf("the tarball tags the image %v, want [%s]", tags, ref)
			}
			if got, want := strings.Join(cfg.Config.Entrypoint, " "), "/usr/local/bin/"+b; got != want {
				t.Errorf("entrypoint %q, want %q", got, want)
			}
			if !cfg.Created.Equal(epoch) {
				t.Errorf("created %s, want SOURCE_DATE_EPOCH %s", cfg.Created, epoch)
			}
			for label, want := range map[string]string{
				"org.opencontainers.image.version": version,
				"org.opencontainers.image.source":  sourceURL(),
			} {
				if got := cfg.Config.Labels[label]; got != want {
					t.Errorf("label %s=%q, want %q", label, got, want)
				}
			}
			if cfg.Config.Labels["org.opencontainers.image.revision"] == "" {
				t.Error("label org.opencontainers.image.revision is empty")
			}

			if _, err := ctd.ctr("images", "import", tarball); err != nil {
				t.Fatal(err)
			}
			refs, err := ctd.ctr("images", "list", "--quiet")
			if err != nil {
				t.Fatal(err)
			}
			if !containsLine(refs, ref) {
				t.Fatalf("after the import containerd has %q, not %s", refs, ref)
			}
			// Through PATH, as a kubeadm static Pod's command names it.
			out := ctd.run(t, ref, "version-"+b, nil, b, "--version")
			if want := "Kubernetes " + version; strings.TrimSpace(out) != want {
				t.Errorf("%s --version in its image printed %q, want %q", b, out, want)
			}
		})
	}
}

func containsLine(text, line string) bool {
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) == line {
			return true
		}
	}
	return false
}

func TestKubeProxyImageHasTheNetfilterTools(t *testing.T) {
	dir := releaseDir(t)
	ctd := startContainerd(t)
	tarball := filepath.Join(dir, "images", platform, "kube-proxy.tar")
	if _, err := ctd.ctr("images", "import", tarball); err != nil {
		t.Fatal(err)
	}
	ref := registry() + "/kube-proxy:" + imageTag(releaseVersion(dir))
	for i, tool := range []struct {
		args []string
		want string
	}{
		{[]string{"nft", "--version"}, "nftables v"},
		{[]string{"iptables", "--version"}, "(nf_tables)"},
		{[]string{"ip6tables", "--version"}, "(nf_tables)"},
		{[]string{"iptables-save", "--version"}, "(nf_tables)"},
		{[]string{"iptables-legacy", "--version"}, "(legacy)"},
		{[]string{"ip6tables-legacy", "--version"}, "(legacy)"},
		{[]string{"conntrack", "--version"}, "conntrack v"},
		{[]string{"ipset", "--version"}, "ipset v"},
	} {
		// Privileged, as kube-proxy's DaemonSet runs it (ipset asks the
		// kernel for its protocol version), in a network namespace of its own.
		out, err := ctd.ctr(ctd.runArgs(ref, fmt.Sprintf("tool-%d", i), []string{"--privileged"}, tool.args...)...)
		if err != nil {
			t.Error(err)
			continue
		}
		if !strings.Contains(out, tool.want) {
			t.Errorf("%s in the kube-proxy image printed %q, want it to contain %q", strings.Join(tool.args, " "), out, tool.want)
		}
	}
}

func TestAPIServerImageServesOverRealEtcd(t *testing.T) {
	dir := releaseDir(t)
	ctd := startContainerd(t)
	tarball := filepath.Join(dir, "images", platform, "kube-apiserver.tar")
	if _, err := ctd.ctr("images", "import", tarball); err != nil {
		t.Fatal(err)
	}
	ref := registry() + "/kube-apiserver:" + imageTag(releaseVersion(dir))
	pkiDir, err := os.MkdirTemp("", "kc-release-pki-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(pkiDir) })
	pki, err := harness.NewPKI(pkiDir)
	if err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	// The test etcd listens on a unix socket; its directory is mounted at
	// the same path, as the PKI is (kubeadm's static Pod mounts
	// /etc/kubernetes/pki the same way), and the host network gives the
	// server the port the test dials.
	etcdURL := framework.GetEtcdURL()
	etcdMount := ""
	if sock, ok := strings.CutPrefix(etcdURL, "unix://"); ok {
		etcdMount = filepath.Dir(sock)
	}
	flags := []string{"--net-host", "--mount", "type=bind,src=" + pkiDir + ",dst=" + pkiDir + ",options=rbind:ro"}
	if etcdMount != "" {
		flags = append(flags, "--mount", "type=bind,src="+etcdMount+",dst="+etcdMount+",options=rbind:rw")
	}
	args := []string{"kube-apiserver",
		"--etcd-servers=" + etcdURL,
		fmt.Sprintf("--etcd-prefix=/kubecarry-release-test-%d", time.Now().UnixNano()),
		"--bind-address=127.0.0.1", fmt.Sprintf("--secure-port=%d", port),
		"--service-account-issuer=https://kubernetes.default.svc",
		"--service-account-key-file=" + pki.ServingKeyFile,
		"--service-account-signing-key-file=" + pki.ServingKeyFile,
		"--service-cluster-ip-range=10.0.0.0/24",
	}
	args = append(args, pki.APIServerFlags()...)
	apiserver := harness.StartProcess(t, "kube-apiserver in its image", ctd.command(ctd.runArgs(ref, "apiserver", flags, args...)...))
	// Kill the task and let "ctr run --rm" remove the container before the
	// process cleanup kills ctr and containerd stops.
	t.Cleanup(func() {
		_, _ = ctd.ctr("task", "kill", "--signal", "SIGKILL", "apiserver")
		select {
		case <-apiserver.Done():
		case <-time.After(30 * time.Second):
			t.Error("ctr run of the kube-apiserver did not end within 30s of SIGKILL")
		}
	})

	// The default AlwaysAllow authorizer turns anonymous requests off: the
	// probe presents a client certificate, as kubeadm's health checks do.
	certFile, keyFile, err := pki.UserCert("release-test", "system:masters")
	if err != nil {
		t.Fatal(err)
	}
	client := httpsClient(t, pki.CAFile, certFile, keyFile)
	url := fmt.Sprintf("https://127.0.0.1:%d/readyz", port)
	deadline := time.Now().Add(2 * time.Minute)
	var last string
	for time.Now().Before(deadline) {
		if err := apiserver.Exited(); err != nil {
			t.Fatalf("the kube-apiserver container ended before it was ready: %v", err)
		}
		resp, err := client.Get(url)
		if err == nil {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
			last = fmt.Sprintf("%d %s", resp.StatusCode, body)
		} else {
			last = err.Error()
		}
		time.Sleep(500 * time.Millisecond)
	}
	t.Fatalf("the kube-apiserver in its image did not answer /readyz 200 within 2m; last: %s", last)
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func httpsClient(t *testing.T, caFile, certFile, keyFile string) *http.Client {
	t.Helper()
	ca, err := os.ReadFile(caFile)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(ca) {
		t.Fatalf("no certificate in %s", caFile)
	}
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{
		RootCAs: pool, Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12,
	}}}
}
