//go:build unix

package transport

import (
	"errors"
	"io"
	"os"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// pollReader reads a file on the calling goroutine, as a plain blocking
// read would, but waits for input in poll(2) on the file and on a wake-up
// pipe of its own, whose write end Close closes. So a read costs no
// hand-over between goroutines (each of which woke a thread: the pump's
// price per message on a quiet connection), and Close still ends a
// waiting read. Input is consumed only by a read that returns it: what
// arrives after Close stays in the file for the next reader.
type pollReader struct {
	rc syscall.RawConn
	fn func(uintptr) bool // rc.Read's callback, made once: do

	mu      sync.Mutex
	wakeR   int // read end of the wake-up pipe, -1 once closed
	wakeW   int // write end, -1 once closed (Close)
	reading int // Reads under way, which may be polling wakeR

	// One Read's state, for fn (a reader, like bufio's, is not read from
	// concurrently).
	fds [2]unix.PollFd
	buf []byte
	n   int
	err error
}

// newFileReader returns a reader of f whose Close interrupts a Read that
// is waiting for input (Read then returns ErrClosed); the pump if f has
// no descriptor to poll or a pipe cannot be made.
func newFileReader(f *os.File) io.ReadCloser {
	rc, err := f.SyscallConn()
	var p [2]int
	if err == nil {
		err = cloexecPipe(&p)
	}
	if err != nil {
		return newPumpReader(f)
	}
	r := &pollReader{rc: rc, wakeR: p[0], wakeW: p[1]}
	r.fn = r.do
	return r
}

// cloexecPipe makes a pipe whose ends a child process does not inherit
// (as os.Pipe does where pipe2(2) is missing).
func cloexecPipe(p *[2]int) error {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	if err := unix.Pipe(p[:]); err != nil {
		return err
	}
	unix.CloseOnExec(p[0])
	unix.CloseOnExec(p[1])
	return nil
}

func (r *pollReader) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	r.mu.Lock()
	if r.wakeW < 0 {
		r.mu.Unlock()
		return 0, ErrClosed
	}
	r.reading++
	r.fds[1] = unix.PollFd{Fd: int32(r.wakeR), Events: unix.POLLIN}
	r.mu.Unlock()
	defer r.leave()
	r.buf, r.n, r.err = b, 0, nil
	if err := r.rc.Read(r.fn); err != nil {
		return 0, err // the file itself was closed
	}
	r.buf = nil
	return r.n, r.err
}

// do waits for input or for Close, then reads; rc.Read's callback, on the
// file's descriptor.
func (r *pollReader) do(fd uintptr) bool {
	r.fds[0] = unix.PollFd{Fd: int32(fd), Events: unix.POLLIN}
	for {
		r.fds[0].Revents, r.fds[1].Revents = 0, 0
		if _, err := unix.Poll(r.fds[:], -1); err != nil {
			if errors.Is(err, unix.EINTR) {
				continue
			}
			r.err = &os.PathError{Op: "poll", Path: "stdin", Err: err}
			return true
		}
		if r.fds[1].Revents != 0 {
			r.err = ErrClosed
			return true
		}
		n, err := unix.Read(int(fd), r.buf)
		switch {
		case errors.Is(err, unix.EAGAIN) || errors.Is(err, unix.EINTR):
			continue // a non-blocking descriptor another reader drained
		case err != nil:
			r.err = &os.PathError{Op: "read", Path: "stdin", Err: err}
		case n == 0:
			r.err = io.EOF
		}
		r.n = max(n, 0)
		return true
	}
}

// leave ends a Read, closing the wake-up pipe's read end if it was the
// last one after Close.
func (r *pollReader) leave() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reading--
	r.closeIdle()
}

// closeIdle closes the read end of the wake-up pipe once Close has been
// called and no Read can be polling it.
func (r *pollReader) closeIdle() {
	if r.wakeW < 0 && r.reading == 0 && r.wakeR >= 0 {
		unix.Close(r.wakeR)
		r.wakeR = -1
	}
}

// Close makes a waiting and every later Read return ErrClosed. It does not
// close the file.
func (r *pollReader) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.wakeW >= 0 {
		unix.Close(r.wakeW) // a Read in poll sees POLLHUP on wakeR
		r.wakeW = -1
	}
	r.closeIdle()
	return nil
}
