package transport

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
)

// DefaultMaxMessageSize is the longest line a stream connection accepts.
const DefaultMaxMessageSize = 4 << 20

// ErrClosed is returned by Read and Write after Close.
var ErrClosed = errors.New("transport: connection closed")

// Conn carries JSON-RPC messages in both directions. Read and Write may be
// called from different goroutines; Write is safe for concurrent use.
type Conn interface {
	// Read returns the next message. A message that could not be decoded
	// is reported as a *DecodeError; the connection stays usable after it.
	// io.EOF means the peer is gone.
	Read(ctx context.Context) (*Message, error)
	Write(ctx context.Context, m *Message) error
	Close() error
}

// ErrTooLarge is matched (errors.Is) by the *DecodeError of a message
// over the connection's size limit.
var ErrTooLarge = errors.New("transport: message too large")

// DecodeError reports an incoming frame that is not a valid message. Msg
// holds whatever could be salvaged (usually the id), so the receiver can
// answer with Err, or fail the call the frame answered.
type DecodeError struct {
	Err *Error
	Msg *Message
	// Line is the offending frame as received (at most 1 KiB of it), so a
	// client can show what a misbehaving server printed.
	Line []byte
	// Size is the frame's length in bytes; more than len(Line) when Line
	// holds only its start (a line over MaxMessageSize, say).
	Size int
	// Limit is the size limit a frame over it exceeded (Size says by how
	// much), 0 for any other bad frame. Such a frame is skipped as it
	// streams past, never held in memory; its id and method are read on
	// the way, into Msg.
	Limit int
	// response: the frame was too large, and had a result or an error.
	response bool
}

func (e *DecodeError) Error() string {
	if e.Limit > 0 {
		return "transport: " + e.Err.Message
	}
	return "transport: bad message: " + e.Err.Message
}

func (e *DecodeError) Unwrap() error { return e.Err }

// Is makes a frame over the size limit match ErrTooLarge.
func (e *DecodeError) Is(target error) bool { return target == ErrTooLarge && e.Limit > 0 }

// IsResponse reports whether the frame was meant as a response: it has an
// id and a result or an error, and no method. A receiver never answers
// one (the answer could bounce between the peers); a client fails the call
// it answers.
func (e *DecodeError) IsResponse() bool {
	m := e.Msg
	if m == nil || m.Method != "" || len(m.ID) == 0 {
		return false
	}
	return e.response || m.Result != nil || m.Error != nil
}

// StreamOptions configures a newline-delimited stream connection.
type StreamOptions struct {
	// MaxMessageSize bounds one line; longer lines are skipped as they
	// stream past and reported as a DecodeError matching ErrTooLarge,
	// carrying the line's id. Zero means DefaultMaxMessageSize.
	MaxMessageSize int
	// Closer is closed by Close (e.g. the process's pipes).
	Closer io.Closer
}

// NewStream returns a Conn that reads newline-delimited JSON-RPC from r and
// writes it to w.
func NewStream(r io.Reader, w io.Writer, opts *StreamOptions) Conn {
	max := DefaultMaxMessageSize
	var closer io.Closer
	if opts != nil {
		if opts.MaxMessageSize > 0 {
			max = opts.MaxMessageSize
		}
		closer = opts.Closer
	}
	c := &streamConn{w: bufio.NewWriterSize(w, 32<<10), max: max, closer: closer, done: make(chan struct{})}
	c.r = bufio.NewReaderSize(flushBeforeRead{c, r}, 64<<10)
	return c
}

type streamConn struct {
	r     *bufio.Reader
	max   int
	line  []byte      // a short line
	frame FrameBuffer // a long one

	wmu     sync.Mutex
	writers atomic.Int32 // writers in WriteRaw, holding or waiting for wmu
	w       *bufio.Writer
	left    bool        // w holds a message a writer left for the next one to flush (under wmu)
	held    atomic.Bool // w holds messages written by WriteHeld, not flushed yet (conn_batch.go)

	closer    io.Closer
	closeOnce sync.Once
	done      chan struct{}
}

func (c *streamConn) Read(ctx context.Context) (*Message, error) {
	for {
		select {
		case <-c.done:
			return nil, ErrClosed
		default:
		}
		line, owned, big, err := c.readLine()
		if err != nil && c.isClosed() {
			return nil, ErrClosed // Close interrupted the read: drop a partial line
		}
		if big != nil {
			return nil, big.tooLarge(c.max)
		}
		if len(trimSpace(line)) == 0 {
			if err != nil {
				return nil, c.eof(err)
			}
			continue // blank line between messages
		}
		decode := Decode
		if owned {
			decode = decodeOwned
		}
		m, derr := decode(line)
		if derr != nil {
			line = trimSpace(line)
			return nil, &DecodeError{Err: derr, Msg: m, Line: clip(line, 1024), Size: len(line)}
		}
		return m, nil
	}
}

func (c *streamConn) isClosed() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

// eof maps the reader's end to io.EOF, or ErrClosed after Close.
func (c *streamConn) eof(err error) error {
	if c.isClosed() {
		return ErrClosed
	}
	if errors.Is(err, io.EOF) {
		return io.EOF
	}
	return err
}

