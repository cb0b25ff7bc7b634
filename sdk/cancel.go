package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
)

// errCancelled is what a tool call cancelled by the client's
// notifications/cancelled returns instead of its outcome: such a request
// is not answered (the spec says the receiver SHOULD NOT).
var errCancelled = errors.New("sdk: request cancelled by the client")

// inflightCall is a running tool call a notifications/cancelled can reach.
type inflightCall struct {
	cancel context.CancelFunc
	byPeer bool // the client cancelled it
}

// maxEarlyCancels bounds the cancellations kept for calls not yet started
// (request ids are never reused in a session, so one kept too long is
// merely dropped later).
const maxEarlyCancels = 64

// track registers a cancellable context for request id; its done
// unregisters it and reports whether the client cancelled the call
// meanwhile. trackRequest is track for a request that may have no session
// (ss nil, the 2026 era): then nothing is tracked and it is never
// cancelled by the peer.
func (ss *serverSession) trackRequest(ctx context.Context, id json.RawMessage) (context.Context, trackedCall) {
	if ss == nil {
		return ctx, trackedCall{}
	}
	return ss.track(ctx, id)
}

// trackedCall is a request track registered (a value: no allocation).
type trackedCall struct {
	ss     *serverSession // nil: nothing is tracked
	key    string
	cancel context.CancelFunc
}

// done unregisters the call, cancels its context and reports whether the
// client cancelled it.
func (tc trackedCall) done() (cancelled bool) {
	if tc.ss == nil {
		return false
	}
	tc.ss.mu.Lock()
	byPeer := tc.ss.inflight[tc.key].byPeer
	delete(tc.ss.inflight, tc.key)
	tc.ss.mu.Unlock()
	tc.cancel()
	return byPeer
}

func (ss *serverSession) track(ctx context.Context, id json.RawMessage) (context.Context, trackedCall) {
	ctx, cancel := context.WithCancel(ctx)
	key := string(id)
	call := inflightCall{cancel: cancel}
	ss.mu.Lock()
	if ss.closed {
		cancel()
	}
	if i := slices.Index(ss.early, key); i >= 0 {
		ss.early = slices.Delete(ss.early, i, i+1)
		call.byPeer = true
		cancel()
	}
	ss.inflight[key] = call
	ss.mu.Unlock()
	return ctx, trackedCall{ss: ss, key: key, cancel: cancel}
}

// cancel cancels the call with request id key, or remembers the
// cancellation for when that call starts.
func (ss *serverSession) cancel(key string) {
	ss.mu.Lock()
	call, running := ss.inflight[key]
	if running {
		call.byPeer = true
		ss.inflight[key] = call
	} else {
		if len(ss.early) == maxEarlyCancels {
			ss.early = ss.early[1:]
		}
		ss.early = append(ss.early, key)
	}
	ss.mu.Unlock()
	if running {
		call.cancel()
	}
}
