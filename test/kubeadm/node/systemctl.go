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

package node

import (
	"fmt"
	"sort"
	"strings"
)

// Systemctl answers the systemctl commands kubeadm and the upgrade guides
// run on a node (kubeadm's initsystem package, "systemctl daemon-reload",
// "systemctl restart kubelet") for the node's services, as systemd would:
// the same output and exit codes for the verbs it knows, an error naming
// anything else. It returns stdout, stderr and the exit code.
func Systemctl(services map[string]*Service, args []string) (string, string, int) {
	var words []string
	for _, arg := range args {
		switch arg {
		case "--no-pager", "--quiet", "-q", "--no-block", "--system":
			continue
		}
		if strings.HasPrefix(arg, "-") {
			return "", fmt.Sprintf("systemctl (kubecarry node): option %s is not supported\n", arg), 1
		}
		words = append(words, arg)
	}
	if len(words) == 0 {
		return "", "systemctl (kubecarry node): no command given\n", 1
	}
	verb, names := words[0], words[1:]
	switch verb {
	case "daemon-reload":
		// Units read their environment files at every start, as systemd
		// does; there is no unit file to reload.
		return "", "", 0
	case "list-units":
		var b strings.Builder
		for _, name := range sortedNames(services) {
			fmt.Fprintf(&b, "%s.service loaded %s\n", name, services[name].State())
		}
		return b.String(), "", 0
	}
	if len(names) == 0 {
		return "", fmt.Sprintf("systemctl (kubecarry node): %s needs a unit name\n", verb), 1
	}
	var stdout, stderr strings.Builder
	exit := 0
	for _, unit := range names {
		name := strings.TrimSuffix(unit, ".service")
		service, known := services[name]
		code := 0
		switch verb {
		case "start", "stop", "restart", "try-restart", "reload-or-restart":
			if !known {
				fmt.Fprintf(&stderr, "Failed to %s %s.service: Unit %s.service not found.\n", verb, name, name)
				code = 5
				break
			}
			switch verb {
			case "start":
				service.Start()
			case "stop":
				service.Stop()
			default:
				service.Restart()
			}
		case "enable", "disable":
			// Every unit of a node starts with the node, as kubeadm's
			// packages enable kubelet; there is nothing to change.
			if !known {
				fmt.Fprintf(&stderr, "Failed to %s unit: Unit file %s.service does not exist.\n", verb, name)
				code = 1
			}
		case "is-enabled":
			if known {
				stdout.WriteString("enabled\n")
			} else {
				fmt.Fprintf(&stderr, "Failed to get unit file state for %s.service: No such file or directory\n", name)
				code = 1
			}
		case "is-active":
			state := StateInactive
			if known {
				state = service.State()
			}
			stdout.WriteString(state + "\n")
			if state != StateActive {
				code = 3
			}
		case "status":
			if !known {
				fmt.Fprintf(&stderr, "Unit %s.service could not be found.\n", name)
				code = 4
				break
			}
			text, state := service.Status()
			stdout.WriteString(text)
			if state != StateActive {
				code = 3
			}
		default:
			return "", fmt.Sprintf("systemctl (kubecarry node): command %s is not supported\n", verb), 1
		}
		if code > exit {
			exit = code
		}
	}
	return stdout.String(), stderr.String(), exit
}

func sortedNames(services map[string]*Service) []string {
	names := make([]string, 0, len(services))
	for name := range services {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
