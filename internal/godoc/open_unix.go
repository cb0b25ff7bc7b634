//go:build unix

package godoc

import (
	"os"
	"syscall"
)

// OpenSource opens a source file or directory for reading as a plain
// blocking descriptor, which os.NewFile does not hand to the runtime's
// poller (see open.go).
func OpenSource(name string) (*os.File, error) {
	for {
		fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "open", Path: name, Err: err}
		}
		return os.NewFile(uintptr(fd), name), nil
	}
}
