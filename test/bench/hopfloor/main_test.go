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
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// upstream records the headers of the requests it receives.
func upstream(t *testing.T) (*httptest.Server, *atomic.Pointer[http.Header]) {
	var got atomic.Pointer[http.Header]
	s := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := r.Header.Clone()
		got.Store(&h)
		_, _ = w.Write([]byte("served " + r.URL.Path))
	}))
	t.Cleanup(s.Close)
	return s, &got
}

func requestWithClientCert(cn string, orgs ...string) *http.Request {
	r := httptest.NewRequest(http.MethodGet, "https://hopfloor/apis/batch/v1/namespaces/default/jobs/bench", nil)
	cert := &x509.Certificate{Raw: []byte("certificate of " + cn), Subject: pkix.Name{CommonName: cn, Organization: orgs}}
	r.TLS = &tls.ConnectionState{PeerCertificates: []*x509.Certificate{cert}}
	return r
}

func TestForwardsAsTheClientCertificatesUser(t *testing.T) {
	up, got := upstream(t)
	target, _ := url.Parse(up.URL)
	r := requestWithClientCert("alice", "system:masters", "dev")
	// A client must not be able to name another user or add credentials.
	r.Header.Set("X-Remote-User", "mallory")
	r.Header.Add("X-Remote-Group", "system:nodes")
	r.Header.Set("X-Remote-Extra-Scopes", "all")
	r.Header.Set("Authorization", "Bearer stolen")
	w := httptest.NewRecorder()

	newProxy(target, up.Client().Transport).ServeHTTP(w, r)

	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "served /apis/batch/v1/namespaces/default/jobs/bench") {
		t.Fatalf("got %d %q, want the upstream's answer", w.Code, w.Body.String())
	}
	h := got.Load()
	if h == nil {
		t.Fatal("the upstream received nothing")
	}
	if user := h.Values("X-Remote-User"); !slices.Equal(user, []string{"alice"}) {
		t.Errorf("X-Remote-User = %q, want [alice]", user)
	}
	if groups := h.Values("X-Remote-Group"); !slices.Equal(groups, []string{"system:masters", "dev"}) {
		t.Errorf("X-Remote-Group = %q, want [system:masters dev]", groups)
	}
	// The only extra is the certificate's credential ID, as kube-apiserver's
	// x509 authenticator sets it; the client's own extra is gone.
	fingerprint := sha256.Sum256(r.TLS.PeerCertificates[0].Raw)
	wantExtra := map[string][]string{"authentication.kubernetes.io/credential-id": {"X509SHA256=" + hex.EncodeToString(fingerprint[:])}}
	gotExtra := map[string][]string{}
	for name, values := range *h {
		if key, ok := strings.CutPrefix(name, "X-Remote-Extra-"); ok {
			unescaped, err := url.PathUnescape(key)
			if err != nil {
				t.Fatalf("extra header %q: %v", name, err)
			}
			gotExtra[strings.ToLower(unescaped)] = values
		}
	}
	if !reflect.DeepEqual(gotExtra, wantExtra) {
		t.Errorf("forwarded extra = %q, want %q", gotExtra, wantExtra)
	}
	if auth := h.Get("Authorization"); auth != "" {
		t.Errorf("the client's Authorization %q was forwarded", auth)
	}
	if proxied := h.Get("X-Kubernetes-Peer-Proxied"); proxied != "true" {
		t.Errorf("X-Kubernetes-Peer-Proxied = %q, want true", proxied)
	}
}

func TestRefusesRequestsWithoutAClientCertificate(t *testing.T) {
	up, got := upstream(t)
	target, _ := url.Parse(up.URL)
	w := httptest.NewRecorder()

	newProxy(target, up.Client().Transport).ServeHTTP(w, httptest.NewRequest(http.MethodGet, "https://hopfloor/version", nil))

	if w.Code != http.StatusUnauthorized {
		t.Errorf("got %d, want 401", w.Code)
	}
	if got.Load() != nil {
		t.Error("a request without a client certificate reached the upstream")
	}
}

func TestRefusesACertificateThatNamesNoUser(t *testing.T) {
	up, got := upstream(t)
	target, _ := url.Parse(up.URL)
	w := httptest.NewRecorder()

	newProxy(target, up.Client().Transport).ServeHTTP(w, requestWithClientCert("", "system:masters"))

	if w.Code != http.StatusUnauthorized {
		t.Errorf("got %d, want 401", w.Code)
	}
	if got.Load() != nil {
		t.Error("a request whose certificate has no common name reached the upstream")
	}
}

func TestUpstreamTransportSpeaksHTTP2UnlessAskedForHTTP1(t *testing.T) {
	// client-go's defaults leave HTTP/2 out when this is set.
	t.Setenv("DISABLE_HTTP2", "")
	for _, http1 := range []bool{false, true} {
		transport := newUpstreamTransport(&tls.Config{}, http1)
		_, h2 := transport.TLSNextProto["h2"]
		offered := slices.Contains(transport.TLSClientConfig.NextProtos, "h2")
		if h2 == http1 || offered == http1 {
			t.Errorf("http1=%v: h2 configured %v, offered in ALPN %v; want both %v", http1, h2, offered, !http1)
		}
	}
}

func TestNewServerNamesBadOptions(t *testing.T) {
	complete := options{listen: "127.0.0.1:0", certFile: "c", keyFile: "k", clientCAFile: "ca",
		upstream: "https://10.0.0.1:6443", upstreamCA: "uca", proxyCertFile: "pc", proxyKeyFile: "pk"}
	for name, tc := range map[string]struct {
		mutate func(*options)
		want   string
	}{
		"missing flag":      {func(o *options) { o.proxyKeyFile = "" }, "are required"},
		"plain upstream":    {func(o *options) { o.upstream = "http://10.0.0.1:6443" }, "-upstream must be an https URL"},
		"missing cert file": {func(o *options) {}, "serving certificate"},
	} {
		t.Run(name, func(t *testing.T) {
			o := complete
			tc.mutate(&o)
			_, err := newServer(o)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("newServer() error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}
