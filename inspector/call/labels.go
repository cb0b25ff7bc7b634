package call

import (
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
)

// ToolTitle is the tool's title, or its annotations' title.
func ToolTitle(t sdk.ToolInfo) string {
	if t.Title != "" {
		return t.Title
	}
	if t.Annotations != nil {
		return t.Annotations.Title
	}
	return ""
}

// Badges renders the hints that are set: "readOnly", "openWorld=false", …
func Badges(a *sdk.ToolAnnotations) string {
	if a == nil {
		return ""
	}
	var out []string
	for _, h := range []struct {
		name string
		v    *bool
	}{{"readOnly", a.ReadOnlyHint}, {"destructive", a.DestructiveHint}, {"idempotent", a.IdempotentHint}, {"openWorld", a.OpenWorldHint}} {
		switch {
		case h.v == nil:
		case *h.v:
			out = append(out, h.name)
		default:
			out = append(out, h.name+"=false")
		}
	}
	return strings.Join(out, " ")
}
