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
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/kubecarry/kubecarry/test/cgroupv1"
)

// Endpoint is one side of a partition: a process and the address it serves
// on. As the B side, an Endpoint with no PID is a service the A process
// is cut from (only A's packets to it are dropped, e.g. a kube-apiserver's
// to etcd), and Port, if set, narrows the cut to that TCP port.
type Endpoint struct {
	Name string
	PID  int
	IP   string
	Port int
}

// daddr is the nftables match of packets to e.
func (e Endpoint) daddr() string {
	if e.Port != 0 {
		return fmt.Sprintf("ip daddr %s tcp dport %d", e.IP, e.Port)
	}
	return "ip daddr " + e.IP
}

// oneWay says whether only A's packets to B are dropped.
func (p *Partition) oneWay() bool { return p.B.PID == 0 }

// Partition drops the traffic between two processes on one host, and only
// theirs. All servers of the local cluster have their addresses on the
// same host, so a connection from A to B's address leaves with B's address
// as its source too (the local route): rules by address cannot tell A's
// packets from anyone else's. Instead each process is put into a net_cls
// cgroup of its own (a v1 hierarchy mounted at Dir for the drill), which
// tags every socket it has or opens with the cgroup's class ID, and an
// nftables table drops, in the output hook, A's packets to B's address and
// B's packets to A's address. Existing connections are cut too: moving a
// process into a net_cls cgroup re-tags its open sockets.
type Partition struct {
	// Dir is where a net_cls hierarchy is mounted (created, and removed
	// again by Undo). If net_cls is already mounted elsewhere, that mount
	// is used instead.
	Dir string
	// Table is the nftables table (family inet) holding the rules.
	Table string
	A, B  Endpoint
	// ClassA and ClassB are the class IDs (major<<16 | minor, nonzero).
	ClassA, ClassB uint32

	root    string         // the hierarchy's root directory in use
	mounted bool           // whether Inject mounted it
	origin  map[int]string // PID -> cgroup directory it came from
	groups  []string       // cgroup directories Inject made
}

var _ Fault = (*Partition)(nil)

func (p *Partition) Describe() string {
	if p.oneWay() {
		return fmt.Sprintf("cut %s (%s) from %s (%s): nftables table inet %s, net_cls class ID %s",
			p.A.Name, p.A.IP, p.B.Name, strings.TrimPrefix(p.B.daddr(), "ip daddr "), p.Table, ClassID(p.ClassA))
	}
	return fmt.Sprintf("partition %s (%s) from %s (%s): nftables table inet %s, net_cls class IDs %s/%s",
		p.A.Name, p.A.IP, p.B.Name, p.B.IP, p.Table, ClassID(p.ClassA), ClassID(p.ClassB))
}

// ClassID formats a class ID the way tc and net_cls document it.
func ClassID(id uint32) string { return fmt.Sprintf("%x:%x", id>>16, id&0xffff) }

// Ruleset is the nftables table of the partition; with b.PID 0 it drops
// only a's packets to b (classB is then unused).
func Ruleset(table string, a, b Endpoint, classA, classB uint32) (string, error) {
	for _, e := range []Endpoint{a, b} {
		ip, err := netip.ParseAddr(e.IP)
		if err != nil || !ip.Is4() {
			return "", fmt.Errorf("%s: %q is not an IPv4 address", e.Name, e.IP)
		}
		if e.Port < 0 || e.Port > 65535 {
			return "", fmt.Errorf("%s: bad port %d", e.Name, e.Port)
		}
	}
	oneWay := b.PID == 0
	if classA == 0 || (!oneWay && (classB == 0 || classA == classB)) {
		return "", fmt.Errorf("class IDs must be nonzero and differ, got %s and %s", ClassID(classA), ClassID(classB))
	}
	if table == "" || strings.ContainsAny(table, " \t\n\"{};") {
		return "", fmt.Errorf("bad nftables table name %q", table)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "table inet %s {\n", table)
	sb.WriteString("\tchain output {\n")
	sb.WriteString("\t\ttype filter hook output priority filter; policy accept;\n")
	fmt.Fprintf(&sb, "\t\tmeta cgroup %d %s drop comment \"%s -> %s\"\n", classA, b.daddr(), a.Name, b.Name)
	if !oneWay {
		fmt.Fprintf(&sb, "\t\tmeta cgroup %d %s drop comment \"%s -> %s\"\n", classB, a.daddr(), b.Name, a.Name)
	}
	sb.WriteString("\t}\n}\n")
	return sb.String(), nil
}

