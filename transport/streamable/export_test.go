package streamable

import (
	"context"
	"time"
)

// SetSleep replaces how c waits before it reconnects a stream, so tests
// can see the waits (and skip them) instead of timing them.
func SetSleep(c *Client, sleep func(ctx context.Context, d time.Duration)) {
	c.sleep = sleep
}

// SweepArmed reports whether h's idle-session sweep timer is set.
func SweepArmed(h *Server) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.sweeper != nil
}

// DecodeSessionRecord reads a stored session record (SessionStore).
var DecodeSessionRecord = decodeSessionRecord

// SetBeforeRequest makes c call f as Write starts sending a request, after
// its check that c is open: a test can close c at the worst moment.
func SetBeforeRequest(c *Client, f func()) {
	c.beforeRequest = f
}
