package inspector

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpdev/mcpdev/forms"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// CallOptions configures RunCall and Call.
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
}

// RunCall is `mcpdev call`: find the tool, build and check its arguments,
// call it and print the result. An isError result is printed, then
// returned as a *ToolError.
func RunCall(ctx context.Context, w io.Writer, c *Connection, tool string, opts *CallOptions) error {
	res, err := Call(ctx, c, tool, opts)
	if err != nil {
		return err
	}
	if opts != nil && opts.JSON {
		writeJSON(w, res)
	} else {
		WriteResult(w, res)
	}
	if res.IsError {
		return &ToolError{Tool: tool, Result: res}
	}
	return nil
}

// Call lists the tools, prepares the arguments by the tool's schema and
// calls it. It returns a *ToolError only for an unknown tool; an isError
// result is returned as a result.
func Call(ctx context.Context, c *Connection, tool string, opts *CallOptions) (*sdk.CallToolResult, error) {
	var o CallOptions
	if opts != nil {
		o = *opts
	}
	info, err := FindTool(ctx, c, tool, o.Timeout)
	if err != nil {
		return nil, err
	}
	args, err := PrepareArgs(info, &o)
	if err != nil {
		return nil, err
	}
	var res *sdk.CallToolResult
	err = withTimeout(ctx, o.Timeout, "tools/call "+tool, func(ctx context.Context, reset func()) error {
		var err error
		res, err = c.CallTool(ctx, tool, json.RawMessage(MarshalArgs(args)), &sdk.CallOptions{OnProgress: func(p sdk.ProgressParams) {
			reset()
			if o.OnProgress != nil {
				o.OnProgress(p)
			}
		}})
		return err
	})
	return res, c.Explain(err)
}

// FindTool lists the server's tools and returns the one named.
func FindTool(ctx context.Context, c *Connection, name string, timeout time.Duration) (sdk.ToolInfo, error) {
	tools, err := ListTools(ctx, c, timeout)
	if err != nil {
		return sdk.ToolInfo{}, err
	}
	var names []string
	for _, t := range tools {
		if t.Name == name {
			return t, nil
		}
		names = append(names, t.Name)
	}
	return sdk.ToolInfo{}, &ToolError{Tool: name, Unknown: true, Known: names}
}

// ListTools lists every tool, within timeout.
func ListTools(ctx context.Context, c *Connection, timeout time.Duration) ([]sdk.ToolInfo, error) {
	var tools []sdk.ToolInfo
	err := withTimeout(ctx, timeout, "tools/list", func(ctx context.Context, _ func()) error {
		var err error
		tools, err = c.Client.ListTools(ctx)
		return err
	})
	return tools, c.Explain(err)
}

// PrepareArgs builds the arguments from opts (pairs over --args-json),
// coerced by the tool's input schema, and validates them unless
// opts.NoValidate. Refused arguments are an *ArgsError.
func PrepareArgs(tool sdk.ToolInfo, opts *CallOptions) (map[string]any, error) {
	var base map[string]any
	if strings.TrimSpace(opts.ArgsJSON) != "" {
		var err error
		if base, err = DecodeArgsJSON(opts.ArgsJSON); err != nil {
			return nil, err
		}
	}
	args, err := Coerce(tool.InputSchema, opts.Pairs, base)
	if err != nil {
		return nil, err
	}
	if err := CheckSchema(tool); err != nil {
		if opts.Strict {
			return nil, err
		}
		if opts.Warn != nil {
			opts.Warn(err.Error() + "; arguments not validated (use --strict to stop here)")
		}
		return args, nil
	}
	if opts.NoValidate {
		return args, nil
	}
	problems, err := forms.Validate(tool.InputSchema, MarshalArgs(args))
	if err != nil {
		return nil, &SchemaError{Tool: tool.Name, Err: err}
	}
	if len(problems) > 0 {
		return nil, &ArgsError{Tool: tool.Name, Problems: problems, Args: Arguments(tool.InputSchema)}
	}
	return args, nil
}

