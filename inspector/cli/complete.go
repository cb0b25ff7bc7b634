package cli

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/termtext"
)

// CompleteOptions configures RunComplete.
type CompleteOptions struct {
	JSON    bool // print {"values":[…],"total":N,"hasMore":…}
	Timeout time.Duration
}

// RunComplete is `mcpdev complete`: ask the server to complete one
// argument of a prompt or a resource template and print the values, one
// per line.
func RunComplete(ctx context.Context, w io.Writer, c *target.Connection, words []string, opts *CompleteOptions) error {
	var o CompleteOptions
	if opts != nil {
		o = *opts
	}
	ref, arg, typed, filled, err := call.ParseCompleteWords(words)
	if err != nil {
		return err
	}
	res, err := call.Complete(ctx, c, ref, arg, typed, filled, o.Timeout)
	if err != nil {
		return err
	}
	if o.JSON {
		writeJSON(w, res)
		return nil
	}
	if len(res.Values) == 0 {
		fmt.Fprintln(w, "(no completions)")
		return nil
	}
	fmt.Fprintln(w, termtext.Text(call.CompletionText(res)))
	return nil
}
