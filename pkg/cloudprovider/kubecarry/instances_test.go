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

package kubecarry

import (
	"context"
	"errors"
	"fmt"
	"net"
	"reflect"
	"strings"
	"testing"

	v1 "k8s.io/api/core/v1"
	cloudprovider "k8s.io/cloud-provider"
)

func testInstances(t *testing.T) *instances {
	t.Helper()
	return &instances{inventory: newInventory(mustLoadConfig(t, validConfig))}
}

func TestInstanceMetadata(t *testing.T) {
	i := testInstances(t)
	ctx := context.Background()

	got, err := i.InstanceMetadata(ctx, nodeNamed("node-a", ""))
	if err != nil {
		t.Fatalf("InstanceMetadata(node-a): %v", err)
	}
	want := &cloudprovider.InstanceMetadata{
		ProviderID:   "kubecarry://node-a",
		InstanceType: "metal.large",
		NodeAddresses: []v1.NodeAddress{
			{Type: v1.NodeInternalIP, Address: "10.0.0.11"},
			{Type: v1.NodeHostName, Address: "node-a"},
		},
		Zone:   "dc1-a", // the top-level default
		Region: "dc1",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("InstanceMetadata(node-a) = %+v, want %+v", got, want)
	}

	// node-b has its own instance ID and zone, and is found by provider ID
	// even when its Node name no longer matches.
	got, err = i.InstanceMetadata(ctx, nodeNamed("renamed", "kubecarry://rack2-slot4"))
	if err != nil {
		t.Fatalf("InstanceMetadata by provider ID: %v", err)
	}
	if got.ProviderID != "kubecarry://rack2-slot4" || got.Zone != "dc1-b" {
		t.Errorf("InstanceMetadata by provider ID = %+v, want provider ID kubecarry://rack2-slot4 in zone dc1-b", got)
	}

	// Upstream's controllers compare with ==, so the sentinel itself,
	// not a wrapped copy.
	if _, err := i.InstanceMetadata(ctx, nodeNamed("node-z", "")); err != cloudprovider.InstanceNotFound { //nolint:errorlint // see above
		t.Errorf("InstanceMetadata(unknown node) error = %v, want cloudprovider.InstanceNotFound itself", err)
	}
	if _, err := i.InstanceShutdown(ctx, nodeNamed("node-z", "")); err != cloudprovider.InstanceNotFound { //nolint:errorlint // see above
		t.Errorf("InstanceShutdown(unknown node) error = %v, want cloudprovider.InstanceNotFound itself", err)
	}
}

// A wrapped "instance not found" is still a successful answer of the cloud
// and does not count as an error.
func TestIgnoreNotFoundUnwraps(t *testing.T) {
	wrapped := fmt.Errorf("looking up node-z: %w", cloudprovider.InstanceNotFound)
	if err := ignoreNotFound(wrapped); err != nil {
		t.Errorf("ignoreNotFound(%v) = %v, want nil", wrapped, err)
	}
	other := errors.New("inventory unavailable")
	if err := ignoreNotFound(other); err != other { //nolint:errorlint // the same error must come back
		t.Errorf("ignoreNotFound(%v) = %v, want it back", other, err)
	}
}

// The routes' "not an instance" error wraps cloudprovider.InstanceNotFound,
// so callers can tell it with errors.Is.
func TestNextHopOfAnUnknownNodeIsInstanceNotFound(t *testing.T) {
	inv := newInventory(mustLoadConfig(t, validConfig))
	_, dst, _ := net.ParseCIDR("10.244.1.0/24")
	_, err := inv.nextHop("node-z", dst)
	if !errors.Is(err, cloudprovider.InstanceNotFound) || !strings.Contains(err.Error(), "node-z") {
		t.Fatalf("nextHop(node-z) = %v, want an error naming node-z that is cloudprovider.InstanceNotFound", err)
	}
}

func TestInstanceExists(t *testing.T) {
	i := testInstances(t)
	ctx := context.Background()
	for _, tc := range []struct {
		node *v1.Node
		want bool
	}{
		{nodeNamed("node-a", ""), true},
		{nodeNamed("node-a", "kubecarry://node-a"), true},
		{nodeNamed("node-z", ""), false},
		// The provider ID wins over the name: this machine is gone.
		{nodeNamed("node-a", "kubecarry://gone"), false},
	} {
		got, err := i.InstanceExists(ctx, tc.node)
		if err != nil {
			t.Errorf("InstanceExists(%s, %q): %v", tc.node.Name, tc.node.Spec.ProviderID, err)
		}
		if got != tc.want {
			t.Errorf("InstanceExists(%s, %q) = %v, want %v", tc.node.Name, tc.node.Spec.ProviderID, got, tc.want)
		}
	}
}

// A Node of another provider must not look deleted: "not found" would make
// the node lifecycle controller delete it.
func TestForeignProviderIDIsAnError(t *testing.T) {
	i := testInstances(t)
	exists, err := i.InstanceExists(context.Background(), nodeNamed("node-a", "aws:///eu-west-1a/i-0123"))
	if err == nil || errors.Is(err, cloudprovider.InstanceNotFound) || !strings.Contains(err.Error(), "not a kubecarry provider ID") {
		t.Fatalf("InstanceExists(foreign provider ID) = %v, %v; want an error that is not InstanceNotFound", exists, err)
	}
}

func TestInstanceShutdown(t *testing.T) {
	cfg := mustLoadConfig(t, validConfig)
	cfg.Instances[1].Shutdown = true
	i := &instances{inventory: newInventory(cfg)}
	ctx := context.Background()
	if down, err := i.InstanceShutdown(ctx, nodeNamed("node-a", "")); err != nil || down {
		t.Errorf("InstanceShutdown(node-a) = %v, %v; want false", down, err)
	}
	if down, err := i.InstanceShutdown(ctx, nodeNamed("node-b", "")); err != nil || !down {
		t.Errorf("InstanceShutdown(node-b) = %v, %v; want true", down, err)
	}
}
