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
	"bytes"
	"strings"
	"testing"
)

const exposition = `# HELP apiserver_rerouted_request_total [ALPHA] Total number of requests that were proxied to a peer kube apiserver.
# TYPE apiserver_rerouted_request_total counter
apiserver_rerouted_request_total{code="200",group="batch",resource="jobs",version="v1"} 3
apiserver_rerouted_request_total{code="201",group="batch",resource="jobs",version="v1"} 1
apiserver_rerouted_request_total{code="200",group="",resource="",version=""} 7
# HELP kubeproxy_services_external_ips_ignored [ALPHA] Services whose externalIPs kube-proxy ignores.
# TYPE kubeproxy_services_external_ips_ignored gauge
kubeproxy_services_external_ips_ignored 1
# TYPE apiserver_request_duration_seconds histogram
apiserver_request_duration_seconds_bucket{le="+Inf"} 2
apiserver_request_duration_seconds_sum 0.5
apiserver_request_duration_seconds_count 2
`

func TestRun(t *testing.T) {
	for _, tc := range []struct {
		name     string
		args     []string
		input    string
		wantCode int
		wantOut  string
		wantErr  string
	}{
		{name: "one series", args: []string{`apiserver_rerouted_request_total{group="batch",code="200"}`}, input: exposition, wantOut: "3\n"},
		{name: "every series with the labels", args: []string{`apiserver_rerouted_request_total{group="batch"}`}, input: exposition, wantOut: "4\n"},
		{name: "an empty label value", args: []string{`apiserver_rerouted_request_total{ group = "" }`}, input: exposition, wantOut: "7\n"},
		{name: "no labels", args: []string{"apiserver_rerouted_request_total"}, input: exposition, wantOut: "11\n"},
		{name: "a gauge", args: []string{"kubeproxy_services_external_ips_ignored"}, input: exposition, wantOut: "1\n"},
		{name: "no series with the labels", args: []string{`apiserver_rerouted_request_total{group="apps"}`}, input: exposition, wantOut: "0\n"},
		{name: "a missing metric", args: []string{"route_controller_route_sync_total"}, input: exposition, wantCode: 1, wantErr: "no metric route_controller_route_sync_total"},
		{name: "a missing metric allowed", args: []string{"-allow-missing", "route_controller_route_sync_total"}, input: exposition, wantOut: "0\n"},
		{name: "a histogram", args: []string{"apiserver_request_duration_seconds"}, input: exposition, wantCode: 1, wantErr: "is a HISTOGRAM"},
		{name: "an error page", args: []string{"x"}, input: `{"kind":"Status","status":"Failure","code":403}`, wantCode: 1, wantErr: "not a Prometheus text exposition"},
		{name: "an empty answer", args: []string{"-allow-missing", "x"}, input: "", wantCode: 1, wantErr: "holds no metrics"},
		{name: "an unquoted label value", args: []string{`x{a=b}`}, input: exposition, wantCode: 2, wantErr: "must be a quoted string"},
		{name: "no selector", input: exposition, wantCode: 2, wantErr: "usage"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tc.args, strings.NewReader(tc.input), &stdout, &stderr)
			if code != tc.wantCode || stdout.String() != tc.wantOut || !strings.Contains(stderr.String(), tc.wantErr) {
				t.Errorf("run(%q) = %d, stdout %q, stderr %q; want %d, %q, stderr with %q", tc.args, code, stdout.String(), stderr.String(), tc.wantCode, tc.wantOut, tc.wantErr)
			}
		})
	}
}
