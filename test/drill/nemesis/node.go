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
	"context"
	"fmt"
	"net/netip"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Faults of nodes (test/kubeadm): a node is a network namespace, and what
// runs on it are kubelet's containers, which kubelet restarts itself.

// NodePartition cuts a node from other nodes, both ways and for
// everything (kube-apiserver's peers, etcd's members, kubelet), as a
// broken link between machines would: an nftables table inside the
// node's network namespace drops its packets to and from the peers'
// addresses.
type NodePartition struct {
	// Node and Netns are the node cut off and its network namespace
	// (/run/netns/<Netns>); Peers the nodes it loses, by name and address.
	Node  string
	Netns string
	Peers []Endpoint
	Table string
}

var _ Fault = (*NodePartition)(nil)

func (p *NodePartition) Describe() string {
	names := make([]string, 0, len(p.Peers))
	for _, e := range p.Peers {
		names = append(names, e.Name)
	}
	return fmt.Sprintf("partition %s from %s", p.Node, strings.Join(names, ", "))
}

// NodeRuleset is the table a NodePartition loads into the node's network
// namespace.
func NodeRuleset(table string, peers []Endpoint) (string, error) {
	if table == "" || strings.ContainsAny(table, " \t\n\"{};") {
		return "", fmt.Errorf("bad nftables table name %q", table)
	}
	if len(peers) == 0 {
		return "", fmt.Errorf("a partition needs at least one peer")
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "table inet %s {\n", table)
	for _, hook := range []struct{ chain, dir string }{{"input", "saddr"}, {"output", "daddr"}} {
		fmt.Fprintf(&sb, "\tchain %s {\n\t\ttype filter hook %s priority filter - 10; policy accept;\n", hook.chain, hook.chain)
		for _, e := range peers {
			ip, err := netip.ParseAddr(e.IP)
			if err != nil || !ip.Is4() {
				return "", fmt.Errorf("%s: %q is not an IPv4 address", e.Name, e.IP)
			}
			fmt.Fprintf(&sb, "\t\tip %s %s drop comment \"%s\"\n", hook.dir, ip, e.Name)
		}
		sb.WriteString("\t}\n")
	}
	sb.WriteString("}\n")
	return sb.String(), nil
}

func (p *NodePartition) Inject() error {
	rules, err := NodeRuleset(p.Table, p.Peers)
	if err != nil {
		return err
	}
	// Replace the table if an earlier run left it.
	return p.nft(fmt.Sprintf("table inet %s\ndelete table inet %s\n%s", p.Table, p.Table, rules))
}

func (p *NodePartition) Undo() error {
	return p.nft(fmt.Sprintf("table inet %s\ndelete table inet %s\n", p.Table, p.Table))
}

func (p *NodePartition) nft(script string) error {
	if p.Netns == "" || strings.ContainsRune(p.Netns, '/') {
		return fmt.Errorf("bad network namespace name %q", p.Netns)
	}
	cmd := exec.Command("ip", "netns", "exec", p.Netns, "nft", "-f", "-")
	cmd.Stdin = strings.NewReader(script)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("nft -f - in %s: %w: %s", p.Netns, err, bytes.TrimSpace(out))
	}
	return nil
}

// KillContainer kills (SIGKILL) the processes of a container whose argv
// matches, as an OOM kill or a crash would; kubelet, not the drill,
// starts it again. Match is e.g. kube-apiserver with one node's
// --advertise-address.
type KillContainer struct {
	Name  string
	Match func(argv []string) bool
	// Timeout bounds the wait for the processes to be gone.
	Timeout time.Duration
}

func (k *KillContainer) Describe() string { return "SIGKILL " + k.Name }

func (k *KillContainer) Do(ctx context.Context) error {
	pids, err := MatchingProcesses("/proc", k.Match)
	if err != nil {
		return err
	}
	if len(pids) == 0 {
		return fmt.Errorf("%s: no running process matches", k.Name)
	}
	for _, pid := range pids {
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil && err != syscall.ESRCH {
			return fmt.Errorf("SIGKILL %s (PID %d): %w", k.Name, pid, err)
		}
	}
	for _, pid := range pids {
		if !waitExit(ctx, pid, k.Timeout) {
			return fmt.Errorf("%s (PID %d) did not exit after SIGKILL", k.Name, pid)
		}
	}
	return nil
}

// MatchingProcesses lists the live processes under proc (/proc) whose argv
// matches, in PID order.
func MatchingProcesses(proc string, match func(argv []string) bool) ([]int, error) {
	entries, err := os.ReadDir(proc)
	if err != nil {
		return nil, err
	}
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile(fmt.Sprintf("%s/%d/cmdline", proc, pid))
		if err != nil || len(data) == 0 {
			continue // gone, or a kernel thread
		}
		if match(SplitCmdline(data)) {
			pids = append(pids, pid)
		}
	}
	slices.Sort(pids)
	return pids, nil
}

// ArgvHas is a KillContainer match: argv[0]'s base name is command and
// every flag is one of its arguments.
func ArgvHas(command string, flags ...string) func(argv []string) bool {
	return func(argv []string) bool {
		if len(argv) == 0 || argv[0][strings.LastIndexByte(argv[0], '/')+1:] != command {
			return false
		}
		for _, f := range flags {
			if !slices.Contains(argv[1:], f) {
				return false
			}
		}
		return true
	}
}
