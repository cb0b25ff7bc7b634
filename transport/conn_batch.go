package transport

import (
	"context"
	"io"
)

// A Batcher is a Conn that can send several messages in one write system
// call: a server answering requests that arrived together holds each
// answer back while more input is already buffered, and they go out in one
// write when it has read everything that arrived. The connections of
// NewStream and NewStdio are Batchers.
//
// On a pipe a write costs about as much CPU as decoding, running and
// encoding a quick call, and wakes the peer once per write; a client
// keeping 32 calls in flight would otherwise get 32 writes where one does.
type Batcher interface {
	Conn
	// InputBuffered reports whether input the peer sent is already
	// buffered for the next Read. Call it only where Read may be called
	// (on the goroutine that reads), never concurrently with Read.
	InputBuffered() bool
	// WriteHeld writes m as Write does, but leaves it in the output
	// buffer. It goes out at the latest before the connection next reads
	// from its input (so before a Read waits for the peer), or with the
	// next message sent by Write, or at Flush. A message another writer
	// left in the buffer is not held: then WriteHeld sends both at once.
	WriteHeld(ctx context.Context, m *Message) error
	// Flush sends the messages WriteHeld left in the buffer. It never
	// waits for the output: a writer holding it (blocked on a peer that
	// does not read, say) sends them with its own message.
	Flush() error
}

func (c *streamConn) InputBuffered() bool { return c.r.Buffered() > 0 }

func (c *streamConn) WriteHeld(ctx context.Context, m *Message) error {
	return c.writeMessage(m, true)
}

// Flush does not wait for wmu: whoever holds it is another writer, who
// flushes the whole buffer (or leaves it to a writer waiting, who does).
// Only the goroutine that reads writes with hold, so it is not holding
// wmu when it flushes before reading; the watchdog of Serve that flushes
// is never held up by a peer that stopped reading.
func (c *streamConn) Flush() error {
	if !c.held.Load() || !c.wmu.TryLock() {
		return nil
	}
	defer c.wmu.Unlock()
	return c.flushLocked()
}

// flushBeforeRead is the input of a stream connection's reader: before
// the reader reads from the file (and may wait there for the peer, who
// may be waiting for an answer), held answers are sent.
type flushBeforeRead struct {
	c *streamConn
	r io.Reader
}

// A failed flush does not fail the read: the output's error stays in its
// buffer, for the next Write to return.
func (f flushBeforeRead) Read(p []byte) (int, error) {
	_ = f.c.Flush()
	return f.r.Read(p)
}
