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

// DecodeError reports an incoming frame that is not a valid message. Msg
// holds whatever could be salvaged (usually the id), so the receiver can
// answer with Err.
type DecodeError struct {
	Err *Error
	Msg *Message
	// Line is the offending frame as received (at most 1 KiB of it), so a
	// client can show what a misbehaving server printed.
	Line []byte
	// Size is the frame's length in bytes; more than len(Line) when Line
	// holds only its start (a line over MaxMessageSize, say).
	Size int
}

func (e *DecodeError) Error() string { return "transport: bad message: " + e.Err.Message }
func (e *DecodeError) Unwrap() error { return e.Err }

// StreamOptions configures a newline-delimited stream connection.
type StreamOptions struct {
	// MaxMessageSize bounds one line; longer lines are skipped and reported
	// as a -32600 DecodeError. Zero means DefaultMaxMessageSize.
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
	return &streamConn{r: bufio.NewReaderSize(r, 64<<10), w: bufio.NewWriterSize(w, 32<<10), max: max, closer: closer, done: make(chan struct{})}
}

type streamConn struct {
	r    *bufio.Reader
	max  int
	line []byte
	head []byte // the start of a line over max, for its DecodeError
	size int    // the length of the line read last

	wmu     sync.Mutex
	writers atomic.Int32 // writers in WriteRaw, holding or waiting for wmu
	w       *bufio.Writer

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
		line, tooLong, err := c.readLine()
		if err != nil && c.isClosed() {
			return nil, ErrClosed // Close interrupted the read: drop a partial line
		}
		if tooLong {
			return nil, &DecodeError{Err: Errorf(CodeInvalidRequest, "Invalid Request: message larger than %d bytes", c.max), Line: c.head, Size: c.size}
		}
		if len(trimSpace(line)) == 0 {
			if err != nil {
				return nil, c.eof(err)
			}
			continue // blank line between messages
		}
		m, derr := Decode(line)
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

// readLine returns the next line without its newline. A line longer than max
// is consumed to its end and reported as tooLong, its start kept in c.head
// and its length in c.size. At EOF the final unterminated line is returned
// together with the error.
func (c *streamConn) readLine() (line []byte, tooLong bool, err error) {
	c.line, c.size = c.line[:0], 0
	for {
		chunk, err := c.r.ReadSlice('\n')
		c.size += len(chunk)
		if !tooLong {
			if len(c.line)+len(chunk) > c.max+2 {
				tooLong = true
				c.head = clip(append(clip(c.line, 1024), chunk[:min(len(chunk), 1024)]...), 1024)
				c.line = c.line[:0]
			} else {
				c.line = append(c.line, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if tooLong || len(trimEOL(c.line)) > c.max {
			if !tooLong {
				c.head = clip(c.line, 1024)
			}
			c.head = trimEOL(c.head)
			c.size -= len(chunk) - len(trimEOL(chunk))
			c.line = c.line[:0]
			return nil, true, nil
		}
		if len(c.line) > 4<<20 && cap(c.line) > 8<<20 {
			defer func() { c.line = nil }() // do not pin a huge buffer forever
		}
		return c.line, false, err
	}
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
	if isPlainResponse(m) {
		// What jsonenc.Marshal(m) would write, straight into the buffer.
		return c.write(`{"jsonrpc":"2.0","id":`, m.ID, `,"result":`, m.Result, "}")
	}
	data, err := jsonenc.Marshal(m)
	if err != nil {
		return fmt.Errorf("transport: encode message: %w", err)
	}
	return c.WriteRaw(data)
}

// WriteRaw writes one already-encoded message (no newline inside).
//
// Concurrent writers share flushes: a writer that sees another one waiting
// for the lock leaves its message in the buffer for that one to flush, so
// under load several messages go out in one write system call. The last
// writer always flushes, so no message is held back.
func (c *streamConn) WriteRaw(data []byte) error {
	return c.write("", data, "", nil, "")
}

// write writes one message, prefix+id+mid+result+suffix (no newline
// inside), and a newline.
func (c *streamConn) write(prefix string, id []byte, mid string, result []byte, suffix string) error {
	c.writers.Add(1)
	c.wmu.Lock()
	defer c.wmu.Unlock()
	waiting := c.writers.Add(-1) > 0
	select {
	case <-c.done:
		c.w.Flush() // best effort for a message an earlier writer left to us
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
		return nil // the writer waiting for the lock flushes
	}
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
