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
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"k8s.io/client-go/rest"
)

const (
	// acceptMerged asks for aggregated discovery, peer-aggregated when the
	// server has peers; acceptNoPeer for the server's own view.
	acceptMerged = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"
	acceptNoPeer = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList;profile=nopeer"
)

// server is one kube-apiserver the benchmark talks to as the cluster's
// admin.
type server struct {
	name   string
	config *rest.Config
	client *http.Client
}

func newServer(name, url, ca, cert, key string) (*server, error) {
	config := &rest.Config{Host: url, TLSClientConfig: rest.TLSClientConfig{CAFile: ca, CertFile: cert, KeyFile: key}, QPS: 1000, Burst: 1000}
	client, err := newHTTPClient(config)
	if err != nil {
		return nil, fmt.Errorf("client for %s: %w", url, err)
	}
	return &server{name: name, config: config, client: client}, nil
}

// newHTTPClient builds a client with a connection of its own: a Dial
// function makes client-go build a transport instead of sharing its cached
// one.
func newHTTPClient(config *rest.Config) (*http.Client, error) {
	c := rest.CopyConfig(config)
	c.Dial = (&net.Dialer{Timeout: 10 * time.Second}).DialContext
	return rest.HTTPClientFor(c)
}

// get GETs path with accept (and If-None-Match when etag is set) and
// returns the status, the body and the ETag.
func get(ctx context.Context, client *http.Client, url, path, accept, etag string) (int, []byte, string, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url+path, nil)
	if err != nil {
		return 0, nil, "", err
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, "", err
	}
	defer func() { _ = resp.Body.Close() }()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, body, resp.Header.Get("ETag"), err
}

// status is the status of a GET of path.
func (s *server) status(ctx context.Context, path string) int {
	code, _, _, err := get(ctx, s.client, s.config.Host, path, "application/json", "")
	if err != nil {
		return 0
	}
	return code
}

// groupWatcher follows one server's merged /apis with conditional GETs.
type groupWatcher struct {
	s      *server
	etag   string
	groups map[string]bool
}

// lists reports whether merged /apis lists group now.
func (w *groupWatcher) lists(ctx context.Context, group string) bool {
	code, body, etag, err := get(ctx, w.s.client, w.s.config.Host, "/apis", acceptMerged, w.etag)
	if err != nil {
		return false
	}
	if code == http.StatusOK {
		groups, err := groupNames(body)
		if err != nil {
			return false
		}
		w.groups, w.etag = groups, etag
	}
	return w.groups[group]
}

// groupNames reads the group names of an APIGroupDiscoveryList.
func groupNames(body []byte) (map[string]bool, error) {
	var list struct {
		Items []struct {
			Metadata struct {
				Name string `json:"name"`
			} `json:"metadata"`
		} `json:"items"`
	}
	if err := json.Unmarshal(body, &list); err != nil {
		return nil, err
	}
	names := map[string]bool{}
	for _, item := range list.Items {
		names[item.Metadata.Name] = true
	}
	return names, nil
}

// poll calls cond every interval until it holds or timeout passes, and
// returns the time from start until it held.
func poll(ctx context.Context, start time.Time, interval, timeout time.Duration, cond func() bool) (time.Duration, bool) {
	deadline := start.Add(timeout)
	for {
		if cond() {
			return time.Since(start), true
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return time.Since(start), false
		}
		time.Sleep(interval)
	}
}
