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

// Package scenario holds the drills: each scenario says which cluster it
// runs against (the servers and the script that started them), which
// request classes the workload sends, which steps and faults the nemesis
// goes through, and which checks hold the history to kubecarry's
// guarantees. Run is the one tester every scenario shares, after etcd's
// functional tester: set up, run the workload under the nemesis's plan,
// finish, save the history, check, report.
package scenario

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"k8s.io/client-go/rest"

	"github.com/kubecarry/kubecarry/test/drill/checker"
	"github.com/kubecarry/kubecarry/test/drill/history"
	"github.com/kubecarry/kubecarry/test/drill/nemesis"
	"github.com/kubecarry/kubecarry/test/drill/report"
	"github.com/kubecarry/kubecarry/test/drill/workload"
)

// Exit statuses of a drill.
const (
	Passed      = 0
	CheckFailed = 1
	// NotRun says the drill itself could not run (bad flags, a cluster
	// that does not answer, a fault that could not be injected).
	NotRun = 2
)

// Scenario is one drill.
type Scenario struct {
	// Name picks the checks when a saved history is checked again.
	Name     string
	Title    string
	Workload workload.Config
	// Prepare runs after the workload's setup and before the first
	// phase, After after the last phase once the workload stopped.
	Prepare func(ctx context.Context, w *workload.Workload) error
	After   func(ctx context.Context, w *workload.Workload) error
	// Steps is the nemesis's plan; it may call into the workload.
	Steps  func(w *workload.Workload) []nemesis.Step
	Checks []checker.Check
}

// Output says where a run writes its files and whether a failed check
// fails the run.
type Output struct {
	Dir        string
	ReportOnly bool
	Logf       func(format string, args ...any)
}

// Run runs a scenario and returns the drill's exit status: history.json,
// report.txt and report.json are written to out.Dir whenever the phases
// began, also when the drill could not finish.
func Run(ctx context.Context, s *Scenario, out Output) (int, error) {
	if err := os.MkdirAll(out.Dir, 0o755); err != nil {
		return NotRun, err
	}
	rec := history.NewRecorder(s.Name, s.Title, nil)
	s.Workload.Logf = out.Logf
	w := workload.New(s.Workload, rec)
	out.Logf("creating the workload's objects")
	setupCtx, cancelSetup := context.WithTimeout(ctx, 3*time.Minute)
	err := w.Setup(setupCtx)
	cancelSetup()
	if err != nil {
		return NotRun, fmt.Errorf("setting the workload up: %w", err)
	}
	if s.Prepare != nil {
		if err := s.Prepare(ctx, w); err != nil {
			return NotRun, err
		}
	}
	runCtx, stopRun := context.WithCancel(ctx)
	defer stopRun()
	// The watchers outlive the traffic: Finish compares them with the
	// final state first.
	watchCtx, stopWatchers := context.WithCancel(context.Background())
	defer stopWatchers()
	if err := w.Run(runCtx, watchCtx); err != nil {
		return NotRun, err
	}
	runErr := nemesis.Run(ctx, rec, s.Steps(w), out.Logf)
	stopRun()
	if runErr == nil && s.After != nil {
		runErr = s.After(ctx, w)
	}
	out.Logf("stopping the workload; comparing its watchers with a LIST and reading etcd")
	finishCtx, cancelFinish := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancelFinish()
	w.Finish(finishCtx, stopWatchers)

	h := rec.History()
	res := checker.Run(h, s.Checks)
	if err := write(out.Dir, h, res); err != nil {
		return NotRun, errors.Join(runErr, err)
	}
	out.Logf("history in %s, report in %s", filepath.Join(out.Dir, "history.json"), filepath.Join(out.Dir, "report.txt"))
	if runErr != nil {
		return NotRun, runErr
	}
	return ExitCode(res, out.ReportOnly), nil
}

// write saves the history and the report, and prints the report.
func write(dir string, h *history.History, res checker.Result) error {
	if err := h.Save(filepath.Join(dir, "history.json")); err != nil {
		return err
	}
	var sb strings.Builder
	report.Print(&sb, h, res)
	fmt.Print("\n" + sb.String())
	if err := os.WriteFile(filepath.Join(dir, "report.txt"), []byte(sb.String()), 0o644); err != nil {
		return err
	}
	return report.NewDocument(h, res).Save(filepath.Join(dir, "report.json"))
}

// ExitCode is a checked run's exit status.
func ExitCode(res checker.Result, reportOnly bool) int {
	if res.Passed() || reportOnly {
		return Passed
	}
	return CheckFailed
}

// Checks are the checks of the scenario named name, for a saved history.
func Checks(name string) ([]checker.Check, error) {
	switch name {
	case PeerFaultsName:
		return peerFaultsChecks, nil
	case UpgradeName:
		return upgradeChecks(DefaultNamespaceBound), nil
	case KubeadmUpgradeName:
		return kubeadmUpgradeChecks(DefaultNamespaceBound), nil
	}
	return nil, fmt.Errorf("unknown scenario %q (want %s, %s or %s)", name, PeerFaultsName, UpgradeName, KubeadmUpgradeName)
}

// clientConfig reaches the server at url as the cluster's admin, with the
// certificates of the local cluster's pki directory.
func clientConfig(url, pki string) *rest.Config {
	return &rest.Config{
		Host: url,
		TLSClientConfig: rest.TLSClientConfig{
			CAFile:   filepath.Join(pki, "ca.crt"),
			CertFile: filepath.Join(pki, "admin.crt"),
			KeyFile:  filepath.Join(pki, "admin.key"),
		},
	}
}

// host is the host part of a URL such as https://10.203.0.11:6443.
func host(url string) string {
	h := strings.TrimPrefix(url, "https://")
	if i := strings.LastIndexByte(h, ':'); i >= 0 {
		h = h[:i]
	}
	return strings.TrimSuffix(h, "/")
}

// pidFile is the PID file hack/lib/local-cluster.sh keeps for a component.
func pidFile(clusterDir, name string) string {
	return filepath.Join(clusterDir, "pids", name+".pid")
}
