package sdk

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"

	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/transport"
)

// ToolExcludedError reports a listed tool that the client left out of
// ListTools: over Streamable HTTP in the 2026 era, a tool whose
// x-mcp-header annotations break the rules (SEP-2243) is excluded, so one
// malformed tool does not keep the others from being used.
type ToolExcludedError struct {
	Tool string
	Err  error // a *transport.ParamHeaderError
}

func (e *ToolExcludedError) Error() string {
	return fmt.Sprintf("sdk: tool %s left out of tools/list: %v", e.Tool, e.Err)
}

func (e *ToolExcludedError) Unwrap() error { return e.Err }

// paramHeaderConn is a connection that mirrors tool arguments into
// headers: streamable.Client.
type paramHeaderConn interface {
	SetParamHeaders(map[string][]transport.ParamHeader)
}

// screenTools reads the x-mcp-header annotations of a complete listing
// when they matter (2026 era over HTTP): tools with invalid ones are
// left out (OnWarning says which and why), and the connection learns the
// headers of the others.
func (c *Client) screenTools(tools []ToolInfo) []ToolInfo {
	pc, ok := c.conn.(paramHeaderConn)
	if !ok || !c.modern {
		return tools
	}
	params := map[string][]transport.ParamHeader{}
	kept := tools[:0]
	for _, t := range tools {
		ps, err := transport.ParamHeaders(t.InputSchema)
		if err != nil {
			c.warn(&ToolExcludedError{Tool: t.Name, Err: err})
			continue
		}
		if len(ps) > 0 {
			params[t.Name] = ps
		}
		kept = append(kept, t)
	}
	c.mu.Lock()
	c.params = params
	c.mu.Unlock()
	pc.SetParamHeaders(params)
	return kept
}

func (c *Client) warn(err error) {
	if c.opts.OnWarning != nil {
		c.opts.OnWarning(err)
		return
	}
	// The message quotes the server (tool names, header names): shown
	// safely on a terminal.
	fmt.Fprintf(os.Stderr, "warning: %s\n", termtext.Line(err.Error()))
}

// learnParamHeaders handles a tools/call refused for its Mcp-Param-*
// headers (-32020) — the tool was never listed, or its annotations
// changed: it lists the tools again and reports whether the tool's
// headers are now different, so the call is worth one more try.
func (c *Client) learnParamHeaders(ctx context.Context, tool string, err error) bool {
	var rpcErr *transport.Error
	if !errors.As(err, &rpcErr) || rpcErr.Code != transport.CodeHeaderMismatch || !c.modern {
		return false
	}
	if _, ok := c.conn.(paramHeaderConn); !ok {
		return false
	}
	c.mu.Lock()
	before := c.params[tool]
	c.mu.Unlock()
	if _, err := c.ListTools(ctx); err != nil {
		return false
	}
	c.mu.Lock()
	after := c.params[tool]
	c.mu.Unlock()
	return !slices.EqualFunc(before, after, func(a, b transport.ParamHeader) bool {
		return a.Name == b.Name && a.Type == b.Type && slices.Equal(a.Path, b.Path)
	})
}
