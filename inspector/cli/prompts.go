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

var promptListing = listing[sdk.PromptInfo]{"prompts", "prompts/list", "(the server has no prompts)",
	[]string{"NAME", "TITLE", "ARGUMENTS (* required)"},
	func(p sdk.PromptInfo) []string { return []string{p.Name, p.Title, promptArgsText(p)} }}

// RunPrompts is `mcpdev prompts`: a table of name, title and arguments
// (the required ones marked *), or {"prompts":[…]}.
func RunPrompts(ctx context.Context, w io.Writer, c *target.Connection, opts *ListOptions) error {
	o := opts.or()
	list, err := call.ListPrompts(ctx, c, o.Timeout)
	return promptListing.print(w, o, list, err)
}

func promptArgsText(p sdk.PromptInfo) string {
	names := make([]string, len(p.Arguments))
	for i, a := range p.Arguments {
		names[i] = a.Name
		if a.Required {
			names[i] += "*"
		}
	}
	return strings.Join(names, " ")
}

// PromptOptions configures RunPrompt.
type PromptOptions struct {
	Pairs      []string // key=value arguments (every value a string)
	NoValidate bool     // send arguments the prompt does not declare, or without a required one
	JSON       bool     // print the raw result
	Timeout    time.Duration
}

// RunPrompt is `mcpdev prompt`: find the prompt, check the arguments
// against what it declares (required ones present, no others), get it
// and print its messages by role.
func RunPrompt(ctx context.Context, w io.Writer, c *target.Connection, name string, opts *PromptOptions) error {
	var o PromptOptions
	if opts != nil {
		o = *opts
	}
	argv, err := promptArgs(ctx, c, name, &o)
	if err != nil {
		return err
	}
	res, err := call.GetPrompt(ctx, c, name, argv, o.Timeout)
	if err != nil {
		return err
	}
	if o.JSON {
		writeJSON(w, res)
		return nil
	}
	if res.Description != "" {
		fmt.Fprintf(w, "description: %s\n\n", termtext.Line(res.Description))
	}
	fmt.Fprintln(w, termtext.Text(strings.TrimRight(call.MessagesText(res), "\n")))
	return nil
}

// promptArgs lists the prompts and checks the pairs against the named
// one's arguments; an unknown prompt is a *call.PromptError, refused
// arguments an *args.Error.
func promptArgs(ctx context.Context, c *target.Connection, name string, o *PromptOptions) (map[string]string, error) {
	argv := call.PairsMap(o.Pairs)
	if o.NoValidate {
		return argv, nil
	}
	p, err := call.FindPrompt(ctx, c, name, o.Timeout)
	if err != nil {
		return nil, err
	}
	schema := call.PromptSchema(p)
	raw := make(map[string]any, len(argv))
	for k, v := range argv {
		raw[k] = v
	}
	problems, err := check.Validate(schema, args.Marshal(raw))
	if err != nil {
		return nil, &args.SchemaError{Tool: name, Err: err}
	}
	if len(problems) > 0 {
		return nil, &args.Error{Tool: name, Problems: problems, Args: args.List(schema), Prompt: true}
	}
	return argv, nil
}
