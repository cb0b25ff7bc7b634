//go:build unix

package transport

import (
	"os"

	"golang.org/x/sys/unix"
)

// protectStdout moves the real standard output to a private descriptor used
// only for the protocol, then points fd 1 and os.Stdout at standard error,
// so that writes by tools, C code or child processes land on stderr.
func protectStdout() *os.File {
	fd, err := unix.Dup(int(os.Stdout.Fd()))
	if err != nil {
		return swapStdout()
	}
	unix.CloseOnExec(fd)
	proto := os.NewFile(uintptr(fd), "mcp-protocol-stdout")
	if err := unix.Dup2(int(os.Stderr.Fd()), 1); err != nil {
		proto.Close()
		return swapStdout()
	}
	os.Stdout = os.Stderr
	return proto
}
