package transport

import (
	"context"
	"time"
)

// SetSleep replaces how c waits before it reconnects a stream, so tests
// can see the waits (and skip them) instead of timing them.
func SetSleep(c *StreamableClient, sleep func(ctx context.Context, d time.Duration)) {
	c.sleep = sleep
}
