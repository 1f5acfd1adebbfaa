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

// Command echoserver is the local cluster's test server: over HTTP it
// answers with the name of its Pod, over UDP it sends every datagram back
// prefixed with that name, so a client can tell which backend a Service
// sent it to, over either protocol. With --lookup it is a client instead: it
// resolves names through the Pod's resolver (cluster DNS) and exits, which
// is what the local cluster's DNS check and its Job run.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	httpAddr := flag.String("http", ":8080", "HTTP listen address")
	udpAddr := flag.String("udp", ":8081", "UDP listen address")
	lookup := flag.String("lookup", "", "comma-separated names to resolve and print; exits 0 only if every name resolves")
	flag.Parse()
	if *lookup != "" {
		if err := lookupWithTimeout(*lookup); err != nil {
			fmt.Fprintln(os.Stderr, "echoserver:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*httpAddr, *udpAddr); err != nil {
		fmt.Fprintln(os.Stderr, "echoserver:", err)
		os.Exit(1)
	}
}

// podName is the name the server answers with: POD_NAME (set from the
// downward API), else the host name, which is the Pod's name in a Pod.
func podName() string {
	if n := os.Getenv("POD_NAME"); n != "" {
		return n
	}
	n, err := os.Hostname()
	if err != nil {
		return "unknown"
	}
	return n
}

func run(httpAddr, udpAddr string) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	name := podName()
	udp, err := net.ListenPacket("udp", udpAddr)
	if err != nil {
		return err
	}
	defer udp.Close()
	go func() { _ = serveUDP(udp, name) }()

	srv := &http.Server{Addr: httpAddr, Handler: handler(name), ReadHeaderTimeout: 10 * time.Second}
	errs := make(chan error, 1)
	go func() { errs <- srv.ListenAndServe() }()
	fmt.Fprintf(os.Stderr, "echoserver %s: HTTP on %s, UDP on %s\n", name, httpAddr, udp.LocalAddr())
	select {
	case err := <-errs:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// handler answers every path with the Pod's name, except /healthz.
func handler(name string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "ok") })
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, name) })
	return mux
}

// serveUDP answers each datagram with "<name> <datagram>" until conn is
// closed.
func serveUDP(conn net.PacketConn, name string) error {
	buf := make([]byte, 64*1024)
	for {
		n, from, err := conn.ReadFrom(buf)
		if err != nil {
			return err
		}
		reply := append([]byte(name+" "), buf[:n]...)
		if _, err := conn.WriteTo(reply, from); err != nil {
			fmt.Fprintf(os.Stderr, "echoserver: answering %s: %v\n", from, err)
		}
	}
}
