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

package workload

import (
	"context"
	"crypto/tls"
	"fmt"
	"strings"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
)

// Storage reads what kube-apiserver stored in etcd, for the final checks:
// whether an object still exists must not depend on the servers under test.
type Storage struct {
	client *clientv3.Client
	prefix string
}

// NewStorage connects to etcd; prefix is kube-apiserver's --etcd-prefix.
// tlsConfig is nil for etcd without TLS (the local cluster's) and the
// client certificate kube-apiserver uses for etcd that requires one
// (kubeadm's).
func NewStorage(endpoints []string, prefix string, tlsConfig *tls.Config) (*Storage, error) {
	c, err := clientv3.New(clientv3.Config{Endpoints: endpoints, DialTimeout: 10 * time.Second, TLS: tlsConfig})
	if err != nil {
		return nil, fmt.Errorf("connecting to etcd %v: %w", endpoints, err)
	}
	return &Storage{client: c, prefix: strings.TrimSuffix(prefix, "/")}, nil
}

// Close ends the connection.
func (s *Storage) Close() error { return s.client.Close() }

// Exists says whether the object of resource (as kube-apiserver names its
// storage, e.g. "configmaps", "jobs", "clusterroles") is stored; namespace
// is empty for a cluster-scoped object.
func (s *Storage) Exists(ctx context.Context, resource, namespace, name string) (bool, error) {
	key := s.prefix + "/" + resource + "/"
	if namespace != "" {
		key += namespace + "/"
	}
	resp, err := s.client.Get(ctx, key+name, clientv3.WithCountOnly())
	if err != nil {
		return false, err
	}
	return resp.Count > 0, nil
}

// Keys returns every stored key that belongs to namespace: its objects
// (<prefix>/<resource>/<namespace>/<name>) and the namespace itself.
func (s *Storage) Keys(ctx context.Context, namespace string) ([]string, error) {
	resp, err := s.client.Get(ctx, s.prefix+"/", clientv3.WithPrefix(), clientv3.WithKeysOnly())
	if err != nil {
		return nil, err
	}
	var keys []string
	for _, kv := range resp.Kvs {
		key := string(kv.Key)
		if strings.Contains(key, "/"+namespace+"/") || key == s.prefix+"/namespaces/"+namespace {
			keys = append(keys, key)
		}
	}
	return keys, nil
}