// readLine returns the next line without its newline; owned when the
// line is memory of its own the caller may keep (a long line), not the
// connection's buffer. A line longer than max is read to its end without
// being kept: the scan of it is returned instead; what was held of it
// before it passed max is at most max bytes, in pieces (FrameBuffer). At
// EOF the final unterminated line is returned together with the error.
func (c *streamConn) readLine() (line []byte, owned bool, big *frameScan, err error) {
	c.line = c.line[:0]
	for {
		chunk, err := c.r.ReadSlice('\n')
		more := err == bufio.ErrBufferFull
		switch {
		case big != nil && more:
			big.write(chunk)
		case big != nil:
			big.write(trimEOL(chunk))
		case c.frame.Len() == 0 && len(c.line)+len(chunk) <= min(shortLine, c.max+2):
			c.line = append(c.line, chunk...)
		default:
			big = c.addLong(chunk, more)
		}
		if more {
			continue
		}
		if big != nil {
			return nil, false, big, nil
		}
		if c.frame.Len() > 0 {
			return c.longLine(err)
		}
		if len(trimEOL(c.line)) > c.max {
			big = &frameScan{}
			big.write(trimEOL(c.line))
			return nil, false, big, nil
		}
		return c.line, false, nil, err
	}
}

// longLine is the long line c.frame holds, without a "\r" ending it.
func (c *streamConn) longLine(err error) ([]byte, bool, *frameScan, error) {
	if c.frame.Len() > c.max && c.frame.lastByte() != '\r' {
		big := &frameScan{}
		c.frame.scanInto(big)
		return nil, false, big, nil
	}
	line := c.frame.Bytes()
	if n := len(line); n > c.max {
		line = line[:n-1]
	}
	return line, true, nil, err
}

// shortLine is the longest line read into the connection's own buffer.
const shortLine = 64 << 10

// addLong adds the next chunk of a long line to c.frame (which takes the
// line's start from c.line first); past the limit, the line goes on into
// the frame scan returned.
func (c *streamConn) addLong(chunk []byte, more bool) *frameScan {
	body := chunk
	if !more {
		body = trimEOL(chunk) // the limit counts the message only
	}
	big := &frameScan{}
	if c.frame.Len() == 0 {
		c.frame.limit = c.max + 1 // and a "\r" before a "\n" in the next chunk
		start := c.line
		c.line = c.line[:0]
		if !c.frame.Write(start) {
			big.write(start)
			big.write(body)
			return big
		}
	}
	if c.frame.Write(body) {
		return nil
	}
	c.frame.scanInto(big)
	big.write(body)
	return big
}

// trimEOL drops a trailing "\n" or "\r\n": the limit counts the message only.
func trimEOL(b []byte) []byte {
	if len(b) > 0 && b[len(b)-1] == '\n' {
		b = b[:len(b)-1]
		if len(b) > 0 && b[len(b)-1] == '\r' {
			b = b[:len(b)-1]
		}
	}
	return b
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r' || b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\r') {
		b = b[1:]
	}
	return b
}

func (c *streamConn) Write(ctx context.Context, m *Message) error {
	return c.writeMessage(m, false)
}

// writeMessage writes m, leaving it in the buffer if hold (WriteHeld).
func (c *streamConn) writeMessage(m *Message, hold bool) error {
	if isPlainResponse(m) {
		// What jsonenc.Marshal(m) would write, straight into the buffer.
		return c.write(hold, `{"jsonrpc":"2.0","id":`, m.ID, `,"result":`, m.Result, "}")
	}
	data, err := jsonenc.Marshal(m)
	if err != nil {
		return fmt.Errorf("transport: encode message: %w", err)
	}
	return c.write(hold, "", data, "", nil, "")
}

// WriteRaw writes one already-encoded message (no newline inside).
//
// Concurrent writers share flushes: a writer that sees another one waiting
// for the lock leaves its message in the buffer for that one to flush, so
// under load several messages go out in one write system call. The last
// writer always flushes, so no message is held back.
func (c *streamConn) WriteRaw(data []byte) error {
	return c.write(false, "", data, "", nil, "")
}

// write writes one message, prefix+id+mid+result+suffix (no newline
// inside), and a newline. It flushes unless a writer waiting for the lock
// will, or hold asks to keep the message for later (WriteHeld) and no
// other writer's message waits in the buffer.
func (c *streamConn) write(hold bool, prefix string, id []byte, mid string, result []byte, suffix string) error {
	c.writers.Add(1)
	c.wmu.Lock()
	defer c.wmu.Unlock()
	waiting := c.writers.Add(-1) > 0
	select {
	case <-c.done:
		c.flushLocked() // best effort for a message an earlier writer left to us
		return ErrClosed
	default:
	}
	c.w.WriteString(prefix)
	c.w.Write(id)
	c.w.WriteString(mid)
	c.w.Write(result)
	c.w.WriteString(suffix)
	c.w.WriteByte('\n')
	if waiting && c.w.Buffered() < c.w.Size()/2 {
		c.left = true
		return nil // the writer waiting for the lock flushes
	}
	if hold && !c.left {
		c.held.Store(true)
		return nil // Flush, a later write or the next read of input sends it
	}
	return c.flushLocked()
}

// flushLocked sends everything buffered; the caller holds wmu.
func (c *streamConn) flushLocked() error {
	c.left = false
	c.held.Store(false)
	return c.w.Flush()
}

func (c *streamConn) Close() error {
	var err error
	c.closeOnce.Do(func() {
		close(c.done)
		if c.closer != nil {
			err = c.closer.Close()
		}
	})
	return err
}

// clip returns a copy of at most n bytes of b.
func clip(b []byte, n int) []byte {
	return append([]byte(nil), b[:min(len(b), n)]...)
}
