package sdk

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/mcpdev/mcpdev/internal/pydantic"
	"github.com/mcpdev/mcpdev/internal/schema"
	"github.com/mcpdev/mcpdev/transport"
)

// promptArgs is what a prompt's argument struct says of its arguments:
// the list prompts/list shows, and how each one completes.
type promptArgs struct {
	list     []PromptArgument
	complete map[string]argCompletion
}

// newPromptArgs reads the arguments off raw, the argument struct's input
// schema (as a tool's), in declaration order. fns are the author's
// completion functions by argument name; each must name an argument.
func newPromptArgs(raw json.RawMessage, fns map[string]CompleteFunc) (*promptArgs, error) {
	doc, err := schema.Parse(raw)
	if err != nil {
		return nil, err
	}
	props, _ := doc.Root["properties"].(map[string]any)
	required, _ := doc.Root["required"].([]any)
	a := &promptArgs{complete: map[string]argCompletion{}}
	for _, name := range propertyOrder(raw) {
		prop, _ := props[name].(map[string]any)
		a.list = append(a.list, PromptArgument{
			Name:        name,
			Title:       stringAt(prop, "title"),
			Description: stringAt(prop, "description"),
			Required:    slices.Contains(required, any(name)),
		})
		a.complete[name] = argCompletion{enum: enumChoices(*doc, prop), fn: fns[name]}
	}
	for name := range fns {
		if _, ok := a.complete[name]; !ok {
			return nil, fmt.Errorf("PromptOptions.Complete names %q, which is not an argument (the arguments are: %s)", name, joinOrNone(argNames(a.list)))
		}
	}
	return a, nil
}

// propertyOrder returns the names of the root properties of a schema in
// the order the schema lists them (the argument struct's field order).
func propertyOrder(raw json.RawMessage) []string {
	v, err := schema.DecodeOrdered(raw)
	if err != nil {
		return nil
	}
	root, _ := v.(*schema.Object)
	if root == nil {
		return nil
	}
	props, _ := root.Get("properties")
	if o, ok := props.(*schema.Object); ok {
		return o.Keys()
	}
	return nil
}

func stringAt(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

func argNames(list []PromptArgument) []string {
	names := make([]string, len(list))
	for i, a := range list {
		names[i] = a.Name
	}
	return names
}

// invalidPromptArgs is the -32602 error of arguments that do not fit a
// prompt; detail says what is wrong.
func invalidPromptArgs(prompt, detail string) error {
	return transport.Errorf(transport.CodeInvalidParams, "Invalid arguments for prompt %s: %s", prompt, detail)
}

// renderViolations renders violations as Pydantic renders a
// ValidationError titled name, as FormatViolations does for tools.
func renderViolations(name string, vs []Violation) string {
	pvs := make([]pydantic.Violation, len(vs))
	for i, v := range vs {
		pvs[i] = pydantic.Violation(v)
		if v.Path == "" {
			pvs[i].Path = "arguments"
		}
	}
	return pydantic.Render(name, pvs)
}
