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

// track registers a cancellable context for request id. done unregisters
// it and reports whether the client cancelled the call meanwhile.
// trackRequest is track for a request that may have no session (ss nil,
// the stateless era): then nothing is tracked and it is never cancelled
// by the peer.
func (ss *serverSession) trackRequest(ctx context.Context, id json.RawMessage) (context.Context, func() (cancelled bool)) {
	if ss == nil {
		return ctx, notCancelled
	}
	return ss.track(ctx, id)
}

func notCancelled() bool { return false }

func (ss *serverSession) track(ctx context.Context, id json.RawMessage) (context.Context, func() (cancelled bool)) {
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
	return ctx, func() bool {
		ss.mu.Lock()
		byPeer := ss.inflight[key].byPeer
		delete(ss.inflight, key)
		ss.mu.Unlock()
		cancel()
		return byPeer
	}
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
