/*
Copyright 2026 The Kubernetes Authors.

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

package peerproxy

import "sync"

// copyBufferSize is the size of the buffers proxied response bodies are
// copied through, the size net/http/httputil allocates when it has no pool.
const copyBufferSize = 32 * 1024

// copyBufferPool lends the reverse proxy its copy buffers, so that a
// proxied request does not allocate (and the garbage collector reclaim) a
// fresh 32 KiB buffer. It implements net/http/httputil.BufferPool.
type copyBufferPool struct{ pool sync.Pool }

// copyBuffers is shared by every peer proxy handler of the process.
var copyBuffers = newCopyBufferPool()

func newCopyBufferPool() *copyBufferPool {
	return &copyBufferPool{pool: sync.Pool{New: func() any {
		b := make([]byte, copyBufferSize)
		return &b
	}}}
}

func (p *copyBufferPool) Get() []byte { return *p.pool.Get().(*[]byte) }

func (p *copyBufferPool) Put(b []byte) {
	// Buffers of another size did not come from this pool.
	if cap(b) != copyBufferSize {
		return
	}
	b = b[:copyBufferSize]
	p.pool.Put(&b)
}
