//go:build measurement

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
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// The A/B measurement of hack/ab-route-sync.sh. It is a measurement, not a
// test: it is built only with -tags=measurement (which that script passes),
// so "go test" and "make test" neither run nor skip it.
var (
	abDuration = flag.Duration("ab-duration", 0, "how long TestRouteSyncAB measures each reconciliation mode")
	abChurn    = flag.Duration("ab-churn", 0, "add or delete a Node this often during the measurement (0: an idle cluster)")
	abReport   = flag.String("ab-report", "", "also write the table to this file (hack/ab-route-sync.sh prints it from there)")
)

// abCounts are the counters that grew during the measurement window.
type abCounts struct {
	syncs, lists, creates, deletes float64
}

func (c abCounts) per10Minutes(window time.Duration) abCounts {
	f := float64(10*time.Minute) / float64(window)
	return abCounts{c.syncs * f, c.lists * f, c.creates * f, c.deletes * f}
}

// TestRouteSyncAB runs the cloud-controller-manager with the default
// --route-reconciliation-period (10 s) and the watch-based gate off and on,
// side by side against their own kube-apiservers, and reports the route
// syncs and cloud calls of each per 10 minutes.
func TestRouteSyncAB(t *testing.T) {
	if *abDuration <= 0 {
		t.Fatalf("-ab-duration=%v: the measurement needs a positive duration; run hack/ab-route-sync.sh", *abDuration)
	}
	var mu sync.Mutex
	results := map[bool]abCounts{}
	t.Run("modes", func(t *testing.T) {
		for _, watchBased := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s=%v", watchGate, watchBased), func(t *testing.T) {
				t.Parallel()
				counts := measureRouteSyncs(t, watchBased, *abDuration, *abChurn)
				mu.Lock()
				defer mu.Unlock()
				results[watchBased] = counts
			})
		}
	})
	if t.Failed() {
		return
	}

	var b strings.Builder
	workload := "idle cluster"
	if *abChurn > 0 {
		workload = fmt.Sprintf("a Node added or deleted every %v", *abChurn)
	}
	fmt.Fprintf(&b, "route syncs and cloud calls per 10 minutes (measured over %v, 3 Nodes, %s):\n", *abDuration, workload)
	fmt.Fprintf(&b, "%-22s %8s %12s %13s %13s\n", watchGate, "syncs", "list_routes", "create_route", "delete_route")
	for _, watchBased := range []bool{false, true} {
		c := results[watchBased].per10Minutes(*abDuration)
		fmt.Fprintf(&b, "%-22v %8.1f %12.1f %13.1f %13.1f\n", watchBased, c.syncs, c.lists, c.creates, c.deletes)
	}
	fmt.Print(b.String())
	if *abReport != "" {
		if err := os.WriteFile(*abReport, []byte(b.String()), 0o644); err != nil {
			t.Errorf("writing the table to -ab-report: %v", err)
		}
	}

	if off, on := results[false].syncs, results[true].syncs; on >= off {
		t.Errorf("watch-based reconciliation synced %v times, periodic %v: no saving", on, off)
	}
}

func measureRouteSyncs(t *testing.T, watchBased bool, window, churn time.Duration) abCounts {
	client, kubeconfig := startAPIServer(t)
	for i, inst := range testInstances {
		createNode(t, client, inst.name, fmt.Sprintf("10.244.%d.0/24", i+1))
	}
	var churnInstances []string
	for i := 0; i < 64; i++ {
		churnInstances = append(churnInstances, fmt.Sprintf("- {name: churn-%d, addresses: [{type: InternalIP, address: 10.0.1.%d}]}\n", i, i+1))
	}
	ccm := startServingCCM(t, kubeconfig, writeCloudConfig(t, "", churnInstances...), fmt.Sprintf("--feature-gates=%s=%v", watchGate, watchBased))
	for _, inst := range testInstances {
		waitForNode(t, client, inst.name, "route created", routeCreated)
	}
	// The start is not part of the measurement: with the gate on, the Node
	// events of the initial list can still trigger one more sync, at most
	// minRouteResyncInterval (10 s) after the first.
	time.Sleep(15 * time.Second)

	snapshot := func() abCounts {
		families := ccm.metrics(t)
		calls := func(op string) float64 {
			return counter(families, apiRequestsMetric, map[string]string{"operation": op})
		}
		return abCounts{counter(families, routeSyncMetric, nil), calls("list_routes"), calls("create_route"), calls("delete_route")}
	}
	start := snapshot()
	deadline := time.Now().Add(window)
	var tick <-chan time.Time
	if churn > 0 {
		ticker := time.NewTicker(churn)
		defer ticker.Stop()
		tick = ticker.C
	}
	changes := 0
	for time.Now().Before(deadline) {
		select {
		case <-tick:
			// Alternately add churn-<n> and delete it again.
			name := fmt.Sprintf("churn-%d", (changes/2)%64)
			if changes%2 == 0 {
				createNode(t, client, name, fmt.Sprintf("10.244.%d.0/24", 100+(changes/2)%64))
			} else {
				deleteNode(t, client, name)
			}
			changes++
		case <-time.After(time.Until(deadline)):
		}
		if err := ccm.Exited(); err != nil {
			t.Fatal(err)
		}
	}
	end := snapshot()
	return abCounts{end.syncs - start.syncs, end.lists - start.lists, end.creates - start.creates, end.deletes - start.deletes}
}
