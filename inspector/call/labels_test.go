package call

import (
	"slices"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// One spelling of a tool's labels for the CLI and the TUI.
func TestHints(t *testing.T) {
	yes, no := true, false
	for _, tt := range []struct {
		name string
		tool sdk.ToolInfo
		want []string
	}{
		{"none", sdk.ToolInfo{Name: "t"}, nil},
		{"all set", sdk.ToolInfo{Annotations: &sdk.ToolAnnotations{ReadOnlyHint: &yes, DestructiveHint: &yes, IdempotentHint: &yes, OpenWorldHint: &yes}},
			[]string{"read-only", "destructive", "idempotent", "open-world"}},
		{"false ones", sdk.ToolInfo{Annotations: &sdk.ToolAnnotations{ReadOnlyHint: &yes, OpenWorldHint: &no}},
			[]string{"read-only", "open-world=false"}},
		{"task only", sdk.ToolInfo{Execution: &sdk.ToolExecution{TaskSupport: "required"}, Annotations: &sdk.ToolAnnotations{DestructiveHint: &no}},
			[]string{"task required", "destructive=false"}},
		{"task optional", sdk.ToolInfo{Execution: &sdk.ToolExecution{TaskSupport: "optional"}}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, h := range Hints(tt.tool) {
				got = append(got, h.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Hints = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestToolTitle(t *testing.T) {
	for _, tt := range []struct {
		tool sdk.ToolInfo
		want string
	}{
		{sdk.ToolInfo{Name: "n"}, ""},
		{sdk.ToolInfo{Name: "n", Title: "T"}, "T"},
		{sdk.ToolInfo{Name: "n", Annotations: &sdk.ToolAnnotations{Title: "A"}}, "A"},
		{sdk.ToolInfo{Name: "n", Title: "T", Annotations: &sdk.ToolAnnotations{Title: "A"}}, "T"},
	} {
		if got := ToolTitle(tt.tool); got != tt.want {
			t.Errorf("ToolTitle(%+v) = %q, want %q", tt.tool, got, tt.want)
		}
	}
}
