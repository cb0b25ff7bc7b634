//go:build !unix

package godoc

import "os"

// OpenSource opens a source file or directory for reading.
func OpenSource(name string) (*os.File, error) { return os.Open(name) }
