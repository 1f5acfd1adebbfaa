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

// kcadm writes the files of test/kubeadm's clusters for hack/ scripts (see
// test/kubeadm/cluster):
//
//	kcadm recipe --docs docs/deploy.md [--name kubeadm-cluster-configuration]
//	    prints the recipe the docs show, byte for byte
//	kcadm default-config --kubernetes-version V --control-plane-endpoint HOST:PORT
//	    prints kubeadm's default ClusterConfiguration with that endpoint
//	    (the upstream side of a comparison)
//	kcadm credentials
//	    prints a new bootstrap token and certificate key, one per line
//	kcadm init-config --recipe FILE --node NAME --ip IP --token T --certificate-key K [flags]
//	kcadm join-config --recipe FILE --node NAME --ip IP --token T --certificate-key K --ca FILE [--control-plane] [flags]
//	kcadm node-files --recipe FILE --node NAME --ip IP --pod-cidr CIDR --load-balancer-ip IP --pause-image REF --dir DIR
//	    writes the node's hosts, fs/etc-containerd/config.toml and
//	    fs/etc-cni-net.d/10-kubecarry.conflist under DIR
//	    print the node's kubeadm configuration (init: followed by the recipe)
//	    flags: --ignore-preflight-errors A,B --patches DIR
//
// Errors name the cause and exit 1; usage errors exit 2.
package main

import (
	"errors"
	"flag"
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"strings"

	"github.com/kubecarry/kubecarry/test/kubeadm/cluster"
	"github.com/kubecarry/kubecarry/test/kubeadm/recipe"
)

func main() {
	out, err := run(os.Args[1:])
	if err != nil {
		fmt.Fprintf(os.Stderr, "kcadm: %v\n", err)
		os.Exit(1)
	}
	os.Stdout.Write(out)
}

func run(args []string) ([]byte, error) {
	if len(args) == 0 {
		return nil, errors.New("usage: kcadm recipe|default-config|credentials|init-config|join-config|node-files [flags]")
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	switch args[0] {
	case "recipe":
		docs := fs.String("docs", "docs/deploy.md", "the Markdown file")
		name := fs.String("name", "kubeadm-cluster-configuration", "the recipe's name")
		if err := fs.Parse(args[1:]); err != nil {
			return nil, err
		}
		return recipe.FromFile(*docs, *name)
	case "default-config":
		version := fs.String("kubernetes-version", "", "the release, e.g. v1.35.8")
		endpoint := fs.String("control-plane-endpoint", "", "the load balancer's host:port")
		if err := fs.Parse(args[1:]); err != nil {
			return nil, err
		}
		return cluster.DefaultClusterConfiguration(*version, *endpoint)
	case "credentials":
		token, key, err := cluster.NewCredentials()
		if err != nil {
			return nil, err
		}
		return []byte(token + "\n" + key + "\n"), nil
	case "init-config", "join-config":
		return nodeConfig(fs, args[0], args[1:])
	case "node-files":
		return nil, nodeFiles(fs, args[1:])
	}
	return nil, fmt.Errorf("unknown command %q (recipe, default-config, credentials, init-config, join-config, node-files)", args[0])
}

func nodeConfig(fs *flag.FlagSet, command string, args []string) ([]byte, error) {
	recipeFile := fs.String("recipe", "", "the recipe (kcadm recipe's output)")
	name := fs.String("node", "", "the node's name")
	ip := fs.String("ip", "", "the node's address")
	token := fs.String("token", "", "the bootstrap token")
	key := fs.String("certificate-key", "", "the key of the uploaded control-plane certificates")
	ca := fs.String("ca", "", "join-config: the cluster CA certificate (/etc/kubernetes/pki/ca.crt of the first control plane)")
	controlPlane := fs.Bool("control-plane", command == "init-config", "the node is a control plane")
	ignore := fs.String("ignore-preflight-errors", "", "comma-separated preflight checks that fail only because of this environment")
	patches := fs.String("patches", "", "a directory of kubeadm patches for this node")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	for flagName, value := range map[string]string{"recipe": *recipeFile, "node": *name, "ip": *ip, "token": *token, "certificate-key": *key} {
		if value == "" {
			return nil, fmt.Errorf("%s: --%s is required", command, flagName)
		}
	}
	if strings.Contains(*ignore, "all") {
		return nil, errors.New("--ignore-preflight-errors: name each check; never all")
	}
	r, err := os.ReadFile(*recipeFile)
	if err != nil {
		return nil, err
	}
	facts, err := cluster.ReadRecipe(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", *recipeFile, err)
	}
	addr, err := netip.ParseAddr(*ip)
	if err != nil {
		return nil, fmt.Errorf("--ip: %w", err)
	}
	c := cluster.Cluster{Endpoint: facts.ControlPlaneEndpoint, Token: *token, CertificateKey: *key}
	if *ignore != "" {
		c.IgnorePreflightErrors = strings.Split(*ignore, ",")
	}
	n := cluster.Node{Name: *name, IP: addr, ControlPlane: *controlPlane, Patches: *patches}
	if command == "init-config" {
		return c.InitConfig(n, r)
	}
	if *ca == "" {
		return nil, errors.New("join-config: --ca is required")
	}
	caPEM, err := os.ReadFile(*ca)
	if err != nil {
		return nil, err
	}
	hash, err := cluster.CACertHash(caPEM)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", *ca, err)
	}
	return c.JoinConfig(n, hash), nil
}

