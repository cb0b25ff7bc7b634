package call

import (
	"bytes"
	"encoding/json"

	"github.com/mcpdev/mcpdev/sdk"
)

// PromptSchema is a JSON Schema for a prompt's arguments, so that they get
// a form and are checked as tool arguments are: every argument a string,
// its description and title kept, the required ones required, no others.
// The properties keep the prompt's order (a form shows them so).
func PromptSchema(p sdk.PromptInfo) json.RawMessage {
	names := make([]string, len(p.Arguments))
	props := make([]map[string]any, len(p.Arguments))
	required := []string{}
	for i, a := range p.Arguments {
		prop := map[string]any{"type": "string"}
		if a.Description != "" {
			prop["description"] = a.Description
		}
		if a.Title != "" {
			prop["title"] = a.Title
		}
		names[i], props[i] = a.Name, prop
		if a.Required {
			required = append(required, a.Name)
		}
	}
	return stringsSchema(names, props, required)
}

// TemplateSchema is a JSON Schema for the variables of a URI template:
// each a required string, in the template's order.
func TemplateSchema(vars []string) json.RawMessage {
	props := make([]map[string]any, len(vars))
	for i := range vars {
		props[i] = map[string]any{"type": "string"}
	}
	return stringsSchema(vars, props, vars)
}

// stringsSchema writes an object schema whose properties are in the
// order given (encoding/json would sort a map's keys).
func stringsSchema(names []string, props []map[string]any, required []string) json.RawMessage {
	var b bytes.Buffer
	b.WriteString(`{"type":"object","properties":{`)
	for i, n := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(n)
		v, _ := json.Marshal(props[i])
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteString(`},"additionalProperties":false`)
	if len(required) > 0 {
		r, _ := json.Marshal(required)
		b.WriteString(`,"required":`)
		b.Write(r)
	}
	b.WriteByte('}')
	return b.Bytes()
}
