package oauth

import (
	"context"
	"sync"
)

// life is a Transport's lifetime: a sign-in runs detached from the
// request that started it (others may wait for it), so it is bound to
// this instead, and Close ends it.
type life struct {
	ctx  context.Context
	end  context.CancelCauseFunc
	mu   sync.Mutex // guards live
	live *loopback  // the redirect listener of the sign-in in progress
}

func newLife() *life {
	l := &life{}
	l.ctx, l.end = context.WithCancelCause(context.Background())
	return l
}

// Close ends the sign-in in progress, if any (for any origin): its
// redirect listener is closed at once, and the requests waiting for it
// fail with ErrClosed.
// Later requests the server refuses fail with ErrClosed instead of
// signing in; the others still go through with the current token. Close
// is safe to call more than once and from any goroutine.
func (t *Transport) Close() error {
	t.life.end(ErrClosed)
	t.life.mu.Lock() // after end: a track from now on sees the Transport closed
	defer t.life.mu.Unlock()
	if t.life.live != nil {
		t.life.live.shut()
		t.life.live = nil
	}
	return nil
}

// closed says whether Close was called.
func (t *Transport) closed() bool { return t.life.ctx.Err() != nil }

// detached is a context for a sign-in started by a request with ctx: it
// keeps ctx's values, outlives ctx, and ends with ErrClosed on Close. Call
// stop when the sign-in is over.
func (t *Transport) detached(ctx context.Context) (_ context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(context.WithoutCancel(ctx))
	unhook := context.AfterFunc(t.life.ctx, func() { cancel(ErrClosed) })
	return ctx, func() { unhook(); cancel(nil) }
}

// track makes l the listener Close shuts; false: the Transport is closed
// already (l is shut).
func (t *Transport) track(l *loopback) bool {
	t.life.mu.Lock()
	defer t.life.mu.Unlock()
	if t.closed() {
		l.shut()
		return false
	}
	t.life.live = l
	return true
}

// untrack forgets l once its sign-in is over.
func (t *Transport) untrack(l *loopback) {
	t.life.mu.Lock()
	defer t.life.mu.Unlock()
	if t.life.live == l {
		t.life.live = nil
	}
}
