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

package harness

import (
	"fmt"
	"os"

	"k8s.io/kubernetes/test/integration/framework"
)

// EtcdMain is framework.EtcdMain with the test server fixtures prepared: it
// starts a real etcd (found on PATH, see hack/install-etcd.sh, or reused from
// KUBE_INTEGRATION_ETCD_URL), runs the tests and exits with their result.
func EtcdMain(tests func() int) {
	cleanup, err := PrepareTestServerFixtures()
	if err != nil {
		fmt.Fprintf(os.Stderr, "cannot run integration tests: %v\n", err)
		os.Exit(1)
	}
	framework.EtcdMain(func() int {
		defer cleanup()
		return tests()
	})
}
