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

package nemesis

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kubecarry/kubecarry/test/drill/history"
	"github.com/kubecarry/kubecarry/test/utils/privileged"
)

func TestRuleset(t *testing.T) {
	x := Endpoint{Name: "apiserver-3", PID: 30, IP: "10.203.0.13"}
	y := Endpoint{Name: "apiserver-1", PID: 10, IP: "10.203.0.11"}
	got, err := Ruleset("kubecarry-drill", x, y, 0x00100001, 0x00100002)
	if err != nil {
		t.Fatal(err)
	}
	want := `table inet kubecarry-drill {
	chain output {
		type filter hook output priority filter; policy accept;
		meta cgroup 1048577 ip daddr 10.203.0.11 drop comment "apiserver-3 -> apiserver-1"
		meta cgroup 1048578 ip daddr 10.203.0.13 drop comment "apiserver-1 -> apiserver-3"
	}
}
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestRulesetCutsOneProcessFromAService: with no PID on the B side only
// A's packets to B's address and port are dropped (a kube-apiserver cut
// from etcd, whose other traffic flows).
func TestRulesetCutsOneProcessFromAService(t *testing.T) {
	y := Endpoint{Name: "apiserver-2", PID: 20, IP: "10.203.0.12"}
	etcd := Endpoint{Name: "etcd", IP: "127.0.0.1", Port: 23830}
	got, err := Ruleset("kubecarry-drill", y, etcd, 0x00100003, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := `table inet kubecarry-drill {
	chain output {
		type filter hook output priority filter; policy accept;
		meta cgroup 1048579 ip daddr 127.0.0.1 tcp dport 23830 drop comment "apiserver-2 -> etcd"
	}
}
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	p := &Partition{Table: "kubecarry-drill", A: y, B: etcd, ClassA: 0x00100003}
	if got := p.Describe(); !strings.HasPrefix(got, "cut apiserver-2 (10.203.0.12) from etcd (127.0.0.1 tcp dport 23830)") {
		t.Errorf("Describe() = %q", got)
	}
}