func nodeFiles(fs *flag.FlagSet, args []string) error {
	recipeFile := fs.String("recipe", "", "the recipe (its controlPlaneEndpoint names the load balancer)")
	name := fs.String("node", "", "the node's name")
	ip := fs.String("ip", "", "the node's address")
	podCIDR := fs.String("pod-cidr", "", "the node's Pods' range")
	lb := fs.String("load-balancer-ip", "", "where the recipe's controlPlaneEndpoint resolves")
	pause := fs.String("pause-image", "", "the sandbox image kubeadm names")
	dir := fs.String("dir", "", "the node's state directory")
	if err := fs.Parse(args); err != nil {
		return err
	}
	for flagName, value := range map[string]string{"recipe": *recipeFile, "node": *name, "ip": *ip, "pod-cidr": *podCIDR, "load-balancer-ip": *lb, "pause-image": *pause, "dir": *dir} {
		if value == "" {
			return fmt.Errorf("node-files: --%s is required", flagName)
		}
	}
	r, err := os.ReadFile(*recipeFile)
	if err != nil {
		return err
	}
	facts, err := cluster.ReadRecipe(r)
	if err != nil {
		return fmt.Errorf("%s: %w", *recipeFile, err)
	}
	n := cluster.Node{Name: *name}
	if n.IP, err = netip.ParseAddr(*ip); err != nil {
		return fmt.Errorf("--ip: %w", err)
	}
	if n.PodCIDR, err = netip.ParsePrefix(*podCIDR); err != nil {
		return fmt.Errorf("--pod-cidr: %w", err)
	}
	c := cluster.Cluster{Endpoint: facts.ControlPlaneEndpoint}
	if c.LoadBalancerIP, err = netip.ParseAddr(*lb); err != nil {
		return fmt.Errorf("--load-balancer-ip: %w", err)
	}
	hosts, err := c.HostsFile(n)
	if err != nil {
		return err
	}
	for path, content := range map[string][]byte{
		"hosts":                                  hosts,
		"fs/etc-containerd/config.toml":          cluster.ContainerdConfig(*pause),
		"fs/etc-cni-net.d/10-kubecarry.conflist": cluster.CNIConfig(n.PodCIDR),
	} {
		full := filepath.Join(*dir, path)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(full, content, 0o644); err != nil {
			return err
		}
	}
	return nil
}
