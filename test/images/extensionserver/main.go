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

// Command extensionserver is the local clusters' API extension served by a
// Pod, the way cert-manager, policy engines and metrics-server extend a
// real cluster: over one HTTPS port it is a validating admission webhook
// (/validate), the conversion webhook of a CRD (/convert) and the backend
// of an APIService (/apis/tally.kubecarry.io/v1). The checks of
// hack/local-up-cluster.sh --test and hack/kubeadm-cluster.sh test use each
// through every kube-apiserver, the older one included.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	addr := flag.String("listen", ":8443", "HTTPS listen address")
	certFile := flag.String("tls-cert-file", "", "serving certificate (PEM)")
	keyFile := flag.String("tls-private-key-file", "", "serving certificate's key (PEM)")
	flag.Parse()
	if *certFile == "" || *keyFile == "" {
		fmt.Fprintln(os.Stderr, "extensionserver: --tls-cert-file and --tls-private-key-file are required: webhooks and APIServices are called over TLS")
		os.Exit(2)
	}
	if err := run(*addr, *certFile, *keyFile); err != nil {
		fmt.Fprintln(os.Stderr, "extensionserver:", err)
		os.Exit(1)
	}
}

func run(addr, certFile, keyFile string) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	srv := &http.Server{Addr: addr, Handler: newHandler(servedBy()), ReadHeaderTimeout: 10 * time.Second}
	errs := make(chan error, 1)
	go func() { errs <- srv.ListenAndServeTLS(certFile, keyFile) }()
	select {
	case err := <-errs:
		return err
	case <-ctx.Done():
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
}

// servedBy names this server in what it answers: POD_NAME (the downward
// API), else the host name, which is the Pod's name in a Pod.
func servedBy() string {
	if n := os.Getenv("POD_NAME"); n != "" {
		return n
	}
	if n, err := os.Hostname(); err == nil {
		return n
	}
	return "unknown"
}

// newHandler routes the three extension points and a health check.
func newHandler(name string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /validate", validate)
	mux.HandleFunc("POST /convert", convert)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok")) })
	aggregated := &tallyAPI{servedBy: name}
	mux.Handle("GET /apis", aggregated)
	mux.Handle("GET /apis/", aggregated)
	return mux
}

// writeJSON answers code with v as JSON.
func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}
