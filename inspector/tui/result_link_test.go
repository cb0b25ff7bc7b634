package tui

import (
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// linksResult is a tool result with two resource links far apart.
func linksResult() *sdk.CallToolResult {
	filler := sdk.Text(strings.TrimSuffix(strings.Repeat("a line of the result\n", 60), "\n"))
	return &sdk.CallToolResult{Content: []sdk.Content{
		filler, sdk.ResourceLink("shop://logo", "The logo"),
		filler, sdk.ResourceLink("shop://catalog", "The catalog"),
	}}
}

// o reads a resource link of a tool's result: the first one on screen
// (or the nearest above it, or the first), as a read from the resources
// view would; esc goes back to the form.
func TestResultLinkIsReadWithO(t *testing.T) {
	m, _ := newShopModel(t, 120, 40, sdk.Version2026, nil)
	callWith := func(res *sdk.CallToolResult) {
		t.Helper()
		press(m, "enter")
		typeText(m, "dune")
		press(m, "ctrl+r")
		if m.call == nil {
			t.Fatal("no call started")
		}
		m.Update(callDoneMsg{gen: m.gen, id: m.call.id, res: res})
	}
	callWith(linksResult())
	mustShow(t, m, "o read link")
	press(m, "o")
	mustShow(t, m, "✓ ok · read shop://logo", "shop://logo · text/plain · 8 B")
	press(m, "esc")
	if m.focus != focusForm {
		t.Fatalf("esc after the link's read went to %s", m.focus)
	}
	callWith(linksResult())
	press(m, "G", "o")
	mustShow(t, m, "✓ ok · read shop://catalog", `"title": "Dune Messiah"`)
}
