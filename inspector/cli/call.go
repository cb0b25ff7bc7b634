// Package cli implements the non-interactive mcpdev commands: tools, call,
// resources, templates, read, prompts, prompt, complete and cache.
package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/inspector/args"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/schema/check"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// CallOptions configures RunCall and callTool.
type CallOptions struct {
	Pairs      []string // key=value arguments
	ArgsJSON   string   // --args-json, the base the pairs are applied on
	NoValidate bool     // send arguments the schema refuses
	Strict     bool     // an invalid tool schema is an error, not a warning
	JSON       bool     // print the raw result
	Timeout    time.Duration
	// OnProgress sees progress notifications (each one also resets Timeout).
	OnProgress func(sdk.ProgressParams)
	// Warn receives warnings (e.g. a schema that cannot be used to validate).
	Warn func(string)
	// OnURLRequired has the person open the URLs of a -32042 error
	// (URLElicitationRequiredError); true calls the tool again.
	OnURLRequired func(context.Context, []sdk.URLElicitation) bool
	// Task runs the tool as a task even if it does not require it (--task);
	// a tool whose execution.taskSupport is "required" always runs as one.
	Task bool
	// OnTask sees the task as it goes (see TaskPrinter).
	OnTask func(call.TaskEvent)
}

// maxURLRetries bounds how often a call is made again after the person
// opened the URLs a -32042 error asked for.
const maxURLRetries = 3

// RunCall is `mcpdev call`: find the tool, build and check its arguments,
// call it and print the result. An isError result is printed, then
// returned as a *ToolError.
func RunCall(ctx context.Context, w io.Writer, c *target.Connection, tool string, opts *CallOptions) error {
	res, err := callTool(ctx, c, tool, opts)
	for try := 0; try < maxURLRetries && opts != nil && opts.OnURLRequired != nil; try++ {
		urls := sdk.URLElicitationsOf(err)
		if len(urls) == 0 || !opts.OnURLRequired(ctx, urls) {
			break
		}
		res, err = callTool(ctx, c, tool, opts)
	}
	if err != nil {
		return err
	}
	if opts != nil && opts.JSON {
		writeJSON(w, res)
	} else {
		call.WriteResult(w, res)
	}
	if res.IsError {
		return &call.ToolError{Tool: tool, Result: res}
	}
	return nil
}

// callTool lists the tools, prepares the arguments by the tool's schema and
// calls it, warning when the tool's name or description hides characters
// or reads as another's. It returns a *ToolError only for an unknown tool;
// an isError result is returned as a result.
func callTool(ctx context.Context, c *target.Connection, tool string, opts *CallOptions) (*sdk.CallToolResult, error) {
	var o CallOptions
	if opts != nil {
		o = *opts
	}
	tools, err := call.ListTools(ctx, c, o.Timeout)
	if err != nil {
		return nil, err
	}
	info, err := call.PickTool(tools, tool) // by its exact name only
	if err != nil {
		return nil, err
	}
	if o.Warn != nil {
		for _, s := range call.Suspicions(tools, info) {
			o.Warn(s)
		}
	}
	argv, err := prepareArgs(info, &o)
	if err != nil {
		return nil, err
	}
	if o.Task || call.NeedsTask(info) {
		return call.Task(ctx, c, tool, args.Marshal(argv), o.Timeout, o.OnTask)
	}
	return call.Tool(ctx, c, tool, args.Marshal(argv), o.Timeout, o.OnProgress)
}

// prepareArgs builds the arguments from opts (pairs over --args-json),
// coerced by the tool's input schema, and validates them unless
// opts.NoValidate. Refused arguments are an *ArgsError.
func prepareArgs(tool sdk.ToolInfo, opts *CallOptions) (map[string]any, error) {
	var base map[string]any
	if strings.TrimSpace(opts.ArgsJSON) != "" {
		var err error
		if base, err = args.DecodeJSON(opts.ArgsJSON); err != nil {
			return nil, err
		}
	}
	argv, err := args.Coerce(tool.InputSchema, opts.Pairs, base)
	if err != nil {
		return nil, err
	}
	if err := args.CheckSchema(tool); err != nil {
		if opts.Strict {
			return nil, err
		}
		if opts.Warn != nil {
			opts.Warn(err.Error() + "; arguments not validated (use --strict to stop here)")
		}
		return argv, nil
	}
	if opts.NoValidate {
		return argv, nil
	}
	problems, err := check.Validate(tool.InputSchema, args.Marshal(argv))
	if err != nil {
		return nil, &args.SchemaError{Tool: tool.Name, Err: err}
	}
	if len(problems) > 0 {
		return nil, &args.Error{Tool: tool.Name, Problems: problems, Args: args.List(tool.InputSchema)}
	}
	return argv, nil
}

// writeJSON prints v as indented JSON, what a terminal acts on or hides
// escaped (termtext.JSON): every --json output goes through it.
func writeJSON(w io.Writer, v any) {
	fmt.Fprintf(w, "%s\n", termtext.JSON([]byte(call.PrettyJSON(v))))
}
