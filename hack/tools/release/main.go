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

// Command release builds what hack/release.sh publishes beyond the binaries:
//
//	release image       container images of one binary (a tarball per platform, an OCI layout with the index)
//	release sbom        the SPDX 2.3 document of a binary or of an image
//	release provenance  the in-toto / SLSA v1 provenance statement over every artefact
//
// Every output depends only on its inputs and --epoch (SOURCE_DATE_EPOCH),
// so two release builds of a commit are identical.
package main

import (
	"fmt"
	"os"
)

var commands = map[string]func(args []string) error{
	"image":      runImage,
	"sbom":       runSBOM,
	"provenance": runProvenance,
}

func main() {
	if len(os.Args) < 2 || commands[os.Args[1]] == nil {
		fmt.Fprintln(os.Stderr, "usage: release image|sbom|provenance [flags]  (release <command> -h for its flags)")
		os.Exit(2)
	}
	if err := commands[os.Args[1]](os.Args[2:]); err != nil {
		fmt.Fprintf(os.Stderr, "release %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
}
