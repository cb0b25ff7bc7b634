package transport

import (
	"context"
	"io"
	"sync"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
)

// NewPipe returns two connected in-memory Conns: what one writes the other
// reads. Messages are copied through JSON so neither side can alias the
// other's buffers, exactly as over a real wire.
func NewPipe() (Conn, Conn) {
	ab := make(chan []byte, 64)
	ba := make(chan []byte, 64)
	done := make(chan struct{})
	var once sync.Once
	closeAll := func() { once.Do(func() { close(done) }) }
	return &memConn{in: ba, out: ab, done: done, close: closeAll},
		&memConn{in: ab, out: ba, done: done, close: closeAll}
}

type memConn struct {
	in    <-chan []byte
	out   chan<- []byte
	done  chan struct{}
	close func()
}

func (c *memConn) Read(ctx context.Context) (*Message, error) {
	select {
	case data := <-c.in:
		return decodeFrame(data)
	case <-c.done:
		// deliver what was already sent before the close
		select {
		case data := <-c.in:
			return decodeFrame(data)
		default:
		}
		return nil, io.EOF
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c *memConn) Write(ctx context.Context, m *Message) error {
	data, err := jsonenc.Marshal(m)
	if err != nil {
		return err
	}
	select {
	case <-c.done:
		return ErrClosed
	default:
	}
	select {
	case c.out <- data:
		return nil
	case <-c.done:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (c *memConn) Close() error { c.close(); return nil }

// decodeFrame decodes one frame of the pipe; a bad one is a *DecodeError.
func decodeFrame(data []byte) (*Message, error) {
	m, derr := Decode(data)
	if derr != nil {
		return nil, &DecodeError{Err: derr, Msg: m}
	}
	return m, nil
}
