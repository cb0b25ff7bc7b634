package tui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/sdk"
)

// A tool with lint findings has a badge with their count in the list, and
// its details list them (rule, place, message, fix); a clean tool has
// neither. The property name is the server's: shown harmless.
func TestToolLintBadgeAndDetails(t *testing.T) {
	st := NewStyles(true)
	tools := []sdk.ToolInfo{
		{Name: "clean", Description: "Finds a book by its title.", InputSchema: json.RawMessage(`{"type":"object","properties":{"t":{"type":"string","description":"The title."}}}`)},
		{Name: "sloppy", InputSchema: json.RawMessage(`{"type":"object","properties":{"q\u001b[2J":{"type":"string"}}}`)},
	}
	p := newToolsPane(&st)
	p.SetSize(60, 10)
	p.SetTools(tools)
	list := ansi.Strip(p.View())
	if !strings.Contains(list, "lint 2") {
		t.Errorf("the list has no badge \"lint 2\" for sloppy:\n%s", list)
	}
	if strings.Count(list, "lint ") != 1 {
		t.Errorf("the clean tool has a lint badge too:\n%s", list)
	}
	f := newFormPane(&st)
	f.SetSize(80, 40)
	raw := f.detail(tools[1], nil, p.Lint("sloppy"), nil)
	got := ansi.Strip(raw)
	for _, want := range []string{"lint 2", "Lint", "warning description-missing /description", "warning param-undescribed /inputSchema/properties/q␛[2J", "fix: describe"} {
		if !strings.Contains(got, want) {
			t.Errorf("details lack %q:\n%s", want, got)
		}
	}
	if strings.Contains(raw, "\x1b[2J") {
		t.Errorf("the server's escape sequence reached the screen: %q", raw)
	}
	if clean := ansi.Strip(f.detail(tools[0], nil, p.Lint("clean"), nil)); strings.Contains(clean, "Lint") {
		t.Errorf("a clean tool's details have a Lint section:\n%s", clean)
	}
}
