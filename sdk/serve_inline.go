package sdk

import (
	"fmt"
	"time"

	"github.com/mcpdev/mcpdev/transport"
)

// handOffAfter is the tick of a connection's watchdog: a call of the
// author's code answered by the reading goroutine that is still running
// at two ticks in a row (so after one to two ticks) gets reading handed on
// to another goroutine. Handing reading on before every call cost a
// thread's wake-up per call (about twice the context switches and CPU of
// a plain read-answer loop on a quiet stdio connection); a per-call timer
// cost one too (arming it woke the thread sleeping in the runtime's
// poller). Waiting this long for a slow call is what a request read behind
// it pays, once: the call after a slow one hands reading on at once.
var handOffAfter = 500 * time.Microsecond

// watchIdleTicks is how many ticks without a call the watchdog waits
// before it parks until the next call.
const watchIdleTicks = 4

// answerInline answers a call on the reading goroutine; the watchdog hands
// reading on if the call runs long. It reports whether this goroutine is
// still the reader.
func (l *serveLoop) answerInline(m *transport.Message) bool {
	l.calls.Add(1) // before owed: a watchdog that sees owed sees this call
	l.owed.Store(true)
	if !l.watching.Load() && l.watching.CompareAndSwap(false, true) {
		l.wakeWatchdog()
	}
	start := time.Now()
	resp := l.ss.Handle(l.ctx, m)
	reader := l.owed.CompareAndSwap(true, false)
	l.slow.Store(time.Since(start) >= l.handOffAfter)
	l.write(resp, reader)
	return reader
}

// wakeWatchdog wakes the parked watchdog, or starts it, ticking, at the
// first call answered by the reader: a connection that serves no call of
// the author's code (a client that starts a server, lists its tools and
// stops it) never pays for the goroutine (issue 19, start-up).
func (l *serveLoop) wakeWatchdog() {
	if l.watchdog.CompareAndSwap(false, true) {
		go l.watch()
		return
	}
	l.wake <- struct{}{}
}

// watch is the watchdog of the calls answered by the reader, until Serve
// returns. While calls come it ticks; a call seen running at two ticks in
// a row gets reading handed on. After watchIdleTicks ticks without one it
// parks until answerInline wakes it. It starts ticking: wakeWatchdog
// starts it for a call.
func (l *serveLoop) watch() {
	t := time.NewTicker(l.handOffAfter)
	for {
		t.Reset(l.handOffAfter)
		last, idle := l.calls.Load(), 0
		for idle < watchIdleTicks {
			select {
			case <-t.C:
			case <-l.quit:
				t.Stop()
				return
			}
			l.flushHeld()
			owed := l.owed.Load()
			n := l.calls.Load()
			if owed && n == last {
				l.handReadingOn()
			}
			if n == last && !owed {
				idle++
			} else {
				idle = 0
			}
			last = n
		}
		t.Stop()
		if !l.park() {
			return
		}
	}
}

// park waits for a call to watch; false when Serve returns first.
func (l *serveLoop) park() bool {
	l.watching.Store(false)
	if l.owed.Load() && l.watching.CompareAndSwap(false, true) {
		return true // a call started as the watchdog stopped ticking
	}
	select {
	case <-l.wake:
		return true
	case <-l.quit:
		return false
	}
}

// handReadingOn starts another reader for the call running on the reader,
// unless it has ended.
func (l *serveLoop) handReadingOn() {
	l.wg.Add(1)
	if !l.owed.CompareAndSwap(true, false) {
		l.wg.Done()
		return
	}
	l.spawn(l.read)
}

// answer answers a call on a goroutine that no longer reads.
func (l *serveLoop) answer(m *transport.Message) {
	start := time.Now()
	resp := l.ss.Handle(l.ctx, m)
	l.slow.Store(time.Since(start) >= l.handOffAfter)
	l.write(resp, false)
}

// write sends a call's answer, if it has one and the connection is not
// shutting down (then the call was cancelled and the connection is
// closing; whether an answer still slipped out used to depend on that
// race). onReader: written by the goroutine that reads (serve_batch.go).
func (l *serveLoop) write(resp *transport.Message, onReader bool) {
	if resp == nil || l.ctx.Err() != nil {
		return
	}
	if err := l.send(resp, onReader); err != nil && l.ctx.Err() == nil {
		fmt.Fprintf(l.srv.opts.Stderr, "sdk: write response: %v\n", err)
	}
}
