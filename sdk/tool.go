package sdk

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/mcpdev/mcpdev/transport"
	"os"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
)

// ToolOptions overrides what the SDK infers from a tool function. Every
// field is optional.
type ToolOptions struct {
	Name        string // default: the function's name in snake_case
	Title       string // human-readable name for UIs
	Description string // default: the function's doc comment
	// Annotations carries the behaviour hints; a nil hint is omitted.
	Annotations *ToolAnnotations
	// Icons are images clients may show for the tool (2025-11-25); each
	// Src must be an http(s) URL or a data: URI.
	Icons []Icon
	// InputSchema and OutputSchema replace the inferred schemas (JSON
	// Schema 2020-12). They are validated by the sdk's own validator,
	// which refuses, at registration and naming it, a keyword it does not
	// implement (unevaluatedProperties, unevaluatedItems, $dynamicRef, …),
	// a format it does not check (uri-template, period, regex), another draft,
	// an $anchor reference and a remote $ref (ErrRemoteRef); README's
	// "a schema written by hand" lists what it checks.
	InputSchema  json.RawMessage
	OutputSchema json.RawMessage
	// Scopes are the OAuth scopes a caller's token needs to call the tool
	// over HTTP with sdkhttp.Options.Auth (beyond AuthOptions.Scopes); one
	// without them is answered 403 insufficient_scope, so that the client
	// can step up. stdio and in-memory calls are not authenticated.
	Scopes []string
	// Replace lets the tool take the place of a registered tool of the
	// same name; without it, registering a taken name is an error
	// (ErrDuplicateTool).
	Replace bool
	// TaskSupport says whether the tool may run as a task (see task.go):
	// TaskOptional, TaskRequired, or TaskForbidden (the default).
	TaskSupport string
	// DeferTask (with TaskSupport set) makes a 2026-era call a task
	// only when the handler calls ContinueAsTask: until then it runs as an
	// ordinary call, its questions asked in InputRequiredResult rounds.
	DeferTask bool
	// ForbidExtra, when set, says whether arguments the function does not
	// take (at any depth of In) are refused with "Extra inputs are not
	// permitted" and the inferred schema's objects published with
	// additionalProperties: false (sdk.Bool(true)), or dropped before
	// validation as the seed drops them (sdk.Bool(false), the default).
	// nil follows ServerOptions.ForbidExtra. A hand-written InputSchema is
	// validated as written either way.
	ForbidExtra *bool
}

// rawHandler is the untyped form of a tool: raw arguments in, result out. A
// returned error is sent as a JSON-RPC error (use *transport.Error to pick
// the code); tool failures belong in the result with IsError set.
type rawHandler func(ctx context.Context, args json.RawMessage) (*CallToolResult, error)

// registeredTool is a tool ready to serve: its wire description and the
// handler that validates and runs calls.
type registeredTool struct {
	info    ToolInfo
	handler rawHandler
	params  []transport.ParamHeader // arguments mirrored into Mcp-Param-* headers
	replace bool                    // ToolOptions.Replace
	scopes  []string                // ToolOptions.Scopes
	// deferTask: ToolOptions.DeferTask (task_defer.go).
	deferTask bool
	// forbidding makes the tool as a ServerOptions.ForbidExtra server
	// serves it (when added to one: a server that does not forbid pays
	// nothing for it); nil when that is the tool itself (set
	// ToolOptions.ForbidExtra, a hand-written InputSchema).
	forbidding func() *registeredTool
}

// on is the tool as a server serves it: forbid is the server's
// ForbidExtra.
func (t *registeredTool) on(forbid bool) *registeredTool {
	if forbid && t.forbidding != nil {
		return t.forbidding()
	}
	return t
}

// Tool registers fn as a tool of s. The name is fn's name in snake_case (a
// method value g.SayHello is named after the method: say_hello), the
// description its doc comment (in Go's convention, "SearchBooks searches
// …" becomes "Searches …"), the input schema is inferred from In (a struct)
// and the output from Out; opts (nil for none) overrides any of them.
// A field of In tagged `mcpheader:"Name"` is mirrored into the HTTP header
// Mcp-Param-Name (see ParamHeaderTag).
// Tool panics on a programming error (a function literal without a name, an
// invalid name, an argument type that is not a struct, a name already
// registered without ToolOptions.Replace); use NewTool and AddTool to get
// an error.
func Tool[In, Out any](s *Server, fn func(context.Context, In) (Out, error), opts *ToolOptions) {
	t, err := NewTool(fn, opts)
	if err != nil {
		panic(err)
	}
	if err := s.AddTool(t); err != nil {
		panic(err)
	}
}

// ToolDef is a declared tool, not yet added to a server.
type ToolDef struct{ t *registeredTool }

// Info returns the tool as tools/list shows it.
func (d *ToolDef) Info() ToolInfo { return d.t.info }

