package sdk

import (
	"context"
	"fmt"
	"time"
)

// eofGrace is how long Serve waits, once the client has closed its side
// (stdin at EOF), for the calls still running to finish and be answered,
// before it cancels their contexts; then as long again for them to return
// before it returns without them. Together they stay under the two
// seconds a client such as transport.Command waits before it kills a
// server that has not exited.
var eofGrace = 750 * time.Millisecond

// drain waits for the calls still being answered once reading has ended.
// ctx cancelled (a signal, the caller): it waits for them all, as they see
// their contexts cancelled. The client gone: what waits for the client (a
// subscriptions/listen stream, a question to it) ends at once, the other
// calls get eofGrace to finish and are answered, then they are cancelled
// (cancel) and, eofGrace later, left behind, so that a server whose client
// has gone always exits.
func (l *serveLoop) drain(cancel context.CancelFunc) {
	if l.ctx.Err() != nil {
		l.wg.Wait()
		return
	}
	done := make(chan struct{})
	go func() {
		l.wg.Wait()
		close(done)
	}()
	l.ss.peerGone()
	if waitFor(done, eofGrace) {
		return
	}
	cancel()
	if !waitFor(done, eofGrace) {
		fmt.Fprintf(l.srv.opts.Stderr, "sdk: the client closed the connection; returning without the calls that ignore their cancelled contexts\n")
	}
}

// waitFor reports whether done closes within d.
func waitFor(done <-chan struct{}, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-done:
		return true
	case <-t.C:
		return false
	}
}
