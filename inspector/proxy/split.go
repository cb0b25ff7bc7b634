package proxy

import (
	"bytes"
	"time"
)

// MaxFrame is the most of one frame a session file keeps; a longer line
// is forwarded whole and recorded cut (Record.Truncated).
const MaxFrame = 256 << 20

// splitter cuts a byte stream into frames at newlines and hands each to
// emit. The recorder runs it on what a tap gathered, off the forwarding
// path.
type splitter struct {
	dir       Direction
	buf       []byte
	truncated bool
	at        time.Time // when the bytes that end the frame arrived
	emit      func(frame)
}

// frame is one frame the splitter cut; its bytes are valid only during
// the call to emit.
type frame struct {
	at                 time.Time
	dir                Direction
	b                  []byte
	partial, truncated bool
}

// feed takes bytes that arrived at t (stamped before they were forwarded).
func (s *splitter) feed(b []byte, t time.Time) {
	s.at = t
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			s.keep(b)
			return
		}
		s.keep(b[:i])
		s.send(false)
		b = b[i+1:]
	}
}

func (s *splitter) keep(b []byte) {
	if room := MaxFrame - len(s.buf); len(b) > room {
		b, s.truncated = b[:room], true
	}
	s.buf = append(s.buf, b...)
}

func (s *splitter) send(partial bool) {
	s.emit(frame{at: s.at, dir: s.dir, b: s.buf, partial: partial, truncated: s.truncated})
	s.buf, s.truncated = s.buf[:0], false
	if cap(s.buf) > 1<<20 {
		s.buf = nil // don't hold on to a huge frame's buffer
	}
}

// close emits what is left without a newline, if anything, as a frame
// that ended at t.
func (s *splitter) close(t time.Time) {
	if len(s.buf) > 0 || s.truncated {
		s.at = t
		s.send(true)
	}
}

// drop forgets the frame in progress.
func (s *splitter) drop() {
	s.buf, s.truncated = s.buf[:0], false
}