// NewTool declares a tool from a typed function; see Tool.
func NewTool[In, Out any](fn func(context.Context, In) (Out, error), opts *ToolOptions) (*ToolDef, error) {
	var o ToolOptions
	if opts != nil {
		o = *opts
	}
	defer startPhase("register").end()
	ref := docs.noteSource(fn)
	info, err := describeTool(o, ref)
	if err != nil {
		return nil, err
	}
	forbid := o.ForbidExtra != nil && *o.ForbidExtra
	in, err := newInputCodec[In](o.InputSchema, forbid)
	if err != nil {
		return nil, fmt.Errorf("sdk: tool %s: %w", info.Name, err)
	}
	info.InputSchema = in.raw
	params, err := transport.ParamHeaders(in.raw)
	if err != nil {
		return nil, fmt.Errorf("sdk: tool %s: %w", info.Name, err)
	}
	out, err := newOutputCodec[Out](o.OutputSchema)
	if err != nil {
		return nil, fmt.Errorf("sdk: tool %s: %w", info.Name, err)
	}
	info.OutputSchema = out.raw
	lost := docs.lost(ref, o.Description != "", reflect.TypeFor[In](), reflect.TypeFor[Out]())
	docs.warnDocs(os.Stderr, info.Name, ref, info, lost)
	base := registeredTool{info: info, params: params, replace: o.Replace, scopes: slices.Clone(o.Scopes), deferTask: o.DeferTask}
	t := toolForm(base, in, out, fn)
	if o.ForbidExtra == nil && o.InputSchema == nil {
		t.forbidding = func() *registeredTool {
			in, err := newInputCodec[In](nil, true)
			if err != nil { // In's schema was inferred once already
				panic(fmt.Sprintf("sdk: tool %s: %v", t.info.Name, err))
			}
			b := *t
			b.forbidding = nil
			return toolForm(b, in, out, fn)
		}
	}
	return &ToolDef{t: t}, nil
}

// toolForm is base serving calls of fn through in and out.
func toolForm[In, Out any](base registeredTool, in *inputCodec[In], out *outputCodec[Out], fn func(context.Context, In) (Out, error)) *registeredTool {
	t := base
	t.info.InputSchema = in.raw
	name := t.info.Name
	t.handler = func(ctx context.Context, raw json.RawMessage) (*CallToolResult, error) {
		args, vs, err := in.decode(raw)
		if err != nil {
			return errorResult(name, err.Error()), nil
		}
		if len(vs) > 0 {
			return &CallToolResult{Content: []Content{Text(FormatViolations(name, vs))}, IsError: true}, nil
		}
		res, err := runHandler(ctx, name, fn, args)
		if err != nil {
			return toolFailure(name, err)
		}
		return out.encode(name, res), nil
	}
	return &t
}

func describeTool(o ToolOptions, ref funcRef) (ToolInfo, error) {
	name := o.Name
	if name == "" {
		name = ref.toolName()
		if name == "" {
			return ToolInfo{}, fmt.Errorf("sdk: cannot infer a tool name from %q (a function literal): set ToolOptions.Name", ref.name)
		}
	}
	if !ValidToolName(name) {
		return ToolInfo{}, fmt.Errorf("sdk: invalid tool name %q: must match ^[A-Za-z0-9._-]{1,128}$", name)
	}
	desc := o.Description
	if desc == "" && !ref.closure {
		desc = docs.function(ref)
	}
	if err := checkIcons(o.Icons); err != nil {
		return ToolInfo{}, fmt.Errorf("sdk: tool %s: %w", name, err)
	}
	if err := checkTaskOptions(o); err != nil {
		return ToolInfo{}, fmt.Errorf("sdk: tool %s: %w", name, err)
	}
	info := ToolInfo{Name: name, Title: o.Title, Description: desc, Annotations: o.Annotations, Icons: slices.Clone(o.Icons)}
	if o.TaskSupport != "" {
		info.Execution = &ToolExecution{TaskSupport: o.TaskSupport}
	}
	return info, nil
}

// checkIcons refuses icons a client could not use: a src that is not an
// http(s) URL or a data: URI, a theme other than light or dark.
func checkIcons(icons []Icon) error {
	for i, ic := range icons {
		scheme, _, _ := strings.Cut(ic.Src, ":")
		switch strings.ToLower(scheme) {
		case "https", "http", "data":
		default:
			return fmt.Errorf("icon %d: src %q must be an http(s) URL or a data: URI", i, ic.Src)
		}
		if ic.Theme != "" && ic.Theme != IconLight && ic.Theme != IconDark {
			return fmt.Errorf("icon %d: theme %q must be %q, %q or empty", i, ic.Theme, IconLight, IconDark)
		}
	}
	return nil
}

// runHandler calls fn, turning a panic into an error so the server keeps
// serving, then waits for the goroutines fn started with Go: a panic in
// one of them fails the call too.
func runHandler[In, Out any](ctx context.Context, name string, fn func(context.Context, In) (Out, error), in In) (out Out, err error) {
	if ci := callFrom(ctx); ci != nil {
		defer func() {
			if gerr := ci.goroutines.wait(); gerr != nil {
				var zero Out
				out, err = zero, gerr
			}
		}()
	}
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(os.Stderr, "sdk: tool %s panicked: %v\n%s", name, r, debug.Stack())
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return fn(ctx, in)
}
