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
	"crypto/sha256"
	"encoding/base32"
	"fmt"
	"path"
	"strings"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"golang.org/x/crypto/cryptobyte"
	coordinationv1 "k8s.io/api/coordination/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	controlplaneapiserver "k8s.io/kubernetes/pkg/controlplane/apiserver"
)

// waitForIdentityLease returns the identity lease of s, read through
// reader. (Its hostname label is the machine's, shared by all in-process
// servers, so the lease is found by name.)
func waitForIdentityLease(t testing.TB, reader, s *apiserver) *coordinationv1.Lease {
	t.Helper()
	var found *coordinationv1.Lease
	var last string
	name := apiserverID(s.name)
	err := wait.PollUntilContextTimeout(context.Background(), 200*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		lease, err := reader.client.CoordinationV1().Leases(metav1.NamespaceSystem).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			last = err.Error()
			return false, nil
		}
		if lease.Labels[controlplaneapiserver.IdentityLeaseComponentLabelKey] != controlplaneapiserver.KubeAPIServer {
			last = fmt.Sprintf("the lease has labels %v", lease.Labels)
			return false, nil
		}
		found = lease
		return true, nil
	})
	if err != nil {
		t.Fatalf("no identity lease %s for %s read through %s: %v (last: %s)", name, s.name, reader.name, err, last)
	}
	return found
}

// apiserverID is the identity kube-apiserver derives from its hostname
// (k8s.io/apiserver/pkg/server.NewConfig): "apiserver-" and the lower-case
// unpadded base32 of the first 16 bytes of the SHA-256 of the
// length-prefixed hostname and "kube-apiserver".
func apiserverID(hostname string) string {
	b := cryptobyte.NewBuilder(nil)
	b.AddUint16LengthPrefixed(func(b *cryptobyte.Builder) { b.AddBytes([]byte(hostname)) })
	b.AddUint16LengthPrefixed(func(b *cryptobyte.Builder) { b.AddBytes([]byte("kube-apiserver")) })
	data, err := b.Bytes()
	if err != nil {
		panic(err)
	}
	hash := sha256.Sum256(data)
	return "apiserver-" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(hash[:16]))
}

// peerEndpointLeaseKeys lists the etcd keys of the peer endpoint leases
// (upstream stores them under <prefix>/peerserverleases/, not as API
// objects).
func peerEndpointLeaseKeys(t testing.TB, s *apiserver) []string {
	t.Helper()
	prefix := path.Join("/", s.server.EtcdStoragePrefix, "peerserverleases") + "/"
	resp, err := s.server.EtcdClient.Get(context.Background(), prefix, clientv3.WithPrefix(), clientv3.WithKeysOnly())
	if err != nil {
		t.Fatalf("reading %s from etcd: %v", prefix, err)
	}
	var keys []string
	for _, kv := range resp.Kvs {
		keys = append(keys, string(kv.Key))
	}
	return keys
}

// waitForPeerEndpointLease waits until some peer endpoint lease exists.
func waitForPeerEndpointLease(t testing.TB, s *apiserver) {
	t.Helper()
	err := wait.PollUntilContextTimeout(context.Background(), 200*time.Millisecond, 30*time.Second, true, func(context.Context) (bool, error) {
		return len(peerEndpointLeaseKeys(t, s)) > 0, nil
	})
	if err != nil {
		// peerEndpointLeaseKeys fails t itself when etcd cannot be read.
		t.Fatalf("no peer endpoint lease in etcd for %s within 30s: etcd holds no key under its peerserverleases prefix", s.name)
	}
}
