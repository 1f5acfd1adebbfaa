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

package kubeproxy

import (
	"errors"
	"fmt"
	"io"
	"net"
	"testing"
	"time"
)

// The backend's echo servers, behind the Service's ports.
const (
	backendTCPPort = 8080
	backendUDPPort = 8053
	dialTimeout    = 2 * time.Second
	// replyTimeout bounds the wait for an answer that must not come. A reply
	// through kube-proxy's rules takes well under a millisecond here; the
	// margin covers a loaded CI machine.
	replyTimeout = 2 * time.Second
)

// startEchoServers runs a TCP and a UDP echo server in the backend
// namespace; each answers "<backendIP> <request>".
func startEchoServers(t *testing.T, backend *netNS) {
	t.Helper()
	tcp := backend.listen(t, "tcp4", fmt.Sprintf("%s:%d", backendIP, backendTCPPort))
	go func() {
		for {
			conn, err := tcp.Accept()
			if err != nil {
				return
			}
			go func() {
				defer conn.Close()
				buf := make([]byte, 512)
				n, err := conn.Read(buf)
				if err != nil {
					return
				}
				_, _ = fmt.Fprintf(conn, "%s %s", backendIP, buf[:n])
			}()
		}
	}()
	udp := backend.listenPacket(t, "udp4", fmt.Sprintf("%s:%d", backendIP, backendUDPPort))
	go func() {
		buf := make([]byte, 512)
		for {
			n, from, err := udp.ReadFrom(buf)
			if err != nil {
				return
			}
			_, _ = udp.WriteTo([]byte(fmt.Sprintf("%s %s", backendIP, buf[:n])), from)
		}
	}()
}

// tcpEcho opens a new connection from the client to address and returns the
// echo of one request.
func tcpEcho(client *netNS, address, request string) (string, error) {
	conn, err := client.dial("tcp4", address)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	return exchange(conn, request)
}

// exchange sends one request on conn and reads one answer.
func exchange(conn net.Conn, request string) (string, error) {
	if err := conn.SetDeadline(time.Now().Add(replyTimeout)); err != nil {
		return "", err
	}
	if _, err := conn.Write([]byte(request)); err != nil {
		return "", err
	}
	buf := make([]byte, 512)
	n, err := conn.Read(buf)
	if err != nil && !errors.Is(err, io.EOF) {
		return "", err
	}
	return string(buf[:n]), nil
}
