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
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	apidiscoveryv2 "k8s.io/api/apidiscovery/v2"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/rest"
)

const (
	// acceptMerged asks for aggregated discovery, which is peer-aggregated
	// when the server has peers.
	acceptMerged = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"
	// acceptNoPeer asks for the server's own view only.
	acceptNoPeer = discovery.AcceptV2NoPeer
)

// discoveryResponse is one answer of /apis.
type discoveryResponse struct {
	status int
	etag   string
	groups map[string][]string // group -> versions
}

func (d discoveryResponse) has(group, version string) bool {
	for _, v := range d.groups[group] {
		if v == version {
			return true
		}
	}
	return false
}

// servedByEveryServer is a group-version every server of these tests
// serves itself. A document that lacks it is not one an absence can be
// read from: the "not listed" assertions check it next to what must be
// absent.
const servedByEveryServer = "apps/v1"

// lacks reports whether d does not list group/version although it lists
// servedByEveryServer, so a document that lists nothing never counts as
// "group-version absent".
func (d discoveryResponse) lacks(group, version string) bool {
	served, servedVersion, _ := strings.Cut(servedByEveryServer, "/")
	return d.has(served, servedVersion) && !d.has(group, version)
}

// expectNotListed fails t unless d, /apis of s, lists servedByEveryServer
// but not group/version.
func expectNotListed(t testing.TB, s *apiserver, d discoveryResponse, what, group, version string) {
	t.Helper()
	if !d.lacks(group, version) {
		t.Errorf("%s /apis of %s: want %s listed and %s/%s not listed, got %v", what, s.name, servedByEveryServer, group, version, d.groups)
	}
}

// getAPIs fetches /apis from s with accept and fails t on any answer but
// 200 (or 304, when ifNoneMatch is set), naming the status and the body.
func getAPIs(t testing.TB, s *apiserver, accept, ifNoneMatch string) discoveryResponse {
	t.Helper()
	d, err := fetchAPIs(s, accept, ifNoneMatch)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// fetchAPIs fetches /apis from s with accept, sending ifNoneMatch when set.
// Any answer but 200, or 304 to ifNoneMatch, is an error naming the status
// and the body, never an empty list of groups.
func fetchAPIs(s *apiserver, accept, ifNoneMatch string) (discoveryResponse, error) {
	client, err := rest.HTTPClientFor(s.admin)
	if err != nil {
		return discoveryResponse{}, err
	}
	req, err := http.NewRequest(http.MethodGet, s.admin.Host+"/apis", nil)
	if err != nil {
		return discoveryResponse{}, err
	}
	req.Header.Set("Accept", accept)
	if ifNoneMatch != "" {
		req.Header.Set("If-None-Match", ifNoneMatch)
	}
	resp, err := client.Do(req)
	if err != nil {
		return discoveryResponse{}, fmt.Errorf("GET /apis from %s: %w", s.name, err)
	}
	defer func() { _ = resp.Body.Close() }()
	out := discoveryResponse{status: resp.StatusCode, etag: resp.Header.Get("ETag"), groups: map[string][]string{}}
	switch {
	case resp.StatusCode == http.StatusOK:
	case resp.StatusCode == http.StatusNotModified && ifNoneMatch != "":
		return out, nil
	default:
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return discoveryResponse{}, fmt.Errorf("GET /apis (Accept %s) from %s answered %d, want 200: %s", accept, s.name, resp.StatusCode, body)
	}
	var list apidiscoveryv2.APIGroupDiscoveryList
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		return discoveryResponse{}, fmt.Errorf("decoding /apis of %s: %w", s.name, err)
	}
	if list.Kind != "APIGroupDiscoveryList" {
		return discoveryResponse{}, fmt.Errorf("/apis of %s (Accept %s) is a %q, want an APIGroupDiscoveryList", s.name, accept, list.Kind)
	}
	for _, g := range list.Items {
		for _, v := range g.Versions {
			out.groups[g.Name] = append(out.groups[g.Name], v.Version)
		}
	}
	return out, nil
}

// waitForDiscovery polls s's merged /apis until cond holds. On timeout it
// fails t with the last document (or the last error) it saw.
func waitForDiscovery(t testing.TB, s *apiserver, what string, timeout time.Duration, cond func(discoveryResponse) bool) {
	t.Helper()
	var last discoveryResponse
	var lastErr error
	err := wait.PollUntilContextTimeout(context.Background(), 250*time.Millisecond, timeout, true, func(context.Context) (bool, error) {
		last, lastErr = fetchAPIs(s, acceptMerged, "")
		return lastErr == nil && cond(last), nil
	})
	if err != nil {
		t.Fatalf("%s: merged /apis of %s never showed that %s within %v: last error %v, last groups %v", t.Name(), s.name, what, timeout, lastErr, last.groups)
	}
}
