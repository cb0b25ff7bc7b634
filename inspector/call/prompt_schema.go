package call

import (
	"encoding/json"

	"github.com/mcpdev/mcpdev/sdk"
)

// PromptSchema is a JSON Schema for a prompt's arguments, so that they get
// a form and are checked as tool arguments are: every argument a string,
// its description and title kept, the required ones required, no others.
func PromptSchema(p sdk.PromptInfo) json.RawMessage {
	props := map[string]any{}
	required := []string{}
	for _, a := range p.Arguments {
		prop := map[string]any{"type": "string"}
		if a.Description != "" {
			prop["description"] = a.Description
		}
		if a.Title != "" {
			prop["title"] = a.Title
		}
		props[a.Name] = prop
		if a.Required {
			required = append(required, a.Name)
		}
	}
	return stringsSchema(props, required)
}

// TemplateSchema is a JSON Schema for the variables of a URI template:
// each a required string.
func TemplateSchema(vars []string) json.RawMessage {
	props := map[string]any{}
	for _, v := range vars {
		props[v] = map[string]any{"type": "string"}
	}
	return stringsSchema(props, vars)
}

func stringsSchema(props map[string]any, required []string) json.RawMessage {
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	b, _ := json.Marshal(s)
	return b
}
