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
	"io"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestHTTPAnswersWithThePodName(t *testing.T) {
	srv := httptest.NewServer(handler("web-0"))
	defer srv.Close()
	for path, want := range map[string]string{"/": "web-0\n", "/any/path": "web-0\n", "/healthz": "ok\n"} {
		resp, err := srv.Client().Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(body) != want {
			t.Errorf("GET %s: %q, want %q", path, body, want)
		}
	}
}

func TestUDPEchoesPrefixedWithThePodName(t *testing.T) {
	conn, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	go func() { _ = serveUDP(conn, "web-1") }()
	client, err := net.Dial("udp", conn.LocalAddr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	_ = client.SetDeadline(time.Now().Add(5 * time.Second))
	for _, msg := range []string{"hello", "again"} {
		if _, err := client.Write([]byte(msg)); err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 1024)
		n, err := client.Read(buf)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(buf[:n]); got != "web-1 "+msg {
			t.Errorf("reply %q, want %q", got, "web-1 "+msg)
		}
	}
}

func TestPodNamePrefersTheDownwardAPI(t *testing.T) {
	t.Setenv("POD_NAME", "from-env")
	if got := podName(); got != "from-env" {
		t.Errorf("podName %q with POD_NAME set", got)
	}
	t.Setenv("POD_NAME", "")
	if got := podName(); got == "" || strings.Contains(got, " ") {
		t.Errorf("podName %q without POD_NAME, want the host name", got)
	}
}