func (p *Partition) Inject() error {
	rules, err := Ruleset(p.Table, p.A, p.B, p.ClassA, p.ClassB)
	if err != nil {
		return err
	}
	if err := p.mount(); err != nil {
		return err
	}
	p.origin = map[int]string{}
	sides := []struct {
		e     Endpoint
		class uint32
	}{{p.A, p.ClassA}, {p.B, p.ClassB}}
	if p.oneWay() {
		sides = sides[:1]
	}
	for _, side := range sides {
		origin, err := netClsPath(side.e.PID)
		if err != nil {
			return fmt.Errorf("%s: %w", side.e.Name, err)
		}
		dir := filepath.Join(p.root, fmt.Sprintf("%s-%s", p.Table, side.e.Name))
		if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		p.groups = append(p.groups, dir)
		if err := os.WriteFile(filepath.Join(dir, "net_cls.classid"), []byte(strconv.FormatUint(uint64(side.class), 10)), 0); err != nil {
			return fmt.Errorf("setting the class ID of %s: %w", dir, err)
		}
		if err := movePID(dir, side.e.PID); err != nil {
			return fmt.Errorf("moving %s into %s: %w", side.e.Name, dir, err)
		}
		p.origin[side.e.PID] = filepath.Join(p.root, origin)
	}
	// Replace the table if an earlier run left it.
	script := fmt.Sprintf("table inet %s\ndelete table inet %s\n%s", p.Table, p.Table, rules)
	return nft(script)
}

func (p *Partition) Undo() error {
	var errs []error
	if err := nft(fmt.Sprintf("table inet %s\ndelete table inet %s\n", p.Table, p.Table)); err != nil {
		errs = append(errs, err)
	}
	for pid, dir := range p.origin {
		if err := movePID(dir, pid); err != nil && !errors.Is(err, syscall.ESRCH) {
			errs = append(errs, fmt.Errorf("moving PID %d back to %s: %w", pid, dir, err))
		}
	}
	p.origin = nil
	for _, dir := range p.groups {
		if err := syscall.Rmdir(dir); err != nil && !errors.Is(err, syscall.ENOENT) {
			errs = append(errs, fmt.Errorf("removing cgroup %s: %w", dir, err))
		}
	}
	p.groups = nil
	if p.mounted {
		if err := syscall.Unmount(p.Dir, 0); err != nil && !errors.Is(err, syscall.EINVAL) {
			errs = append(errs, fmt.Errorf("unmounting %s: %w", p.Dir, err))
		} else {
			p.mounted, p.root = false, ""
			_ = os.Remove(p.Dir)
		}
	}
	return errors.Join(errs...)
}

// mount makes a net_cls hierarchy available at p.root.
func (p *Partition) mount() error {
	if p.root != "" {
		return nil
	}
	if existing, err := netClsMount("/proc/self/mountinfo"); err == nil && existing != "" {
		p.root = existing
		return nil
	}
	if err := os.MkdirAll(p.Dir, 0o755); err != nil {
		return err
	}
	if err := syscall.Mount("kubecarry-drill-net_cls", p.Dir, "cgroup", 0, "net_cls"); err != nil {
		return fmt.Errorf("mounting a net_cls cgroup hierarchy at %s (needs cgroup v1 net_cls in the kernel, see /proc/cgroups): %w", p.Dir, err)
	}
	p.root, p.mounted = p.Dir, true
	return nil
}

// netClsMount finds where a net_cls hierarchy is mounted, "" if nowhere.
func netClsMount(mountinfo string) (string, error) {
	data, err := os.ReadFile(mountinfo)
	if err != nil {
		return "", err
	}
	return cgroupv1.MountPoint(data, "net_cls"), nil
}

// netClsPath is the net_cls cgroup of pid, relative to the hierarchy's root.
func netClsPath(pid int) (string, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/cgroup", pid))
	if err != nil {
		return "", err
	}
	return cgroupv1.Path(data, "net_cls"), nil
}

func movePID(dir string, pid int) error {
	f, err := os.OpenFile(filepath.Join(dir, "cgroup.procs"), os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(strconv.Itoa(pid))
	return err
}

func nft(script string) error {
	cmd := exec.Command("nft", "-f", "-")
	cmd.Stdin = strings.NewReader(script)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("nft -f -: %w: %s", err, bytes.TrimSpace(out))
	}
	return nil
}
