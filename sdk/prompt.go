package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
)

// PromptOptions overrides what the SDK infers from a prompt function.
// Every field is optional.
type PromptOptions struct {
	Name        string // default: the function's name in snake_case
	Title       string // human-readable name for UIs
	Description string // default: the function's doc comment
	// Icons are images clients may show for the prompt (2025-11-25); each
	// Src must be an http(s) URL or a data: URI.
	Icons []Icon
	// Complete suggests values for arguments, by argument name, in
	// completion/complete. An argument whose type has declared values
	// (an enum tag, a named type's constants or Enum method) completes
	// from them without an entry here; an entry replaces them.
	Complete map[string]CompleteFunc
	// Replace lets the prompt take the place of a registered prompt of
	// the same name; without it, registering a taken name is an error
	// (ErrDuplicatePrompt).
	Replace bool
}

// PromptInfo is a prompt as it appears on the wire in prompts/list.
type PromptInfo struct {
	Name        string           `json:"name"`
	Title       string           `json:"title,omitempty"`
	Description string           `json:"description,omitempty"`
	Arguments   []PromptArgument `json:"arguments,omitempty"`
	Icons       []Icon           `json:"icons,omitempty"`
	Meta        json.RawMessage  `json:"_meta,omitempty"`
}

// PromptArgument is one argument of a prompt, as prompts/list shows it.
// On the wire every argument value is a string (see Prompt).
type PromptArgument struct {
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required,omitempty"`
}

// ErrDuplicatePrompt is returned by AddPrompt for a prompt whose name is
// already taken (Prompt panics with it), unless the new prompt sets
// PromptOptions.Replace.
var ErrDuplicatePrompt = errors.New("sdk: duplicate prompt name")

// registeredPrompt is a prompt ready to serve: its wire description, the
// handler that validates arguments and renders messages, and how each of
// its arguments completes.
type registeredPrompt struct {
	info     PromptInfo
	handler  func(ctx context.Context, args json.RawMessage) (*GetPromptResult, error)
	complete map[string]argCompletion // by argument name; every argument has an entry
	replace  bool
}

// PromptDef is a declared prompt, not yet added to a server.
type PromptDef struct{ p *registeredPrompt }

// Info returns the prompt as prompts/list shows it.
func (d *PromptDef) Info() PromptInfo { return d.p.info }

// Prompt registers fn as a prompt of s: a template of messages a client
// offers its user (a slash command, a menu entry), filled in from the
// user's arguments.
//
// The name is fn's name in snake_case, the description its doc comment,
// and the arguments are the fields of In (a struct), named, described and
// required by the same rules as a tool's: `json:` names an argument, a
// doc comment or `jsonschema:"description=…"` describes it, and a field
// is optional when it is a pointer, omitempty or has a default.
//
// MCP sends every prompt argument as a string. A field of another type
// reads its string as Pydantic's lax mode does for tools: "12" for an
// int, "true"/"yes"/"1" for a bool, a JSON text for a slice, map or
// struct; then the field's constraints (bounds, enum, pattern, …) apply.
// Arguments that do not fit are refused before fn runs, every problem at
// once in Pydantic's words, with JSON-RPC error -32602.
//
// Out is what fn returns: a string (one user message), a Content (one
// user message), []Content (a user message per block), PromptMessage,
// []PromptMessage, or a GetPromptResult or *GetPromptResult. An error
// from fn fails prompts/get with -32603 (a *RPCError is sent as it is); a
// panic is recovered and fails it the same way.
//
// Prompt panics on a programming error, as Tool does; use NewPrompt and
// AddPrompt to get an error.
func Prompt[In, Out any](s *Server, fn func(context.Context, In) (Out, error), opts *PromptOptions) {
	p, err := NewPrompt(fn, opts)
	if err != nil {
		panic(err)
	}
	if err := s.AddPrompt(p); err != nil {
		panic(err)
	}
}

// NewPrompt declares a prompt from a typed function; see Prompt.
func NewPrompt[In, Out any](fn func(context.Context, In) (Out, error), opts *PromptOptions) (*PromptDef, error) {
	var o PromptOptions
	if opts != nil {
		o = *opts
	}
	ref := docs.noteSource(fn)
	info, err := describePrompt(o, ref)
	if err != nil {
		return nil, err
	}
	if err := checkPromptResult(reflect.TypeFor[Out]()); err != nil {
		return nil, fmt.Errorf("sdk: prompt %s: %w", info.Name, err)
	}
	in, err := newInputCodec[In](nil, true)
	if err != nil {
		return nil, fmt.Errorf("sdk: prompt %s: %w", info.Name, err)
	}
	args, err := newPromptArgs(in.raw, o.Complete)
	if err != nil {
		return nil, fmt.Errorf("sdk: prompt %s: %w", info.Name, err)
	}
	info.Arguments = args.list
	if info.Description == "" {
		fmt.Fprintf(os.Stderr, "sdk: prompt %s has no description: give its function a doc comment or set PromptOptions.Description\n", info.Name)
	}
	p := &registeredPrompt{info: info, complete: args.complete, replace: o.Replace}
	p.handler = promptHandler(info, in, fn)
	return &PromptDef{p: p}, nil
}

func describePrompt(o PromptOptions, ref funcRef) (PromptInfo, error) {
	name := o.Name
	if name == "" {
		if name = ref.toolName(); name == "" {
			return PromptInfo{}, fmt.Errorf("sdk: cannot infer a prompt name from %q (a function literal): set PromptOptions.Name", ref.name)
		}
	}
	if !ValidToolName(name) {
		return PromptInfo{}, fmt.Errorf("sdk: invalid prompt name %q: must match ^[A-Za-z0-9._-]{1,128}$", name)
	}
	desc := o.Description
	if desc == "" && !ref.closure {
		desc = docs.function(ref)
	}
	if err := checkIcons(o.Icons); err != nil {
		return PromptInfo{}, fmt.Errorf("sdk: prompt %s: %w", name, err)
	}
	return PromptInfo{Name: name, Title: o.Title, Description: desc, Icons: slices.Clone(o.Icons)}, nil
}

// promptHandler validates a prompts/get's arguments into In, runs fn and
// turns what it returns into a GetPromptResult.
func promptHandler[In, Out any](info PromptInfo, in *inputCodec[In], fn func(context.Context, In) (Out, error)) func(context.Context, json.RawMessage) (*GetPromptResult, error) {
	name := info.Name
	return func(ctx context.Context, raw json.RawMessage) (*GetPromptResult, error) {
		args, vs, err := in.decode(raw)
		if err != nil {
			return nil, invalidPromptArgs(name, err.Error())
		}
		if len(vs) > 0 {
			return nil, invalidPromptArgs(name, renderViolations(name, vs))
		}
		out, err := runPrompt(ctx, name, fn, args)
		if err != nil {
			return nil, promptFailure(name, err)
		}
		res, err := promptResult(any(out))
		if err != nil {
			fmt.Fprintf(os.Stderr, "sdk: prompt %s: %v\n", name, err)
			return nil, promptFailure(name, err)
		}
		if res.Description == "" {
			res.Description = info.Description
		}
		return res, nil
	}
}
