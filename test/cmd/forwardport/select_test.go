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
	"reflect"
	"testing"
)

const beforeSrc = `package p

import "testing"

func helper() int { return 1 }

func TestKept(t *testing.T) { _ = helper() }

func TestChanged(t *testing.T) { t.Log("old") }

func Testlowercase(t *testing.T) {}
`

const afterSrc = `package p

import "testing"

func helper() int { return 2 }

func TestKept(t *testing.T) { _ = helper() }

func TestChanged(t *testing.T) { t.Log("new") }

func TestAdded(t *testing.T) {}

func Testlowercase(t *testing.T) { t.Log("not a test to go test") }

func BenchmarkAdded(b *testing.B) {}
`

func TestChangedTestsNamesAddedAndChangedTestsOnly(t *testing.T) {
	got, err := changedTests([]byte(beforeSrc), []byte(afterSrc))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"TestAdded", "TestChanged"}; !reflect.DeepEqual(got, want) {
		t.Errorf("changedTests = %v, want %v (a changed helper alone, a Benchmark and Testlowercase are not tests that changed)", got, want)
	}
}

func TestChangedTestsOfANewFileAreAllItsTests(t *testing.T) {
	got, err := changedTests(nil, []byte(afterSrc))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"TestAdded", "TestChanged", "TestKept"}; !reflect.DeepEqual(got, want) {
		t.Errorf("changedTests = %v, want %v", got, want)
	}
}

func TestChangedTestsRejectsWhatIsNotGo(t *testing.T) {
	if _, err := changedTests(nil, []byte("not go")); err == nil {
		t.Error("changedTests accepted a file that does not parse")
	}
}

func TestHeaderTestsAndNamedIn(t *testing.T) {
	line := "pkg/proxy TestKept, TestCha*; iptables, nftables TestExternalIPsIgnored*; BenchmarkAdded; test/integration/peerproxy"
	names := headerTests(line)
	if want := []string{"TestKept", "TestCha*", "TestExternalIPsIgnored*"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("headerTests = %v, want %v", names, want)
	}
	got, err := namedIn([]byte(afterSrc), names)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"TestChanged", "TestKept"}; !reflect.DeepEqual(got, want) {
		t.Errorf("namedIn = %v, want %v (an exact name and a prefix)", got, want)
	}
}

func TestPackageOf(t *testing.T) {
	for file, want := range map[string][2]string{
		"pkg/proxy/nftables/proxier_test.go":                                  {".", "./pkg/proxy/nftables"},
		"cmd/kube-proxy/app/testdata/config.yaml":                             {".", "./cmd/kube-proxy/app/testdata"},
		"staging/src/k8s.io/apiserver/pkg/util/peerproxy/peerproxy_test.go":   {"staging/src/k8s.io/apiserver", "./pkg/util/peerproxy"},
		"staging/src/k8s.io/cloud-provider/controllers/route/metrics_test.go": {"staging/src/k8s.io/cloud-provider", "./controllers/route"},
		"staging/src/k8s.io/api/roundtrip_test.go":                            {"staging/src/k8s.io/api", "."},
	} {
		moduleDir, pkg := packageOf(file)
		if [2]string{moduleDir, pkg} != want {
			t.Errorf("packageOf(%s) = %s, %s, want %v", file, moduleDir, pkg, want)
		}
	}
}

func TestIsTestFile(t *testing.T) {
	for file, want := range map[string]bool{
		"pkg/proxy/externalips_test.go":                 true,
		"pkg/proxy/apis/config/scheme/testdata/v1.yaml": true,
		"pkg/proxy/externalips.go":                      false,
		"pkg/testdatabase/x.go":                         false,
	} {
		if got := isTestFile(file); got != want {
			t.Errorf("isTestFile(%s) = %v, want %v", file, got, want)
		}
	}
}

func TestRunPatternMatchesExactlyTheNames(t *testing.T) {
	if got, want := runPattern([]string{"TestA", "TestB_x"}), "^(TestA|TestB_x)$"; got != want {
		t.Errorf("runPattern = %q, want %q", got, want)
	}
}
