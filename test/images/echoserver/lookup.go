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
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"
)

// lookupWithTimeout resolves the comma-separated names through the
// system's resolver (in a Pod: cluster DNS), printing them to stdout.
func lookupWithTimeout(names string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return lookupAll(ctx, net.DefaultResolver, strings.Split(names, ","), os.Stdout)
}

// hostResolver is the part of *net.Resolver lookupAll uses.
type hostResolver interface {
	LookupHost(ctx context.Context, host string) ([]string, error)
}

// lookupAll resolves every name and prints "<name> <address>..." for each
// one that resolves. It tries them all, so one failure does not hide
// another, and returns an error naming every name that did not resolve.
func lookupAll(ctx context.Context, r hostResolver, names []string, out io.Writer) error {
	var failed []string
	for _, name := range names {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		addrs, err := r.LookupHost(ctx, name)
		if err != nil {
			failed = append(failed, err.Error())
			continue
		}
		fmt.Fprintf(out, "%s %s\n", name, strings.Join(addrs, " "))
	}
	if len(failed) > 0 {
		return fmt.Errorf("not resolved: %s", strings.Join(failed, "; "))
	}
	return nil
}
