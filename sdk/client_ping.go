package sdk

import (
	"context"
	"errors"

	"github.com/mcpdev/mcpdev/transport"
)

// Ping asks whether the server answers: ping in the legacy era;
// server/discover in the 2026-07-28 era, which has no ping. Any answer
// from the server, a JSON-RPC error among them, is nil: only a server
// that cannot be reached, or no answer before ctx ends, is an error.
func (c *Client) Ping(ctx context.Context) error {
	var err error
	if c.modern {
		err = c.Call(ctx, "server/discover", map[string]any{}, nil)
	} else {
		err = c.Call(ctx, "ping", map[string]any{}, nil)
	}
	if _, answered := errors.AsType[*transport.Error](err); answered {
		return nil
	}
	return err
}
