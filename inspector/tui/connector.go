package tui

import (
	"context"
	"time"

	"github.com/mcpdev/mcpdev/inspector/target"
)

// Connector starts (or reaches) a server and performs initialize. The
// inspector calls Connect again to restart. Anything that yields an
// *sdk.Client plugs in here: an in-memory one is wrapped as
// &target.Connection{Client: c}.
type Connector interface {
	// Connect returns a live connection. opts carries the inspector's
	// hooks (client hooks, stderr, stray stdout, the build) and must be
	// passed on to (*target.Target).Connect.
	Connect(ctx context.Context, opts *target.ConnectOptions) (*target.Connection, error)
}

// targetConnector connects to a target resolved by the CLI
// (target.Resolve): Go code is built into the cache, commands are
// started, and failures are explained by the connection doctor.
type targetConnector struct {
	Target  *target.Target
	Timeout time.Duration // for initialize; 0 means the CLI's default
}

// Connect builds/starts the target and performs the handshake.
func (tc *targetConnector) Connect(ctx context.Context, opts *target.ConnectOptions) (*target.Connection, error) {
	return connectTarget(ctx, tc.Target, tc.Timeout, opts)
}

// connectTarget connects t with the inspector's hooks and the given
// initialize timeout.
func connectTarget(ctx context.Context, t *target.Target, timeout time.Duration, opts *target.ConnectOptions) (*target.Connection, error) {
	var o target.ConnectOptions
	if opts != nil {
		o = *opts
	}
	o.Timeout = timeout
	return t.Connect(ctx, &o)
}
