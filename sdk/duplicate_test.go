package sdk_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// A second tool with a taken name is refused (AddTool's error, Tool's
// panic), leaving the first one serving, unless it asks to replace it.
func TestDuplicateToolNameRefused(t *testing.T) {
	s := sdk.NewServer("dup", nil)
	if err := s.AddTool(returning(t, "search", "first"), returning(t, "other", "x")); err != nil {
		t.Fatal(err)
	}
	if err := s.AddTool(returning(t, "search", "second")); !errors.Is(err, sdk.ErrDuplicateTool) {
		t.Errorf("AddTool of a taken name: %v, want ErrDuplicateTool", err)
	}
	if err := s.AddTool(returning(t, "new", "n"), returning(t, "new", "n2")); !errors.Is(err, sdk.ErrDuplicateTool) {
		t.Errorf("AddTool of one name twice: %v, want ErrDuplicateTool", err)
	}
	func() {
		defer func() {
			if r := recover(); r == nil || !errors.Is(r.(error), sdk.ErrDuplicateTool) {
				t.Errorf("Tool with a taken name: recovered %v, want a panic with ErrDuplicateTool", r)
			}
		}()
		sdk.Tool(s, noArgsTool, &sdk.ToolOptions{Name: "search", Description: "d"})
	}()
	if got := toolNames(s); got != "search other" {
		t.Errorf("tools after refused registrations: %s, want search other", got)
	}
	c := legacyClient(t, s, nil)
	if res := callRaw(t, c, "search", `{}`); res.Content[0].Text != "first" {
		t.Errorf("search answers %q, want the first tool's", res.Content[0].Text)
	}

	replacement := returning(t, "search", "third", &sdk.ToolOptions{Replace: true})
	if err := s.AddTool(replacement); err != nil {
		t.Fatalf("AddTool with Replace: %v", err)
	}
	if got := toolNames(s); got != "search other" {
		t.Errorf("tools after replacing: %s, want search other (same place)", got)
	}
	if res := callRaw(t, c, "search", `{}`); res.Content[0].Text != "third" {
		t.Errorf("search answers %q after Replace, want the replacement's", res.Content[0].Text)
	}
}

func toolNames(s *sdk.Server) string {
	var names []string
	for _, ti := range s.Tools() {
		names = append(names, ti.Name)
	}
	return strings.Join(names, " ")
}

func noArgsTool(context.Context, noArgs) (string, error) { return "", nil }
