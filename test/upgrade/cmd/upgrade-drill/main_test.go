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

import "testing"

func TestEndpoint(t *testing.T) {
	e, err := endpoint("apiserver-1=4242=10.204.0.11")
	if err != nil || e.Name != "apiserver-1" || e.PID != 4242 || e.IP != "10.204.0.11" {
		t.Errorf("endpoint = %+v, %v", e, err)
	}
	for _, bad := range []string{"", "apiserver-1=4242", "a=0=10.0.0.1", "a=x=10.0.0.1", "a=1=not-an-ip", "a=1=2=3"} {
		if _, err := endpoint(bad); err == nil {
			t.Errorf("endpoint(%q): no error", bad)
		}
	}
}
