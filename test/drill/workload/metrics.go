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
	"fmt"
	"strings"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
)

// JobGets reads the /metrics of the server cfg reaches and returns how many
// GETs of Jobs it has served (apiserver_request_total, every code): the
// nemesis reads it to prove a partition held.
func JobGets(ctx context.Context, cfg *rest.Config) (float64, error) {
	kube, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return 0, err
	}
	body, err := kube.CoreV1().RESTClient().Get().AbsPath("/metrics").MaxRetries(0).DoRaw(ctx)
	if err != nil {
		return 0, fmt.Errorf("%s/metrics: %w", cfg.Host, err)
	}
	return SumCounter(body, "apiserver_request_total", map[string]string{"group": "batch", "resource": "jobs", "verb": "GET"})
}

// SumCounter adds up the samples of metric name in Prometheus text format
// whose labels include every label given.
func SumCounter(text []byte, name string, labels map[string]string) (float64, error) {
	var sum float64
	for _, line := range strings.Split(string(text), "\n") {
		if !strings.HasPrefix(line, name+"{") && !strings.HasPrefix(line, name+" ") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			return 0, fmt.Errorf("malformed sample %q", line)
		}
		if !hasLabels(line[:i], labels) {
			continue
		}
		var v float64
		if _, err := fmt.Sscanf(line[i+1:], "%g", &v); err != nil {
			return 0, fmt.Errorf("malformed value in %q: %w", line, err)
		}
		sum += v
	}
	// A counter with no samples yet is zero.
	return sum, nil
}

func hasLabels(series string, labels map[string]string) bool {
	for k, v := range labels {
		label := k + "=\"" + v + "\""
		if !strings.Contains(series, "{"+label) && !strings.Contains(series, ","+label) {
			return false
		}
	}
	return true
}
