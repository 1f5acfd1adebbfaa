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
	"bufio"
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/websocket"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
)

// TestWebSocketWatchThroughTheProxy: a WebSocket watch of Jobs through the
// server that does not serve them is an upgrade request, which the proxy
// dials itself rather than sending through its round tripper. It reaches
// the peer with the peer transport's TLS client certificate and the
// caller's identity, delivers the ADDED event, and a caller without
// "watch" on Jobs is refused.
func TestWebSocketWatchThroughTheProxy(t *testing.T) {
	cp := newControlPlane(t)
	recorder := newPeerRecorder(t, cp.pki)
	newer := cp.start("newer", true, recorder.advertiseFlags()...)
	recorder.forwardTo(newer.hostPort(t))
	older := cp.start("older", true, olderServerRuntimeConfig)

	const ns = "websocket"
	createNamespace(t, newer, ns)
	if _, err := newer.client.BatchV1().Jobs(ns).Create(context.Background(), newJob("watched"), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	grantJobVerbs(t, newer, ns, "alice", "job-watcher", "get", "list", "watch")
	grantJobReader(t, newer, ns, "bob") // get and list, no watch
	waitForJobsThrough(t, older, ns)
	waitForJobAccess(t, older, ns, "alice")

	jobsPath := "/apis/batch/v1/namespaces/" + ns + "/jobs"
	watchQuery := "watch=true&resourceVersion=0"

	ws := dialWebSocket(t, cp.userConfig(older, "alice"), jobsPath+"?"+watchQuery)
	defer func() { _ = ws.Close() }()
	_ = ws.SetReadDeadline(time.Now().Add(30 * time.Second))
	var frame []byte
	if err := websocket.Message.Receive(ws, &frame); err != nil {
		t.Fatalf("reading the first watch event through %s: %v", older.name, err)
	}
	var event struct {
		Type   string `json:"type"`
		Object struct {
			Metadata metav1.ObjectMeta `json:"metadata"`
		} `json:"object"`
	}
	if err := json.Unmarshal(frame, &event); err != nil {
		t.Fatalf("watch event %q: %v", frame, err)
	}
	if event.Type != "ADDED" || event.Object.Metadata.Name != "watched" {
		t.Errorf("first watch event through %s: %s %q, want ADDED of Job watched", older.name, event.Type, event.Object.Metadata.Name)
	}

	var upgraded bool
	for _, req := range recorder.requestsFor(jobsPath) {
		if !strings.EqualFold(req.Header.Get("Upgrade"), "websocket") {
			continue
		}
		upgraded = true
		if got := req.Header.Get("X-Remote-User"); got != "alice" {
			t.Errorf("the peer received the WebSocket watch as %q, want alice", got)
		}
	}
	if !upgraded {
		t.Errorf("no WebSocket upgrade request reached the peer (requests for %s: %d)", jobsPath, len(recorder.requestsFor(jobsPath)))
	}

	if code := upgradeStatus(t, cp.userConfig(older, "bob"), jobsPath+"?"+watchQuery); code != http.StatusForbidden {
		t.Errorf("bob (no watch on jobs) opening a WebSocket watch through %s: %d, want 403", older.name, code)
	}
}

// dialWebSocket opens a WebSocket to pathAndQuery of config's server with
// config's client certificate.
func dialWebSocket(t *testing.T, config *rest.Config, pathAndQuery string) *websocket.Conn {
	t.Helper()
	tlsConfig, server := webSocketTarget(t, config)
	wsConfig, err := websocket.NewConfig("wss://"+server.Host+pathAndQuery, "https://"+server.Host)
	if err != nil {
		t.Fatal(err)
	}
	wsConfig.TlsConfig = tlsConfig
	ws, err := websocket.DialConfig(wsConfig)
	if err != nil {
		t.Fatalf("opening a WebSocket to %s: %v", pathAndQuery, err)
	}
	return ws
}

// upgradeStatus sends a WebSocket upgrade request for pathAndQuery and
// returns the status code of the answer.
func upgradeStatus(t *testing.T, config *rest.Config, pathAndQuery string) int {
	t.Helper()
	tlsConfig, server := webSocketTarget(t, config)
	conn, err := tls.Dial("tcp", server.Host, tlsConfig)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	_, err = fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"+
		"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n", pathAndQuery, server.Host)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the answer to an upgrade request: %v", err)
	}
	_ = resp.Body.Close()
	return resp.StatusCode
}

// webSocketTarget returns the TLS configuration (HTTP/1.1 only: an upgrade
// cannot ride HTTP/2) and the URL of config's server.
func webSocketTarget(t *testing.T, config *rest.Config) (*tls.Config, *url.URL) {
	t.Helper()
	tlsConfig, err := rest.TLSConfigFor(config)
	if err != nil {
		t.Fatal(err)
	}
	tlsConfig.NextProtos = []string{"http/1.1"}
	server, err := url.Parse(config.Host)
	if err != nil {
		t.Fatal(err)
	}
	return tlsConfig, server
}
