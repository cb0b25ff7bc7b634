package args

import (
	"strings"

	"github.com/mcpdev/mcpdev/forms"
	"github.com/mcpdev/mcpdev/internal/schema"
)

// Arg describes one argument of a tool, for messages and tables, as the
// tool's form describes its field.
type Arg struct {
	Path        string // dotted path
	Kind        string // the form's kind: "integer", "enum", "object", "json", …
	Required    bool
	Constraints string // the form's wording, kind first: "integer · 1–50 · default 10"
	Description string
}

// List lists a tool's arguments from its input schema, nested object
// fields as dotted paths (the fields of list items are left out), in
// property order, worded as forms.Fields words them. A schema the forms
// cannot compile still lists its top-level properties, without
// constraints.
func List(raw []byte) []Arg {
	fields, err := forms.Fields(raw)
	if err != nil {
		return topLevel(raw)
	}
	var out []Arg
	for _, f := range fields {
		if f.Path == "" || strings.Contains(f.Path, "[]") {
			continue
		}
		out = append(out, Arg{Path: f.Path, Kind: f.Kind, Required: f.Required, Constraints: f.Constraints, Description: f.Description})
	}
	return out
}

// topLevel lists the root's properties, in order, and which are required.
func topLevel(raw []byte) []Arg {
	doc, err := schema.DecodeOrdered(raw)
	if err != nil {
		return nil
	}
	props, _ := schema.At(doc, "/properties").(*schema.Object)
	if props == nil {
		return nil
	}
	req := map[string]bool{}
	list, _ := schema.At(doc, "/required").([]any)
	for _, r := range list {
		if s, ok := r.(string); ok {
			req[s] = true
		}
	}
	out := make([]Arg, 0, props.Len())
	for _, k := range props.Keys() {
		out = append(out, Arg{Path: k, Required: req[k]})
	}
	return out
}

// Required lists the top-level required arguments, in schema order.
func Required(schema []byte) []string {
	var out []string
	for _, a := range List(schema) {
		if a.Required && !strings.Contains(a.Path, ".") {
			out = append(out, a.Path)
		}
	}
	return out
}