func TestRulesetRefusesBadInput(t *testing.T) {
	good := Endpoint{Name: "a", IP: "10.0.0.1"}
	for _, tc := range []struct {
		name           string
		table          string
		a, b           Endpoint
		classA, classB uint32
	}{
		{"IPv6", "t", good, Endpoint{Name: "b", IP: "fd00::1"}, 1, 2},
		{"not an address", "t", good, Endpoint{Name: "b", IP: "apiserver"}, 1, 2},
		{"class 0", "t", good, Endpoint{Name: "b", IP: "10.0.0.2"}, 0, 2},
		{"same class", "t", good, Endpoint{Name: "b", PID: 2, IP: "10.0.0.2"}, 3, 3},
		{"class 0 on B", "t", good, Endpoint{Name: "b", PID: 2, IP: "10.0.0.2"}, 1, 0},
		{"table with a brace", "t}", good, Endpoint{Name: "b", IP: "10.0.0.2"}, 1, 2},
		{"no table", "", good, Endpoint{Name: "b", IP: "10.0.0.2"}, 1, 2},
		{"bad port", "t", good, Endpoint{Name: "b", IP: "10.0.0.2", Port: 70000}, 1, 2},
		{"one way, class 0", "t", good, Endpoint{Name: "b", IP: "10.0.0.2"}, 0, 0},
	} {
		if _, err := Ruleset(tc.table, tc.a, tc.b, tc.classA, tc.classB); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

func TestClassID(t *testing.T) {
	if got := ClassID(0x00100002); got != "10:2" {
		t.Errorf("got %q", got)
	}
}

func TestPIDFile(t *testing.T) {
	f, err := ParsePIDFile(FormatPIDFile(4242, "/work/_output/bin/kube-controller-manager"))
	if err != nil || f.PID != 4242 || f.Binary != "/work/_output/bin/kube-controller-manager" {
		t.Fatalf("round trip: %+v %v", f, err)
	}
	for _, bad := range []string{"", "4242\n", "x\n/bin/true\n", "1\n/sbin/init\n"} {
		if _, err := ParsePIDFile([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestReadPIDFileChecksTheBinary(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "me.pid")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, FormatPIDFile(os.Getpid(), self), 0o644); err != nil {
		t.Fatal(err)
	}
	if f, err := ReadPIDFile(path); err != nil || f.PID != os.Getpid() {
		t.Errorf("own PID: %+v %v", f, err)
	}
	if err := os.WriteFile(path, FormatPIDFile(os.Getpid(), "/usr/bin/not-this-binary"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadPIDFile(path); err == nil {
		t.Error("a PID running another binary was accepted")
	}
}

func TestSplitCmdline(t *testing.T) {
	got := SplitCmdline([]byte("/bin/kcm\x00--kubeconfig=/a b\x00--v=2\x00"))
	if want := []string{"/bin/kcm", "--kubeconfig=/a b", "--v=2"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q", got)
	}
	if got := SplitCmdline(nil); got != nil {
		t.Errorf("empty: %q", got)
	}
}

// fakeFault records calls into a shared log.
type fakeFault struct {
	name      string
	log       *callLog
	injectErr error
}

type callLog struct {
	mu    sync.Mutex
	calls []string
}

func (l *callLog) add(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls = append(l.calls, s)
}

func (l *callLog) get() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.calls...)
}

func (f *fakeFault) Describe() string { return f.name }
func (f *fakeFault) Inject() error    { f.log.add("inject " + f.name); return f.injectErr }
func (f *fakeFault) Undo() error      { f.log.add("undo " + f.name); return nil }

type fakeAction struct {
	name string
	log  *callLog
	err  error
}

func (a *fakeAction) Describe() string { return a.name }
func (a *fakeAction) Do(context.Context) error {
	a.log.add("do " + a.name)
	return a.err
}

func quiet(string, ...any) {}

func TestRun(t *testing.T) {
	log := &callLog{}
	rec := history.NewRecorder("", "", nil)
	n := 0.0
	steps := []Step{
		{Phase: "before", Duration: 10 * time.Millisecond},
		{Phase: "a", Duration: 60 * time.Millisecond, Fault: &fakeFault{name: "f1", log: log}, Allow503: true, RecoverWithin: time.Second,
			Align: func(context.Context) {
				if got := rec.Phase(); got != "a" {
					t.Errorf("aligned in phase %q, want a (begun, fault not yet injected)", got)
				}
				log.add("align")
			},
			Actions: []Timed{{After: 20 * time.Millisecond, Action: &fakeAction{name: "late", log: log}}, {After: 0, Action: &fakeAction{name: "early", log: log}}},
			Watches: []Watch{{Name: "n", MustNotGrow: true, Read: func(context.Context) (float64, error) { n++; return n, nil }}}},
		{Phase: "after", Duration: 10 * time.Millisecond},
	}
	if err := Run(context.Background(), rec, steps, quiet); err != nil {
		t.Fatal(err)
	}
	if got, want := log.get(), []string{"align", "inject f1", "do early", "do late", "undo f1"}; !reflect.DeepEqual(got, want) {
		t.Errorf("calls %q, want %q", got, want)
	}
	h := rec.History()
	if len(h.Phases) != 3 {
		t.Fatalf("phases %+v", h.Phases)
	}
	a := h.Phases[1]
	if a.Fault != "f1" || !a.Allow503 || a.RecoverWithin != time.Second || a.End.Sub(a.Start) < 60*time.Millisecond {
		t.Errorf("phase a: %+v", a)
	}
	if len(a.Counters) != 1 || a.Counters[0].Start != 1 || a.Counters[0].End != 2 || !a.Counters[0].MustNotGrow {
		t.Errorf("counters %+v", a.Counters)
	}
	for i, p := range h.Phases {
		if p.End.IsZero() || (i > 0 && p.Start.Before(h.Phases[i-1].End)) {
			t.Errorf("phase %s not closed or overlapping: %+v", p.Name, p)
		}
	}
	var events []string
	for _, e := range h.Events {
		events = append(events, e.Phase+": "+e.What)
	}
	if want := []string{"a: f1", "a: early", "a: late", "a: undo: f1"}; !reflect.DeepEqual(events, want) {
		t.Errorf("events %q, want %q", events, want)
	}
}

func TestRunUndoesOnCancel(t *testing.T) {
	log := &callLog{}
	rec := history.NewRecorder("", "", nil)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	steps := []Step{
		{Phase: "a", Duration: time.Hour, Fault: &fakeFault{name: "f1", log: log}},
		{Phase: "never", Duration: time.Millisecond, Fault: &fakeFault{name: "f2", log: log}},
	}
	err := Run(ctx, rec, steps, quiet)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err %v", err)
	}
	if got, want := log.get(), []string{"inject f1", "undo f1"}; !reflect.DeepEqual(got, want) {
		t.Errorf("calls %q, want %q", got, want)
	}
	if h := rec.History(); len(h.Phases) != 1 || h.Phases[0].End.IsZero() {
		t.Errorf("phases %+v", h.Phases)
	}
}

func TestRunUndoesAfterFailures(t *testing.T) {
	for _, tc := range []struct {
		name string
		step Step
		want []string
	}{
		{"inject fails", Step{Phase: "a", Duration: time.Hour, Fault: &fakeFault{name: "f", injectErr: errors.New("boom")}},
			[]string{"inject f", "undo f"}},
		{"action fails", Step{Phase: "a", Duration: time.Hour, Fault: &fakeFault{name: "f"},
			Actions: []Timed{{Action: &fakeAction{name: "restart", err: errors.New("boom")}}}},
			[]string{"inject f", "do restart", "undo f"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &callLog{}
			if f, ok := tc.step.Fault.(*fakeFault); ok {
				f.log = log
			}
			for _, a := range tc.step.Actions {
				a.Action.(*fakeAction).log = log
			}
			err := Run(context.Background(), history.NewRecorder("", "", nil), []Step{tc.step}, quiet)
			if err == nil || !strings.Contains(err.Error(), "boom") {
				t.Errorf("err %v", err)
			}
			if got := log.get(); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("calls %q, want %q", got, tc.want)
			}
		})
	}
}

func TestFreezeDescribe(t *testing.T) {
	f := &Freeze{Names: []string{"apiserver-1", "apiserver-2"}, PIDs: []int{11, 12}}
	if got := f.Describe(); got != "SIGSTOP apiserver-1 (PID 11), apiserver-2 (PID 12)" {
		t.Errorf("got %q", got)
	}
	if !freezes(f) || freezes(&Partition{}) {
		t.Error("freezes() wrong")
	}
}

// TestUTSCommandKeepsTheHostName: a kube-apiserver restarted by the drill
// must come back with its host name, or it takes another identity lease
// instead of a new holder of its own.
func TestUTSCommandKeepsTheHostName(t *testing.T) {
	privileged.Require(t, "a UTS namespace (unshare --uts)")
	argv := UTSCommand("kc-drill-uts-test", []string{"sh", "-c", "hostname; echo $$"})
	cmd := exec.Command(argv[0], argv[1:]...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %v", argv, err)
	}
	lines := strings.Fields(string(out))
	if len(lines) != 2 || lines[0] != "kc-drill-uts-test" {
		t.Fatalf("output %q, want the host name kc-drill-uts-test and a PID", out)
	}
	if lines[1] != strconv.Itoa(cmd.Process.Pid) {
		t.Errorf("the command ran as PID %s, not as the started process %d: the PID file would name a wrapper", lines[1], cmd.Process.Pid)
	}
	host, err := os.Hostname()
	if err == nil && host == "kc-drill-uts-test" {
		t.Errorf("the test's own host name changed")
	}
}
