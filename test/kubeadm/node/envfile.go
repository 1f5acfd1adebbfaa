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
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// ReadEnvironmentFile reads a file the way systemd's EnvironmentFile= does
// for the lines kubeadm writes (/var/lib/kubelet/kubeadm-flags.env,
// /etc/default/kubelet): KEY=VALUE per line, blank lines and lines starting
// with # or ; ignored, a value in double or single quotes unquoted. A file
// that does not exist is an empty environment when optional is true (the
// unit's "EnvironmentFile=-path"), an error otherwise.
func ReadEnvironmentFile(path string, optional bool) (map[string]string, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) && optional {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	env := map[string]string{}
	scanner := bufio.NewScanner(f)
	scanner.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; scanner.Scan(); n++ {
		line := strings.TrimSpace(scanner.Text())
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		key = strings.TrimSpace(key)
		if !ok || key == "" || strings.ContainsAny(key, " \t\"'") {
			return nil, fmt.Errorf("%s:%d: not KEY=VALUE: %q", path, n, line)
		}
		value = strings.TrimSpace(value)
		if unquoted, err := unquote(value); err != nil {
			return nil, fmt.Errorf("%s:%d: %s: %w", path, n, key, err)
		} else {
			env[key] = unquoted
		}
	}
	if err := scanner.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return env, nil
}

// unquote removes one pair of matching double or single quotes around a
// value; a value that opens a quote and does not close it is an error.
func unquote(value string) (string, error) {
	if value == "" || (value[0] != '"' && value[0] != '\'') {
		return value, nil
	}
	if len(value) < 2 || value[len(value)-1] != value[0] {
		return "", fmt.Errorf("unterminated quote in %s", value)
	}
	return value[1 : len(value)-1], nil
}

// ExpandCommand builds an ExecStart= command line: each word of command
// that is "$NAME" becomes the words of that variable's value, split at
// white space (systemd's unbraced expansion; an unset or empty variable
// adds no word), every other word is kept as it is.
func ExpandCommand(command []string, env map[string]string) []string {
	var argv []string
	for _, word := range command {
		if name, ok := strings.CutPrefix(word, "$"); ok && name != "" {
			argv = append(argv, strings.Fields(env[name])...)
			continue
		}
		argv = append(argv, word)
	}
	return argv
}
