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

// kcmetric reads a Prometheus text exposition (what /metrics answers) on
// stdin and prints the sum of the samples of one counter, gauge or untyped
// metric whose labels include the given ones, so that hack/ scripts read
// metrics with Prometheus' own parser instead of grep and awk.
//
// Usage:
//
//	kcmetric [-allow-missing] 'NAME{label="value",...}' </metrics
//
//	curl ... /metrics | kcmetric 'apiserver_rerouted_request_total{group="batch",code="200"}'
//	curl ... /metrics | kcmetric route_controller_route_sync_total
//
// kcmetric exits 1, naming the cause, when stdin does not parse as the text
// format (an error page, an empty answer) or has no metric NAME (unless
// -allow-missing, which prints 0 then), and 2 on a usage error. A metric
// that exists but has no sample with the labels sums to 0.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kcmetric", flag.ContinueOnError)
	fs.SetOutput(stderr)
	allowMissing := fs.Bool("allow-missing", false, "print 0 for a metric the exposition does not have instead of failing")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, `usage: kcmetric [-allow-missing] 'NAME{label="value",...}' </metrics`)
		return 2
	}
	name, labels, err := parseSelector(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "kcmetric: %v\n", err)
		return 2
	}
	sum, err := sumSamples(stdin, name, labels, *allowMissing)
	if err != nil {
		fmt.Fprintf(stderr, "kcmetric: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, strconv.FormatFloat(sum, 'f', -1, 64))
	return 0
}

// parseSelector splits NAME{a="x",b="y"} into the name and the labels.
func parseSelector(s string) (string, map[string]string, error) {
	labels := map[string]string{}
	name, rest, hasLabels := strings.Cut(s, "{")
	if name == "" {
		return "", nil, fmt.Errorf("selector %q has no metric name", s)
	}
	if !hasLabels {
		return name, labels, nil
	}
	rest, ok := strings.CutSuffix(rest, "}")
	if !ok {
		return "", nil, fmt.Errorf("selector %q: labels do not end with }", s)
	}
	for rest = strings.TrimSpace(rest); rest != ""; {
		key, after, ok := strings.Cut(rest, "=")
		key = strings.TrimSpace(key)
		if !ok || key == "" {
			return "", nil, fmt.Errorf("selector %q: want label=\"value\" at %q", s, rest)
		}
		after = strings.TrimSpace(after)
		quoted, err := strconv.QuotedPrefix(after)
		if err != nil {
			return "", nil, fmt.Errorf("selector %q: the value of label %s must be a quoted string", s, key)
		}
		value, _ := strconv.Unquote(quoted)
		labels[key] = value
		rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(after[len(quoted):]), ","))
	}
	return name, labels, nil
}

// sumSamples parses the exposition in r and sums the samples of metric
// name whose labels include labels.
func sumSamples(r io.Reader, name string, labels map[string]string, allowMissing bool) (float64, error) {
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(r)
	if err != nil {
		return 0, fmt.Errorf("the input is not a Prometheus text exposition: %w", err)
	}
	if len(families) == 0 {
		return 0, fmt.Errorf("the input holds no metrics")
	}
	family, ok := families[name]
	if !ok {
		if allowMissing {
			return 0, nil
		}
		return 0, fmt.Errorf("no metric %s among the %d exported", name, len(families))
	}
	var sum float64
	for _, m := range family.GetMetric() {
		if !hasLabels(m, labels) {
			continue
		}
		switch family.GetType() {
		case dto.MetricType_COUNTER:
			sum += m.GetCounter().GetValue()
		case dto.MetricType_GAUGE:
			sum += m.GetGauge().GetValue()
		case dto.MetricType_UNTYPED:
			sum += m.GetUntyped().GetValue()
		default:
			return 0, fmt.Errorf("metric %s is a %s; kcmetric sums counters, gauges and untyped metrics", name, family.GetType())
		}
	}
	return sum, nil
}

func hasLabels(m *dto.Metric, want map[string]string) bool {
	have := map[string]string{}
	for _, l := range m.GetLabel() {
		have[l.GetName()] = l.GetValue()
	}
	for k, v := range want {
		if got, ok := have[k]; !ok || got != v {
			return false
		}
	}
	return true
}
