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
	"sync"

	"k8s.io/component-base/metrics"
	"k8s.io/component-base/metrics/legacyregistry"
)

// apiRequests counts the calls the provider makes to its cloud, by
// operation, so that the cost of route reconciliation (list_routes once per
// route_controller_route_sync_total, plus creates and deletes) and of node
// management is visible next to the controllers' own metrics.
var apiRequests = metrics.NewCounterVec(
	&metrics.CounterOpts{
		Subsystem:      "cloudprovider_" + ProviderName,
		Name:           "api_requests_total",
		Help:           "Number of calls to the cloud API by operation and result (success or error).",
		StabilityLevel: metrics.ALPHA,
	},
	[]string{"operation", "result"},
)

var registerMetrics sync.Once

func registerAPIMetrics() {
	registerMetrics.Do(func() {
		legacyregistry.MustRegister(apiRequests)
	})
}

func recordAPIRequest(operation string, err error) {
	result := "success"
	if err != nil {
		result = "error"
	}
	apiRequests.WithLabelValues(operation, result).Inc()
}
