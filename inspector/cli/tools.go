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
	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

// ToolsOptions configures RunTools.
type ToolsOptions struct {
	JSON   bool // print {"tools":[…]} as the server sent them
	Strict bool // fail (*SchemaError) if any tool's schema is invalid
	// Tokens adds what each tool's definition costs each of Clients
	// (OpenAI's alone when empty) in tokens, and the list's total.
	Tokens  bool
	Clients []tokens.Client
	// MaxTokens fails (*BudgetError) when the list costs one of Clients
	// more; 0: no limit.
	MaxTokens int
	Timeout   time.Duration
	Warn      func(string)
}

// RunTools is `mcpdev tools`: a table of name, title, annotations and
// required arguments (and token costs), or JSON.
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
	var lists []clientList
	if o.Tokens || o.MaxTokens > 0 {
		lists = listCosts(tools, o.Clients)
	}
	shown := lists
	if !o.Tokens {
		shown = nil
	}
	switch {
	case o.JSON && o.Tokens:
		writeJSON(w, toolsWithCosts(tools, shown))
	case o.JSON:
		writeJSON(w, map[string]any{"tools": tools})
	default:
		writeToolsTable(w, tools, shown)
	}
	if o.Strict && len(bad) > 0 {
		return errors.Join(bad...)
	}
	return checkBudget(tools, lists, o.MaxTokens)
}

// writeToolsTable prints one row per tool, with a column of token costs
// per client of lists, and their totals. Names, titles and argument names
// are the server's: they are printed through termtext.Line.
func writeToolsTable(w io.Writer, tools []sdk.ToolInfo, lists []clientList) {
	if len(tools) == 0 {
		fmt.Fprintln(w, "(the server has no tools)")
		return
	}
	tw := columns.NewWriter(w)
	fmt.Fprint(tw, "NAME\tTITLE\tANNOTATIONS\tREQUIRED ARGS")
	for _, l := range lists {
		fmt.Fprint(tw, "\t"+costHeading(l.client, len(lists)))
	}
	fmt.Fprintln(tw)
	for i, t := range tools {
		title, required := call.ToolTitle(t), strings.Join(args.Required(t.InputSchema), ", ")
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s", termtext.Line(t.Name), orDash(termtext.Line(title)), orDash(hintsText(t)), orDash(termtext.Line(required)))
		for _, l := range lists {
			fmt.Fprint(tw, "\t"+l.Tools[i].String())
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	if lists != nil {
		fmt.Fprintln(w, tokensLine(totals(lists)))
	}
}

// costHeading is a token column's heading: TOKENS alone, else the client.
func costHeading(c tokens.Client, columns int) string {
	if columns == 1 {
		return "TOKENS"
	}
	return strings.ToUpper(string(c))
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
