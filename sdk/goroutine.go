package sdk

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"sync"
)

// Go runs f on a new goroutine that belongs to the current tool call.
//
// A panic in f does not end the process: it is recovered, written to
// stderr with its stack, and fails the call, whose result becomes an
// isError one ("Error executing tool NAME: panic in a goroutine: VALUE"),
// as a panic in the tool function itself does. The call is answered only
// once every goroutine it started with Go has returned, so f may use the
// call's context (sdk.Progress, sdk.Log) to the end; f should return when
// ctx is done, since the call waits for it.
//
// A panic in a goroutine the tool starts itself, with the go statement,
// cannot be recovered by the server and ends the process, as in any Go
// program: start the goroutines of a call with Go instead. Outside a tool
// call, or once the call has been answered, Go still recovers a panic in
// f and writes it to stderr.
func Go(ctx context.Context, f func()) {
	ci := callFrom(ctx)
	var g *callGroup
	if ci != nil && ci.goroutines.add() {
		g = &ci.goroutines
	}
	go func() {
		if g != nil {
			defer g.done()
		}
		defer func() {
			if r := recover(); r != nil {
				fmt.Fprintf(os.Stderr, "sdk: goroutine of tool %s panicked: %v\n%s", toolName(ci), r, debug.Stack())
				if g != nil {
					g.panicked(r)
				}
			}
		}()
		f()
	}()
}

func toolName(ci *callInfo) string {
	if ci == nil || ci.tool == "" {
		return "(none)"
	}
	return ci.tool
}

// callGroup counts the goroutines a call started with Go. The zero value
// is ready to use.
type callGroup struct {
	mu     sync.Mutex
	n      int
	idle   chan struct{} // closed when n drops to 0 while wait waits
	closed bool          // wait returned: the call is answered
	panic  any           // the first panic recovered
	failed bool
}

// add counts one more goroutine; false once the call has been answered.
func (g *callGroup) add() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return false
	}
	g.n++
	return true
}

func (g *callGroup) done() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.n--
	if g.n == 0 && g.idle != nil {
		close(g.idle)
		g.idle = nil
	}
}

func (g *callGroup) panicked(r any) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.failed {
		g.panic, g.failed = r, true
	}
}

// wait returns once every goroutine started with Go has returned (those
// started meanwhile included), then closes the group; the error reports
// the first panic among them.
func (g *callGroup) wait() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	for g.n > 0 {
		idle := make(chan struct{})
		g.idle = idle
		g.mu.Unlock()
		<-idle
		g.mu.Lock()
	}
	g.closed = true
	if g.failed {
		return fmt.Errorf("panic in a goroutine: %v", g.panic)
	}
	return nil
}
