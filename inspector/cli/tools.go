package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/inspector/args"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/columns"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// ToolsOptions configures RunTools.
type ToolsOptions struct {
	JSON    bool // print {"tools":[…]} as the server sent them
	Strict  bool // fail (*SchemaError) if any tool's schema is invalid
	Timeout time.Duration
	Warn    func(string)
}

// RunTools is `mcpdev tools`: a table of name, title, annotations and
// required arguments, or JSON.
func RunTools(ctx context.Context, w io.Writer, c *target.Connection, opts *ToolsOptions) error {
	var o ToolsOptions
	if opts != nil {
		o = *opts
	}
	tools, err := call.ListTools(ctx, c, o.Timeout)
	if err != nil {
		return err
	}
	var bad []error
	for _, t := range tools {
		if o.Warn != nil {
			for _, s := range call.Suspicions(tools, t) {
				o.Warn(s)
			}
		}
		if err := args.CheckSchema(t); err != nil {
			bad = append(bad, err)
			if !o.Strict && o.Warn != nil {
				o.Warn(err.Error())
			}
		}
	}
	if o.JSON {
		writeJSON(w, map[string]any{"tools": tools})
	} else {
		writeToolsTable(w, tools)
	}
	if o.Strict && len(bad) > 0 {
		return errors.Join(bad...)
	}
	return nil
}

// writeToolsTable prints one row per tool. Names, titles and argument
// names are the server's: they are printed through termtext.Line.
func writeToolsTable(w io.Writer, tools []sdk.ToolInfo) {
	if len(tools) == 0 {
		fmt.Fprintln(w, "(the server has no tools)")
		return
	}
	tw := columns.NewWriter(w)
	fmt.Fprintln(tw, "NAME\tTITLE\tANNOTATIONS\tREQUIRED ARGS")
	for _, t := range tools {
		title, required := call.ToolTitle(t), strings.Join(args.Required(t.InputSchema), ", ")
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", termtext.Line(t.Name), orDash(termtext.Line(title)), orDash(hintsText(t)), orDash(termtext.Line(required)))
	}
	tw.Flush()
}

// hintsText is the tool's labels as one cell: "read-only open-world=false".
func hintsText(t sdk.ToolInfo) string {
	var words []string
	for _, h := range call.Hints(t) {
		words = append(words, h.String())
	}
	return strings.Join(words, " ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
