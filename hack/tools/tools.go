//go:build tools

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

// Package tools pins the build tools hack/ scripts build from this module.
// etcd's server module carries replace directives, so "go install
// go.etcd.io/etcd/server/v3@version" is refused; requiring it here and
// running "go build go.etcd.io/etcd/server/v3" works.
package tools

import (
	_ "go.etcd.io/etcd/server/v3"
)
