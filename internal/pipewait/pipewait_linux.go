package pipewait

import (
	"context"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// Drained waits until the pipe that w writes into holds no unread bytes,
// or ctx ends. Linux only: it asks FIONREAD (TIOCINQ, as x/sys/unix
// names it on Linux), which a pipe answers on either end.
func Drained(ctx context.Context, w *os.File) error {
	rc, err := w.SyscallConn()
	if err != nil {
		return err
	}
	for {
		var n int
		var ierr error
		if err := rc.Control(func(fd uintptr) { n, ierr = unix.IoctlGetInt(int(fd), unix.TIOCINQ) }); err != nil {
			return err
		}
		if ierr != nil {
			return ierr
		}
		if n == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Millisecond):
		}
	}
}
