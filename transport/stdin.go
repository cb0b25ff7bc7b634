package transport

import (
	"io"
	"os"
	"sync"
)

// A read of standard input cannot be interrupted: os.Stdin is a blocking
// descriptor (pipe, terminal, file, /dev/null alike), so SetReadDeadline
// fails with os.ErrNoDeadline, and making it non-blocking would change the
// open file shared with the parent process. On Unix a reader waits in
// poll(2) for the file or for its own wake-up pipe (stdin_unix.go). Where
// that is not available, one goroutine per file reads for the life of the
// process and hands what it read to whichever reader asks (the pump
// below). A closed reader stops waiting at once; with the pump the
// goroutine stays blocked in its read, and what it reads next is kept for
// the next reader (a later NewStdio), not lost.

// filePump is the reading goroutine of one file.
type filePump struct {
	reqs chan []byte   // a reader's buffer, to be filled
	got  chan int      // how much of it was filled
	end  chan struct{} // closed once everything read was handed out and the file ended
	err  error         // what ended it (io.EOF or the read error); set before end closes
}

var pumps struct {
	sync.Mutex
	m map[*os.File]*filePump
}

// pumpFor returns the pump of f, starting it on first use.
func pumpFor(f *os.File) *filePump {
	pumps.Lock()
	defer pumps.Unlock()
	if p := pumps.m[f]; p != nil {
		return p
	}
	if pumps.m == nil {
		pumps.m = map[*os.File]*filePump{}
	}
	p := &filePump{reqs: make(chan []byte), got: make(chan int), end: make(chan struct{})}
	pumps.m[f] = p
	go p.run(f)
	return p
}

func (p *filePump) run(r io.Reader) {
	buf := make([]byte, 64<<10)
	for {
		n, err := r.Read(buf)
		for off := 0; off < n; {
			dst := <-p.reqs
			k := copy(dst, buf[off:n])
			off += k
			p.got <- k
		}
		if err != nil {
			p.err = err
			close(p.end)
			return
		}
	}
}

// pumpReader reads from a filePump until it is closed.
type pumpReader struct {
	p         *filePump
	done      chan struct{}
	closeOnce sync.Once
}

// newPumpReader returns a reader of f, through f's pump, whose Close
// interrupts a Read that is waiting for input (Read then returns
// ErrClosed).
func newPumpReader(f *os.File) *pumpReader {
	return &pumpReader{p: pumpFor(f), done: make(chan struct{})}
}

func (r *pumpReader) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	select {
	case <-r.done:
		return 0, ErrClosed
	default:
	}
	select {
	case r.p.reqs <- b:
		// The pump owns b until it answers, which it does at once.
		return <-r.p.got, nil
	case <-r.p.end:
		return 0, r.p.err
	case <-r.done:
		return 0, ErrClosed
	}
}

// Close makes a waiting and every later Read return ErrClosed. It does not
// close the file.
func (r *pumpReader) Close() error {
	r.closeOnce.Do(func() { close(r.done) })
	return nil
}
