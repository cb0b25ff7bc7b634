package sdk

import (
	"encoding/json"
	"strings"

	"github.com/mcpdev/mcpdev/internal/schema"
)

// enumChoices returns the values a property's schema allows as strings
// (how prompt arguments and URI variables are written), in the schema's
// order: its enum, through a $ref and an Optional's anyOf. nil when the
// property is not an enum.
func enumChoices(doc schema.Doc, prop map[string]any) []string {
	if prop == nil {
		return nil
	}
	prop = doc.Deref(prop)
	if branch := schema.NonNull(prop); branch != nil {
		prop = doc.Deref(branch)
	}
	vals, _ := prop["enum"].([]any)
	var out []string
	for _, v := range vals {
		switch x := v.(type) {
		case nil:
			continue // null: an Optional's, not a value to type
		case string:
			out = append(out, x)
		default:
			b, err := json.Marshal(x)
			if err == nil {
				out = append(out, string(b))
			}
		}
	}
	return out
}

// prefixMatches returns the values that start with prefix, ignoring case,
// in their order.
func prefixMatches(values []string, prefix string) []string {
	out := []string{}
	p := strings.ToLower(prefix)
	for _, v := range values {
		if strings.HasPrefix(strings.ToLower(v), p) {
			out = append(out, v)
		}
	}
	return out
}
