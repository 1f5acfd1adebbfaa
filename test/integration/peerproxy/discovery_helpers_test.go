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
	"net/http"
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

// getAPIs fetches /apis from s with accept, sending ifNoneMatch when set.
func getAPIs(t testing.TB, s *apiserver, accept, ifNoneMatch string) discoveryResponse {
	t.Helper()
	client, err := rest.HTTPClientFor(s.admin)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodGet, s.admin.Host+"/apis", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", accept)
	if ifNoneMatch != "" {
		req.Header.Set("If-None-Match", ifNoneMatch)
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("GET /apis from %s: %v", s.name, err)
	}
	defer func() { _ = resp.Body.Close() }()
	out := discoveryResponse{status: resp.StatusCode, etag: resp.Header.Get("ETag"), groups: map[string][]string{}}
	if resp.StatusCode != http.StatusOK {
		return out
	}
	var list apidiscoveryv2.APIGroupDiscoveryList
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatalf("decoding /apis of %s: %v", s.name, err)
	}
	for _, g := range list.Items {
		for _, v := range g.Versions {
			out.groups[g.Name] = append(out.groups[g.Name], v.Version)
		}
	}
	return out
}

// waitForDiscovery polls s's merged /apis until cond holds.
func waitForDiscovery(t testing.TB, s *apiserver, what string, timeout time.Duration, cond func(discoveryResponse) bool) {
	t.Helper()
	err := wait.PollUntilContextTimeout(context.Background(), 250*time.Millisecond, timeout, true, func(context.Context) (bool, error) {
		return cond(getAPIs(t, s, acceptMerged, "")), nil
	})
	if err != nil {
		t.Fatalf("%s: merged /apis of %s never showed that %s", t.Name(), s.name, what)
	}
}
