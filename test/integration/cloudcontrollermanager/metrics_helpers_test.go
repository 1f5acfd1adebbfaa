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

package cloudcontrollermanager

import (
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"

	"k8s.io/component-base/metrics/testutil"
)

const (
	routeSyncMetric   = "route_controller_route_sync_total"
	apiRequestsMetric = "cloudprovider_kubecarry_api_requests_total"
)

// metrics scrapes /metrics of the cloud-controller-manager.
func (s *servingCCM) metrics(t *testing.T) map[string]*dto.MetricFamily {
	t.Helper()
	body, err := s.get("/metrics")
	if err != nil {
		t.Fatalf("scraping the cloud-controller-manager: %v", err)
	}
	families, err := testutil.TextToMetricFamilies(strings.NewReader(body))
	if err != nil {
		t.Fatalf("parsing /metrics: %v", err)
	}
	return families
}

// counter sums the samples of a counter whose labels include labels; a
// counter not exported yet is 0.
func counter(families map[string]*dto.MetricFamily, name string, labels map[string]string) float64 {
	family, ok := families[name]
	if !ok {
		return 0
	}
	var sum float64
	for _, m := range family.GetMetric() {
		if testutil.LabelsMatch(m, labels) {
			sum += m.GetCounter().GetValue()
		}
	}
	return sum
}

func (s *servingCCM) routeSyncs(t *testing.T) float64 {
	t.Helper()
	return counter(s.metrics(t), routeSyncMetric, nil)
}

func (s *servingCCM) cloudCalls(t *testing.T, operation string) float64 {
	t.Helper()
	return counter(s.metrics(t), apiRequestsMetric, map[string]string{"operation": operation})
}
