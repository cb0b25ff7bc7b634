// Package testutil holds the helpers the module's tests share: a locked
// buffer for a child's stderr, building a package's binary once per test
// process, and copying and editing a source tree. Only tests import it
// (deps_test.go checks).
package testutil

import (
	"bytes"
	"sync"
)

// Buffer is a bytes.Buffer safe for concurrent Write and String, as
// needed when a child's stderr copier writes while the test reads.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p to the buffer.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String returns what has been written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
