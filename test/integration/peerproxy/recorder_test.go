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

package peerproxy

import (
	"crypto/tls"
	"crypto/x509"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/kubecarry/kubecarry/test/integration/harness"
)

// peerRecorder stands in front of one kube-apiserver as the address it
// advertises to its peers (--peer-advertise-ip/--peer-advertise-port), so a
// test sees exactly what a source server sends to that peer. It terminates
// the peers' mutual TLS the way the real server does (serving certificate
// of the cluster CA, front-proxy client certificates required) and forwards
// each request unchanged, presenting the front-proxy client certificate.
// Closing it makes the peer unreachable while its leases stay behind, as
// after a crash.
type peerRecorder struct {
	listener net.Listener
	server   *http.Server
	backend  atomic.Pointer[url.URL]

	// connections counts the connections peers opened to the recorder.
	connections atomic.Int64

	mu       sync.Mutex
	requests []recordedRequest
}

type recordedRequest struct {
	Method, Path string
	// Proto is the protocol the peer spoke, e.g. "HTTP/2.0".
	Proto  string
	Header http.Header
}

func newPeerRecorder(t testing.TB, pki *harness.PKI) *peerRecorder {
	t.Helper()
	serving, err := tls.LoadX509KeyPair(pki.ServingCertFile, pki.ServingKeyFile)
	if err != nil {
		t.Fatal(err)
	}
	client, err := tls.LoadX509KeyPair(pki.FrontProxyClientCert, pki.FrontProxyClientKey)
	if err != nil {
		t.Fatal(err)
	}
	clusterCA, frontProxyCA := certPool(t, pki.CAFile), certPool(t, pki.FrontProxyCAFile)

	r := &peerRecorder{}
	proxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(r.backend.Load())
			pr.Out.Host = pr.In.Host
		},
		Transport: &http.Transport{
			TLSClientConfig: &tls.Config{
				Certificates: []tls.Certificate{client},
				RootCAs:      clusterCA,
				ServerName:   harness.PeerServerName,
			},
			ForceAttemptHTTP2: true,
		},
		// Watches must stream through.
		FlushInterval: -1,
	}
	r.listener, err = tls.Listen("tcp", "127.0.0.1:0", &tls.Config{
		Certificates: []tls.Certificate{serving},
		ClientAuth:   tls.RequireAndVerifyClientCert,
		ClientCAs:    frontProxyCA,
		NextProtos:   []string{"h2", "http/1.1"},
	})
	if err != nil {
		t.Fatal(err)
	}
	r.server = &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			r.mu.Lock()
			r.requests = append(r.requests, recordedRequest{Method: req.Method, Path: req.URL.Path, Proto: req.Proto, Header: req.Header.Clone()})
			r.mu.Unlock()
			proxy.ServeHTTP(w, req)
		}),
		ConnState: func(_ net.Conn, state http.ConnState) {
			if state == http.StateNew {
				r.connections.Add(1)
			}
		},
	}
	go func() { _ = r.server.Serve(r.listener) }()
	t.Cleanup(r.kill)
	return r
}

// forwardTo points the recorder at the real server.
func (r *peerRecorder) forwardTo(hostPort string) {
	r.backend.Store(&url.URL{Scheme: "https", Host: hostPort})
}

// advertiseFlags make a kube-apiserver give the recorder's address to peers.
func (r *peerRecorder) advertiseFlags() []string {
	addr := r.listener.Addr().(*net.TCPAddr)
	return []string{"--peer-advertise-ip=" + addr.IP.String(), "--peer-advertise-port=" + strconv.Itoa(addr.Port)}
}

// requestsFor returns the recorded requests for path.
func (r *peerRecorder) requestsFor(path string) []recordedRequest {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []recordedRequest
	for _, req := range r.requests {
		if req.Path == path {
			out = append(out, req)
		}
	}
	return out
}

// kill closes the listener and every open connection, as a crash would:
// dials to the advertised address now fail.
func (r *peerRecorder) kill() { _ = r.server.Close() }

func certPool(t testing.TB, file string) *x509.CertPool {
	t.Helper()
	pem, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		t.Fatalf("no certificate in %s", file)
	}
	return pool
}
