package sdk

import "github.com/mcpdev/mcpdev/transport"

// Answers written by the goroutine that reads are held back while more
// input is already buffered (requests that arrived together), so they go
// out together in one write system call once everything that arrived has
// been read: a client keeping 32 calls in flight over stdio got 32 writes
// (each waking it) where one does, and a write cost as much server CPU as
// the call it answered. A lone request's answer is never held: nothing is
// buffered behind it. Held answers go out before the connection next
// waits for input (transport.Batcher), when the reader stops, or at the
// watchdog's next tick if a slow call runs on the reader meanwhile: an
// answer never waits for a slow call that arrived after it.

// send writes resp; held back if onReader (the caller reads next) and
// more input is already buffered (at least the start of a request: the
// read of its rest sends what is held).
func (l *serveLoop) send(resp *transport.Message, onReader bool) error {
	if onReader && l.batch != nil && l.batch.InputBuffered() {
		return l.batch.WriteHeld(l.ctx, resp)
	}
	return l.conn.Write(l.ctx, resp)
}

// flushHeld sends the answers held back, if any.
func (l *serveLoop) flushHeld() {
	if l.batch != nil {
		_ = l.batch.Flush()
	}
}
