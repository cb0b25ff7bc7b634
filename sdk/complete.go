package sdk

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/mcpdev/mcpdev/transport"
)

// CompleteFunc suggests values for one argument as the user types it, for
// completion/complete: value is what the user typed so far, args the
// other arguments they have already filled in (by name; may be empty).
// Return the suggestions best first; the SDK sends at most 100 of them
// with the total count. An error fails the request with -32603 (a
// *RPCError is sent as it is).
//
//	sdk.Prompt(s, Recommend, &sdk.PromptOptions{Complete: map[string]sdk.CompleteFunc{
//		"author": func(ctx context.Context, value string, args map[string]string) ([]string, error) {
//			return shop.authorsStartingWith(value), nil
//		},
//	}})
type CompleteFunc func(ctx context.Context, value string, args map[string]string) ([]string, error)

// MaxCompletionValues is the most values one completion/complete result
// carries (the protocol's limit); the rest are counted in Total.
const MaxCompletionValues = 100

// CompleteParams asks for completions of one argument of a prompt or of
// a resource template.
type CompleteParams struct {
	Ref      CompleteRef      `json:"ref"`
	Argument CompleteArgument `json:"argument"`
	Context  *CompleteContext `json:"context,omitempty"`
}

// The kinds of CompleteRef.
const (
	RefPrompt   = "ref/prompt"   // a prompt, by Name
	RefResource = "ref/resource" // a resource template, by URI (the template)
)

// CompleteRef names what is completed: a prompt (Type RefPrompt, Name) or
// a resource template (Type RefResource, URI).
type CompleteRef struct {
	Type string `json:"type"`
	Name string `json:"name,omitempty"`
	URI  string `json:"uri,omitempty"`
}

// CompleteArgument is the argument being completed and what the user has
// typed of it.
type CompleteArgument struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// CompleteContext carries the arguments already filled in.
type CompleteContext struct {
	Arguments map[string]string `json:"arguments,omitempty"`
}

// CompleteResult answers completion/complete.
type CompleteResult struct {
	Completion Completion `json:"completion"`
	ResultType string     `json:"resultType,omitempty"` // 2026 era
}

// Completion is a list of suggested values (at most 100), how many there
// are in all, and whether more exist than were sent.
type Completion struct {
	Values  []string `json:"values"`
	Total   int      `json:"total,omitempty"`
	HasMore bool     `json:"hasMore,omitempty"`
}

// argCompletion says how one argument completes: from the author's
// function when there is one, else from the values its type declares.
type argCompletion struct {
	enum []string
	fn   CompleteFunc
}

func (a argCompletion) completes() bool { return a.fn != nil || len(a.enum) > 0 }

// values returns every suggestion for value, best first.
func (a argCompletion) values(ctx context.Context, value string, args map[string]string) ([]string, error) {
	if a.fn != nil {
		return callCompleteFunc(ctx, a.fn, value, args)
	}
	return prefixMatches(a.enum, value), nil
}

// completionTarget is something completion/complete completes the
// arguments of: a prompt, or a resource template's variables.
type completionTarget interface {
	// argument returns how the named argument completes; false when the
	// target has no such argument.
	argument(name string) (argCompletion, bool)
	// describe names the target and its arguments, for error messages.
	describe() (what string, args []string)
}

func (p *registeredPrompt) argument(name string) (argCompletion, bool) {
	c, ok := p.complete[name]
	return c, ok
}

func (p *registeredPrompt) describe() (string, []string) {
	return "prompt " + p.info.Name, argNames(p.info.Arguments)
}

// complete answers completion/complete.
func (s *Server) complete(ctx context.Context, raw json.RawMessage) (*CompleteResult, error) {
	if !s.anyCompletes.Load() {
		return nil, transport.Errorf(transport.CodeMethodNotFound, "Method not found: completion/complete (this server offers no completions)")
	}
	var p CompleteParams
	if err := unmarshalParams(raw, &p); err != nil {
		return nil, err
	}
	target, err := s.completionTarget(p.Ref)
	if err != nil {
		return nil, err
	}
	arg, ok := target.argument(p.Argument.Name)
	if !ok {
		what, names := target.describe()
		return nil, transport.Errorf(transport.CodeInvalidParams, "Invalid params: %s has no argument %s; its arguments are: %s",
			what, clip(p.Argument.Name), joinOrNone(names))
	}
	var resolved map[string]string
	if p.Context != nil {
		resolved = p.Context.Arguments
	}
	if resolved == nil {
		resolved = map[string]string{}
	}
	all, err := arg.values(ctx, p.Argument.Value, resolved)
	if err != nil {
		what, _ := target.describe()
		return nil, completionFailure(what, err)
	}
	return &CompleteResult{Completion: completionOf(all)}, nil
}

// completionTarget finds what ref names.
func (s *Server) completionTarget(ref CompleteRef) (completionTarget, error) {
	switch ref.Type {
	case RefPrompt:
		if p := s.prompt(ref.Name); p != nil {
			return p, nil
		}
		return nil, unknownPrompt(ref.Name)
	case RefResource:
		if t := s.template(ref.URI); t != nil {
			return t, nil
		}
		return nil, transport.Errorf(transport.CodeInvalidParams, "Invalid params: no resource template %s: list them with resources/templates/list", clip(ref.URI))
	}
	return nil, transport.Errorf(transport.CodeInvalidParams, "Invalid params: ref.type %s is neither %q nor %q", clip(ref.Type), RefPrompt, RefResource)
}

// completionOf caps all at MaxCompletionValues, counting the rest.
func completionOf(all []string) Completion {
	c := Completion{Values: all, Total: len(all)}
	if len(all) > MaxCompletionValues {
		c.Values, c.HasMore = all[:MaxCompletionValues], true
	}
	if c.Values == nil {
		c.Values = []string{}
	}
	return c
}

// callCompleteFunc calls fn, turning a panic into an error so the server
// keeps serving.
func callCompleteFunc(ctx context.Context, fn CompleteFunc, value string, args map[string]string) (vals []string, err error) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(os.Stderr, "sdk: completion function panicked: %v\n%s", r, debug.Stack())
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return fn(ctx, value, args)
}

func completionFailure(what string, err error) error {
	if rpcErr, ok := err.(*transport.Error); ok {
		return rpcErr
	}
	return transport.Errorf(transport.CodeInternalError, "Error completing an argument of %s: %v", what, err)
}

// clip quotes text a client sent for an error message, cut to 128 bytes.
func clip(s string) string {
	if len(s) > 128 {
		return fmt.Sprintf("%q…", s[:128])
	}
	return fmt.Sprintf("%q", s)
}

func joinOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return joinComma(names)
}
