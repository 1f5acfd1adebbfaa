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

// Package kubeproxy tests the built kube-proxy binary end to end: in network
// namespaces it creates (client ⇄ node ⇄ backend, veth links only, nothing
// routed out of them), it runs _output/bin/kube-proxy in the node namespace
// against a real kube-apiserver over real etcd and sends real packets. It
// needs root and the tools hack/install-e2e-deps.sh installs.
package kubeproxy

import (
	"testing"

	"github.com/kubecarry/kubecarry/test/integration/harness"
)

func TestMain(m *testing.M) {
	harness.EtcdMain(m.Run)
}
