package sdk

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/mcpdev/mcpdev/transport"
)

// outgoing tracks the requests a session sends its client (elicitation,
// sampling, roots) until the client answers them.
type outgoing struct {
	next    atomic.Int64
	mu      sync.Mutex
	pending map[string]chan *transport.Message
}

// request sends method to the client on emit (the call's own stream over
// HTTP) and waits for the answer. Cancelling ctx (the call was cancelled,
// or the session closed) tells the client with notifications/cancelled; a
// client that can send nothing more (stdin closed) fails it with an error
// wrapping transport.ErrClosed.
func (ss *serverSession) request(ctx context.Context, emit func(*transport.Message) error, method string, params any) (json.RawMessage, error) {
	m, err := transport.NewRequest(ss.out.next.Add(1), method, params)
	if err != nil {
		return nil, err
	}
	key := string(m.ID)
	ch := make(chan *transport.Message, 1)
	ss.out.mu.Lock()
	if ss.out.pending == nil {
		ss.out.pending = map[string]chan *transport.Message{}
	}
	ss.out.pending[key] = ch
	ss.out.mu.Unlock()
	defer func() {
		ss.out.mu.Lock()
		delete(ss.out.pending, key)
		ss.out.mu.Unlock()
	}()
	if emit == nil {
		emit = ss.notify
	}
	if err := emit(m); err != nil {
		return nil, fmt.Errorf("sdk: send %s: %w", method, err)
	}
	select {
	case r := <-ch:
		if r.Error != nil {
			// Not the call's own error: the tool sees why, and fails its
			// call with it (an isError result) unless it recovers.
			return nil, fmt.Errorf("sdk: the client answered %s with error %d: %s", method, r.Error.Code, r.Error.Message)
		}
		return r.Result, nil
	case <-ctx.Done():
		ss.withdraw(m.ID, context.Cause(ctx), emit)
		return nil, ctx.Err()
	case <-ss.gone:
		return nil, fmt.Errorf("sdk: %s: the client closed the connection before answering: %w", method, transport.ErrClosed)
	}
}

// deliver hands a response of the client to the request waiting for it.
// An answer nobody waits for any more (the call was cancelled, or ended)
// is dropped: the call and the session go on.
func (ss *serverSession) deliver(m *transport.Message) {
	ss.out.mu.Lock()
	ch := ss.out.pending[string(m.ID)]
	delete(ss.out.pending, string(m.ID))
	ss.out.mu.Unlock()
	if ch != nil {
		ch <- m
	}
}

// withdraw tells the client the server no longer needs the answer to
// request id. It goes on the session's own channel (over HTTP the GET
// stream: the call's stream is usually gone with the call, the client
// having dropped it), else on the call's.
func (ss *serverSession) withdraw(id []byte, why error, emit func(*transport.Message) error) {
	c, err := transport.NewNotification("notifications/cancelled", CancelledParams{RequestID: id, Reason: why.Error()})
	if err != nil {
		return
	}
	if ss.notify == nil || ss.notify(c) != nil {
		_ = emit(c)
	}
}
