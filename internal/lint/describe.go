package lint

import (
	"strings"

	"github.com/mcpdev/mcpdev/internal/schema"
	"github.com/mcpdev/mcpdev/sdk"
)

// descriptionFindings checks that the tool says what it does: the model
// chooses tools by their descriptions.
func descriptionFindings(t sdk.ToolInfo) []Finding {
	words := strings.Fields(t.Description)
	switch len(words) {
	case 0:
		return []Finding{{Rule: RuleDescriptionMiss, Severity: Warning, Path: "/description",
			Message: "the tool has no description; a model picks tools by their descriptions",
			Fix:     "describe what the tool does, what it returns and when to use it (a doc comment on the Go function)"}}
	case 1:
		return []Finding{{Rule: RuleDescriptionShort, Severity: Warning, Path: "/description",
			Message: "the description is one word",
			Fix:     "say in a sentence what the tool does, what it returns and when to use it"}}
	}
	return nil
}

// paramFindings checks the input schema's properties for descriptions,
// and its enums for a title or description saying what the values mean.
func paramFindings(in any) []Finding {
	var fs []Finding
	walk(in, "/inputSchema", func(n node) {
		m, ok := n.value.(map[string]any)
		if !ok {
			return
		}
		_, enum := m["enum"]
		if n.key == "properties" && !enum && !n.described && !refDescribed(in, m) { // an enum is enum-untitled's
			fs = append(fs, Finding{Rule: RuleParamUndescribed, Severity: Warning, Path: n.ptr,
				Message: "the property has no description",
				Fix:     "describe the value the model should pass (a doc comment or description tag on the field)"})
		}
		if enum && !n.described {
			fs = append(fs, Finding{Rule: RuleEnumUntitled, Severity: Warning, Path: n.ptr + "/enum",
				Message: "the enum has neither a title nor a description saying what its values mean",
				Fix:     "add a description to the property (or titled values: oneOf of {const, title})"})
		}
	})
	return fs
}

// refDescribed reports whether property m is a local $ref to a described
// schema.
func refDescribed(root any, m map[string]any) bool {
	ref, _ := m["$ref"].(string)
	ptr, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return false
	}
	return hasText(schema.At(root, ptr))
}
