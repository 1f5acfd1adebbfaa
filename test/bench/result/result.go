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

// Package result is the machine-readable result of one load run: what
// "httpload -json" prints, one JSON object per run, and what benchreport
// reads to make the tables of hack/bench-peerproxy.sh.
package result

import "time"

// Run is what one httpload run measured over its measured window.
type Run struct {
	// Labels are httpload's -label name=value pairs: what the run was of.
	// benchreport groups runs by the labels binary, op and target.
	Labels map[string]string `json:"labels,omitempty"`
	// URL is the URL that was loaded.
	URL string `json:"url"`
	// Connections is the number of concurrent connections.
	Connections int `json:"connections"`
	// Start is when the measured window opened (after the warm-up).
	Start time.Time `json:"start"`
	// DurationSeconds is the length of the measured window.
	DurationSeconds float64 `json:"durationSeconds"`
	// WarmupSeconds is the time of unmeasured requests before it.
	WarmupSeconds float64 `json:"warmupSeconds"`
	// Requests is the number of requests answered in the window.
	Requests int `json:"requests"`
	// P50Milliseconds and P99Milliseconds are nearest-rank latency
	// percentiles.
	P50Milliseconds float64 `json:"p50Milliseconds"`
	P99Milliseconds float64 `json:"p99Milliseconds"`
	// RequestsPerSecond is Requests over DurationSeconds.
	RequestsPerSecond float64 `json:"requestsPerSecond"`
	// CPUMicrosecondsPerRequest is, for each process watched with -cpu, its
	// CPU time in the window divided by Requests.
	CPUMicrosecondsPerRequest map[string]float64 `json:"cpuMicrosecondsPerRequest,omitempty"`
	// StealPercent is the share of the machine's CPU time in the window the
	// hypervisor gave to others; set only when processes are watched.
	StealPercent *float64 `json:"stealPercent,omitempty"`
}
