/*
Copyright 2026 The Kubernetes Authors.

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

package route

import (
	"sync"

	"k8s.io/component-base/metrics"
	"k8s.io/component-base/metrics/legacyregistry"
)

// routeSyncs counts reconciliations of the routes with the cloud provider:
// one per attempt, periodic or triggered by a Node change, whether it
// succeeds or fails. Comparing its rate with
// CloudControllerManagerWatchBasedRoutesReconciliation off and on shows
// what the watch-based mode saves. Name, type, help text and the absence
// of labels are those of the v1.36 metric.
var routeSyncs = metrics.NewCounter(&metrics.CounterOpts{
	Subsystem:      "route_controller",
	Name:           "route_sync_total",
	Help:           "A metric counting the amount of times routes have been synced with the cloud provider.",
	StabilityLevel: metrics.ALPHA,
})

var registerRouteMetricsOnce sync.Once

// registerRouteMetrics registers the route controller metrics in the legacy
// registry; every controller instance may call it.
func registerRouteMetrics() {
	registerRouteMetricsOnce.Do(func() {
		legacyregistry.MustRegister(routeSyncs)
	})
}
