package inspector

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

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
func RunTools(ctx context.Context, w io.Writer, c *Connection, opts *ToolsOptions) error {
	var o ToolsOptions
	if opts != nil {
		o = *opts
	}
	tools, err := ListTools(ctx, c, o.Timeout)
	if err != nil {
		return err
	}
	var bad []error
	for _, t := range tools {
		if err := CheckSchema(t); err != nil {
			bad = append(bad, err)
			if !o.Strict && o.Warn != nil {
				o.Warn(err.Error())
			}
		}
	}
	if o.JSON {
		writeJSON(w, map[string]any{"tools": tools})
	} else {
		WriteToolsTable(w, tools)
	}
	if o.Strict && len(bad) > 0 {
		return errors.Join(bad...)
	}
	return nil
}

// WriteToolsTable prints one row per tool. Names, titles and argument
// names are the server's: they are printed through termtext.Line.
func WriteToolsTable(w io.Writer, tools []sdk.ToolInfo) {
	if len(tools) == 0 {
		fmt.Fprintln(w, "(the server has no tools)")
		return
	}
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tTITLE\tANNOTATIONS\tREQUIRED ARGS")
	for _, t := range tools {
		title, args := ToolTitle(t), strings.Join(requiredArgs(t.InputSchema), ", ")
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", termtext.Line(t.Name), orDash(termtext.Line(title)), orDash(Badges(t.Annotations)), orDash(termtext.Line(args)))
	}
	tw.Flush()
	fmt.Fprint(w, trimLines(b.String()))
}

// ToolTitle is the tool's title, or its annotations' title.
func ToolTitle(t sdk.ToolInfo) string {
	if t.Title != "" {
		return t.Title
	}
	if t.Annotations != nil {
		return t.Annotations.Title
	}
	return ""
}

// Badges renders the hints that are set: "readOnly", "openWorld=false", …
func Badges(a *sdk.ToolAnnotations) string {
	if a == nil {
		return ""
	}
	var out []string
	for _, h := range []struct {
		name string
		v    *bool
	}{{"readOnly", a.ReadOnlyHint}, {"destructive", a.DestructiveHint}, {"idempotent", a.IdempotentHint}, {"openWorld", a.OpenWorldHint}} {
		switch {
		case h.v == nil:
		case *h.v:
			out = append(out, h.name)
		default:
			out = append(out, h.name+"=false")
		}
	}
	return strings.Join(out, " ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
