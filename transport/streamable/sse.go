package streamable

import (
	"context"
	"errors"
	"fmt"
	"github.com/mcpdev/mcpdev/transport"
	"net/http"
	"sync"
	"time"
)

// sseConn writes Server-Sent Events to one HTTP response.
type sseConn struct {
	w         http.ResponseWriter
	rc        *http.ResponseController
	sessionID string
	timeout   time.Duration
	started   bool
	buf       []byte
	// ended, when set, is closed when the stream lets go of the
	// connection (CloseSSEStream, a resuming client, a failed write), so
	// the handler holding it can return and end the response.
	ended chan struct{}
}

func newSSEConn(w http.ResponseWriter, sessionID string, timeout time.Duration) *sseConn {
	return &sseConn{w: w, rc: http.NewResponseController(w), sessionID: sessionID, timeout: timeout}
}

func (c *sseConn) start() {
	if c.started {
		return
	}
	c.started = true
	h := c.w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	if c.sessionID != "" {
		h.Set(HeaderSessionID, c.sessionID)
	}
	// The first write of a response whose call may have run long
	// (writeDeadline): the deadline is the stream's from here on.
	_ = c.rc.SetWriteDeadline(time.Now().Add(c.timeout))
	c.w.WriteHeader(http.StatusOK)
	_ = c.rc.Flush()
}

// write sends one event; id may be empty. data is one line of JSON.
func (c *sseConn) write(id string, data []byte) error {
	b := c.buf[:0]
	if id != "" {
		b = append(b, "id: "...)
		b = append(b, id...)
		b = append(b, '\n')
	}
	b = append(b, "event: message\ndata: "...)
	b = append(b, data...)
	b = append(b, "\n\n"...)
	return c.flush(b)
}

// prime sends the priming event of SEP-1699: an id and empty data, so the
// client can resume the stream before any message was sent on it.
func (c *sseConn) prime(id string) error {
	b := append(c.buf[:0], "id: "...)
	b = append(b, id...)
	return c.flush(append(b, "\ndata: \n\n"...))
}

// retry sends the SSE reconnection time: how long the client waits before
// it resumes the stream.
func (c *sseConn) retry(d time.Duration) error {
	b := append(c.buf[:0], "retry: "...)
	b = append(b, itoa(int(d.Milliseconds()))...)
	return c.flush(append(b, "\n\n"...))
}

func (c *sseConn) flush(b []byte) error {
	c.start()
	_ = c.rc.SetWriteDeadline(time.Now().Add(c.timeout))
	c.buf = b
	if _, err := c.w.Write(b); err != nil {
		return err
	}
	return c.rc.Flush()
}

// sseStream is a resumable stream of events: it stores each event in the
// session's EventStore, so that a client that lost its connection can
// reconnect with Last-Event-ID, and writes it to whichever connection is
// attached now.
type sseStream struct {
	id      string
	session string
	store   transport.EventStore

	mu       sync.Mutex
	conn     *sseConn
	done     bool
	finished chan struct{}
	// prime: attaching the first connection sends a priming event (id
	// "<stream>-0"), for clients that can resume (protocol 2025-11-25 on).
	prime bool
	// past: the stream is not one of this process's live streams (it
	// ended, or another replica ran it); it only replays what the store
	// kept.
	past bool
}

func newSSEStream(id, session string, store transport.EventStore) *sseStream {
	return &sseStream{id: id, session: session, store: store, finished: make(chan struct{})}
}

// pastSSEStream is a finished stream that replays what the store kept of
// stream id.
func pastSSEStream(id, session string, store transport.EventStore) *sseStream {
	st := newSSEStream(id, session, store)
	st.past, st.done = true, true
	close(st.finished)
	return st
}

func (st *sseStream) eventID(seq int) string { return st.id + "-" + itoa(seq) }

// send stores an event and writes it to the attached connection, if any.
// When the store fails the event still goes to the connection, without an
// id, and the error (matching ErrEventStore) is returned.
func (st *sseStream) send(data []byte) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.done {
		return nil
	}
	id, err := st.store.Append(context.Background(), st.session, st.id, data)
	if err != nil {
		id, err = "", fmt.Errorf("%w: %w", transport.ErrEventStore, err)
	}
	if st.conn != nil && st.conn.write(id, data) != nil {
		st.drop() // the client is gone; it may resume
	}
	return err
}

// drop lets go of the attached connection, telling its handler.
func (st *sseStream) drop() {
	if st.conn.ended != nil {
		close(st.conn.ended)
	}
	st.conn = nil
}

// kick ends the attached connection, if any, after sending retry (when
// positive): the client resumes the stream with Last-Event-ID, and what
// the stream sends meanwhile waits in the event store.
func (st *sseStream) kick(retry time.Duration) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.conn == nil {
		return
	}
	if retry > 0 {
		_ = st.conn.retry(retry)
	}
	st.drop()
}

// errStreamBusy: the session's GET stream already has a connection.
var errStreamBusy = errors.New("transport: the stream already has a connection")

