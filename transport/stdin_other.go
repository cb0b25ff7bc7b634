//go:build !unix

package transport

import (
	"io"
	"os"
)

// newFileReader returns a reader of f whose Close interrupts a Read that
// is waiting for input (Read then returns ErrClosed).
func newFileReader(f *os.File) io.ReadCloser { return newPumpReader(f) }
