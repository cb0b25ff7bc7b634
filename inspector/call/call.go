// Package call lists, finds and calls a server's tools (and lists and reads
// its resources, templates, prompts and completions) over a connection,
// each request within a timeout of silence, and labels tools and renders
// their results as text.
package call

import (
	"context"
	"encoding/json"
	"time"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
)

// DefaultTimeout bounds one request when the caller gives no timeout.
const DefaultTimeout = 60 * time.Second

// ListTools lists every tool, within timeout.
func ListTools(ctx context.Context, c *target.Connection, timeout time.Duration) ([]sdk.ToolInfo, error) {
	var tools []sdk.ToolInfo
	err := WithTimeout(ctx, timeout, "tools/list", func(ctx context.Context, _ func()) error {
		var err error
		tools, err = c.Client.ListTools(ctx)
		return err
	})
	return tools, c.Explain(err)
}

// Tool calls the tool name with argv (a JSON object) within timeout of
// silence: each progress notification restarts the clock, then goes to
// onProgress (may be nil). A tool's isError result is a result, not an
// error.
func Tool(ctx context.Context, c *target.Connection, name string, argv json.RawMessage, timeout time.Duration, onProgress func(sdk.ProgressParams)) (*sdk.CallToolResult, error) {
	var res *sdk.CallToolResult
	err := WithTimeout(ctx, timeout, "tools/call "+name, func(ctx context.Context, reset func()) error {
		var err error
		res, err = c.CallTool(ctx, name, argv, &sdk.CallOptions{OnProgress: func(p sdk.ProgressParams) {
			reset()
			if onProgress != nil {
				onProgress(p)
			}
		}})
		return err
	})
	return res, c.Explain(err)
}

// WithTimeout runs fn with a context cancelled after timeout of silence;
// fn calls reset to restart the clock (on progress). The clock stops while
// a Pause in ctx is held. An expired clock is a *TimeoutError.
func WithTimeout(ctx context.Context, timeout time.Duration, op string, fn func(context.Context, func()) error) error {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	c := newClock(timeout, cancel)
	defer c.stop()
	if p, ok := ctx.Value(pauseKey{}).(*Pause); ok {
		defer p.add(c)()
	}
	err := fn(ctx, c.reset)
	if err != nil && c.hasExpired() {
		return &TimeoutError{Op: op, After: timeout}
	}
	return err
}
