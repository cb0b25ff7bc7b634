package tui

import "sync"

// connecting tracks a session's connect command, so that closing the
// session waits for it: a connect given up still holds what it started
// (a sign-in's redirect listener, a server process) until it returns.
type connecting struct {
	mu      sync.Mutex
	closed  bool
	running chan struct{} // closed when the connect returns
}

// start marks the connect as running; false: the session is closed
// already (do not connect). Call the returned func when it returns.
func (c *connecting) start() (end func(), ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil, false
	}
	ch := make(chan struct{})
	c.running = ch
	return func() { close(ch) }, true
}

// close stops connects from starting and waits for the one running.
func (c *connecting) close() {
	c.mu.Lock()
	c.closed = true
	ch := c.running
	c.mu.Unlock()
	if ch != nil {
		<-ch
	}
}