// CheckSchema reports a tool whose input or output schema is not a valid
// JSON Schema, or whose input schema is not of type object.
func CheckSchema(tool sdk.ToolInfo) error {
	if _, err := forms.Validate(tool.InputSchema, []byte("{}")); err != nil {
		return &SchemaError{Tool: tool.Name, Err: fmt.Errorf("inputSchema%s: %w", schemaErrSummary(err), forms.ErrSchema)}
	}
	var root struct {
		Type any `json:"type"`
	}
	if json.Unmarshal(tool.InputSchema, &root) != nil || root.Type != "object" {
		return &SchemaError{Tool: tool.Name, Err: errors.New(`inputSchema: "type" must be "object"`)}
	}
	if len(tool.OutputSchema) > 0 {
		if _, err := forms.Validate(tool.OutputSchema, []byte("{}")); err != nil {
			return &SchemaError{Tool: tool.Name, Err: fmt.Errorf("outputSchema%s: %w", schemaErrSummary(err), forms.ErrSchema)}
		}
	}
	return nil
}

// schemaErrSummary condenses the validator's tree of metaschema failures
// to its deepest line: " /properties/x/type: value must be one of …".
func schemaErrSummary(err error) string {
	lines := strings.Split(err.Error(), "\n")
	best, depth := "", -1
	for _, l := range lines {
		trimmed := strings.TrimLeft(l, " ")
		if !strings.HasPrefix(trimmed, "- at '") {
			continue
		}
		if d := len(l) - len(trimmed); d > depth {
			best, depth = trimmed, d
		}
	}
	if best == "" {
		return ": " + strings.TrimPrefix(lines[0], "forms: invalid schema: ")
	}
	loc, msg, _ := strings.Cut(strings.TrimPrefix(best, "- at '"), "': ")
	return " " + loc + ": " + msg
}

// withTimeout runs fn with a context cancelled after timeout of silence;
// fn calls reset to restart the clock (on progress). An expired clock is a
// *TimeoutError.
func withTimeout(ctx context.Context, timeout time.Duration, op string, fn func(context.Context, func()) error) error {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var expired atomic.Bool
	var mu sync.Mutex
	timer := time.AfterFunc(timeout, func() { expired.Store(true); cancel() })
	defer timer.Stop()
	reset := func() {
		mu.Lock()
		defer mu.Unlock()
		if !expired.Load() {
			timer.Reset(timeout)
		}
	}
	err := fn(ctx, reset)
	if err != nil && expired.Load() {
		return &TimeoutError{Op: op, After: timeout}
	}
	return err
}

// WriteResult prints a tool result for a person: each content block, then
// the structured content pretty-printed, then isError if set. The server's
// text goes through termtext.Text (--json output does not come here).
func WriteResult(w io.Writer, res *sdk.CallToolResult) {
	for _, c := range res.Content {
		fmt.Fprintln(w, termtext.Text(strings.TrimRight(contentText(c), "\n")))
	}
	if len(res.StructuredContent) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "structuredContent:")
		fmt.Fprintln(w, termtext.Text(indentJSON(res.StructuredContent)))
	}
	if res.IsError {
		fmt.Fprintln(w, "isError: true")
	}
}

func contentText(c sdk.Content) string {
	switch c.Type {
	case "text":
		return c.Text
	case "image", "audio":
		return fmt.Sprintf("[%s %s, %d bytes base64]", c.Type, c.MimeType, len(c.Data))
	case "resource_link":
		return fmt.Sprintf("[resource link %s %s]", c.Name, c.URI)
	case "resource":
		if c.Resource == nil {
			return "[resource]"
		}
		if c.Resource.Text != "" {
			return fmt.Sprintf("[resource %s]\n%s", c.Resource.URI, c.Resource.Text)
		}
		return fmt.Sprintf("[resource %s %s, %d bytes base64]", c.Resource.URI, c.Resource.MimeType, len(c.Resource.Blob))
	}
	return fmt.Sprintf("[%s content]", c.Type)
}

func indentJSON(raw []byte) string {
	var b bytes.Buffer
	if err := json.Indent(&b, bytes.TrimSpace(raw), "", "  "); err != nil {
		return string(raw)
	}
	return b.String()
}

func prettyJSON(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimRight(b.String(), "\n")
}

func writeJSON(w io.Writer, v any) {
	fmt.Fprintln(w, prettyJSON(v))
}