// attach replays to c the events stored after lastEventID ("": none; only
// new events follow) and makes it the stream's connection. Without steal
// it refuses with errStreamBusy when a connection is attached. A store
// failure is returned (matching ErrEventStore), ErrUnknownEvent for
// an id the store does not know on a past stream and ErrMalformedEventID
// for one it could never have written; c stays unstarted when
// nothing was written, so that the caller can answer an error status.
func (st *sseStream) attach(c *sseConn, lastEventID string, steal bool) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.conn != nil && !steal {
		return errStreamBusy
	}
	if err := st.replay(c, lastEventID); err != nil {
		return err
	}
	if st.conn != nil {
		st.drop() // the client resumed elsewhere: end the old connection
	}
	st.conn = c
	c.start()
	if lastEventID == "" && st.prime {
		st.prime = false
		if c.prime(st.eventID(0)) != nil {
			st.drop()
		}
	}
	return nil
}

// replay writes the events stored after lastEventID to c; st.mu is held,
// so no new event slips in between.
func (st *sseStream) replay(c *sseConn, lastEventID string) error {
	if lastEventID == "" {
		return nil
	}
	var werr error
	err := st.store.Replay(context.Background(), st.session, lastEventID, func(id string, data []byte) error {
		werr = c.write(id, data)
		return werr
	})
	switch {
	case err == nil || werr != nil:
		return werr
	case errors.Is(err, transport.ErrMalformedEventID):
		return err
	case errors.Is(err, transport.ErrUnknownEvent):
		if st.past {
			return transport.ErrUnknownEvent
		}
		return nil // a live stream with nothing stored yet
	}
	return fmt.Errorf("%w: %w", transport.ErrEventStore, err)
}

func (st *sseStream) detach(c *sseConn) {
	st.mu.Lock()
	if st.conn == c {
		st.conn = nil
	}
	st.mu.Unlock()
}

// finish marks the stream complete: the response was its last event.
func (st *sseStream) finish() {
	st.mu.Lock()
	if !st.done {
		st.done = true
		close(st.finished)
	}
	st.mu.Unlock()
}

// responseStream answers one POSTed request: as plain JSON when nothing
// but the response is sent, or as an SSE stream once the request emits a
// message (progress, log) ahead of its response.
type responseStream struct {
	mu            sync.Mutex
	w             http.ResponseWriter
	sessionHeader []string   // the session's idHeader ({id}); nil when stateless
	st            *sseStream // legacy era: resumable; nil when stateless (or not yet opened)
	// session makes st when the response turns into a stream (legacy
	// era); nil: st is given, or there is none.
	session *httpSession
	conn    *sseConn
	timeout time.Duration
	// deadline: the POST's write deadline, whose lift may wait for the
	// first write (zero for a stream that did not defer it).
	deadline writeDeadline
	sse      bool
	closed   bool
	// gone: the request's handler returned (see postDetached); the
	// response writer is off limits, everything goes to st.
	gone bool
	// ended becomes the SSE connection's ended channel (postDetached
	// waits on it); nil otherwise.
	ended chan struct{}
}

// newResponseStream answers a request on w; s is its session (nil in the
// 2026 era).
func newResponseStream(w http.ResponseWriter, s *httpSession, st *sseStream, timeout time.Duration) *responseStream {
	o := &responseStream{}
	o.init(w, s, st, timeout)
	return o
}

func (o *responseStream) init(w http.ResponseWriter, s *httpSession, st *sseStream, timeout time.Duration) {
	o.w, o.st, o.timeout = w, st, timeout
	if s != nil {
		o.sessionHeader = s.idHeader
	}
}

// emit sends a message ahead of the response.
func (o *responseStream) emit(m *transport.Message) error {
	data, err := encodeMessage(m)
	if err != nil {
		return err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return transport.ErrClosed
	}
	if !o.gone {
		o.switchToSSE()
	}
	if o.st != nil {
		return o.st.send(data)
	}
	if o.conn == nil {
		return transport.ErrClosed
	}
	if err := o.conn.write("", data); err != nil {
		o.conn = nil
		return err
	}
	return nil
}

func (o *responseStream) switchToSSE() {
	if o.sse {
		return
	}
	o.sse = true
	if o.st == nil && o.session != nil {
		o.st = o.session.newStream()
	}
	var sessionID string
	if o.sessionHeader != nil {
		sessionID = o.sessionHeader[0]
	}
	o.conn = newSSEConn(o.w, sessionID, o.timeout)
	o.conn.ended = o.ended
	if o.st != nil {
		_ = o.st.attach(o.conn, "", true) // nothing to replay: no store call
	} else {
		o.conn.start()
	}
}

// finish sends the response (nil: none, the request was cancelled) and
// ends the request's stream.
func (o *responseStream) finish(resp *transport.Message, status func(*transport.Error) int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.closed = true
	if !o.sse && !o.gone {
		var e *transport.Error
		if resp != nil {
			e = resp.Error
		}
		o.deadline.beforeWrite(o.w, o.timeout)
		writeJSON(o.w, status(e), o.sessionHeader, resp)
		return
	}
	if o.st != nil {
		if resp != nil {
			data, _ := encodeMessage(resp)
			_ = o.st.send(data) // a store failure loses the response if no connection is attached
		}
		o.st.finish()
		o.st.detach(o.conn)
		return
	}
	if o.conn != nil && resp != nil {
		data, _ := encodeMessage(resp)
		_ = o.conn.write("", data)
	}
}

// stream is the resumable stream the response turned into, if any.
func (o *responseStream) stream() *sseStream {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.st
}

func (o *responseStream) usedSSE() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.sse
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	if n == 0 {
		return "0"
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
