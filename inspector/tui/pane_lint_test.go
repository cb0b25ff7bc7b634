package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

// The Lint tab (5) reports the whole list: the count of findings under
// the spec's rules, every tool's findings under its name, what the list
// costs each client in tokens and its heaviest tools; it scrolls, and a
// server's text in it is shown harmless.
func TestLintTabReportsTheList(t *testing.T) {
	m, _ := newTestModel(t, 100, 40)
	tools := []sdk.ToolInfo{
		{Name: "clean", Description: "Finds a book by its title.", InputSchema: json.RawMessage(`{"type":"object","properties":{"t":{"type":"string","description":"The title."}}}`)},
		{Name: "sloppy\u202e", InputSchema: json.RawMessage(`{"type":"object","properties":{"q\u001b[2J":{"type":"string"}}}`)},
		{Name: "heavy", Description: strings.Repeat("Reads the whole shelf. ", 40), InputSchema: json.RawMessage(`{"type":"object","properties":{"x":{"type":"string"}}}`)},
	}
	m.Update(toolsMsg{gen: m.gen, tools: tools, costs: countTools(tools)})
	press(m, "5")
	if m.tab != tabLint {
		t.Fatalf("5 shows tab %v, want Lint", m.tab)
	}
	errs, warns := lint.Count(lint.Tools(tools, nil))
	total := tokens.List(tools, tokens.OpenAI).Total
	raw := screen(m)
	s := ansi.Strip(raw)
	for _, want := range []string{
		"5 Lint",
		fmt.Sprintf("3 tools · %s, %s", plural(errs, "error"), plural(warns, "warning")),
		"tokens  openai " + tokens.Grouped(total.Tokens),
		"heaviest  heavy ",
		"sloppy⟨U+202E⟩ lint 3",
		"error name-syntax /name",
		"warning param-undescribed /inputSchema/properties/q␛[2J",
		"  fix: describe the value the model should pass (a doc comment or",
		"   description tag on the field)",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the Lint tab lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "\nclean lint") {
		t.Errorf("a clean tool is listed:\n%s", s)
	}
	if strings.Contains(raw, "\x1b[2J") || strings.Contains(raw, "\u202e") {
		t.Errorf("the server's controls reached the screen: %q", raw)
	}

	// a short window scrolls the report
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 16})
	before := screen(m)
	press(m, "tab") // the output pane has the keys
	for m.focus != focusOutput {
		press(m, "tab")
	}
	press(m, "G")
	if after := screen(m); after == before || !strings.Contains(ansi.Strip(after), "heavy lint 1") {
		t.Errorf("G did not scroll to the end of the report:\n%s", after)
	}
}

// A list without findings says so.
func TestLintTabCleanList(t *testing.T) {
	m, _ := newTestModel(t, 100, 30)
	tools := []sdk.ToolInfo{{Name: "clean", Description: "Finds a book by its title.", InputSchema: json.RawMessage(`{"type":"object","properties":{"t":{"type":"string","description":"The title."}}}`)}}
	m.Update(toolsMsg{gen: m.gen, tools: tools, costs: countTools(tools)})
	press(m, "5")
	if s := ansi.Strip(screen(m)); !strings.Contains(s, "No findings: every tool passes the spec's rules.") {
		t.Errorf("the bookshop's Lint tab:\n%s", s)
	}
}

// The report is laid out once per list and width, and follows both: a
// new list (a reload) and a resize show in the open tab.
func TestLintTabFollowsTheListAndWidth(t *testing.T) {
	m, _ := newTestModel(t, 100, 30)
	one := []sdk.ToolInfo{{Name: "first", InputSchema: json.RawMessage(`{"type":"object"}`)}}
	m.Update(toolsMsg{gen: m.gen, tools: one, costs: countTools(one)})
	press(m, "5")
	if s := ansi.Strip(screen(m)); !strings.Contains(s, "first lint 1") {
		t.Fatalf("first list:\n%s", s)
	}
	two := []sdk.ToolInfo{{Name: "second", InputSchema: json.RawMessage(`{"type":"object"}`)}}
	m.Update(toolsMsg{gen: m.gen, tools: two, costs: countTools(two)})
	if s := ansi.Strip(screen(m)); !strings.Contains(s, "second lint 1") || strings.Contains(s, "first lint") {
		t.Errorf("after a new list the tab still shows the old one:\n%s", s)
	}
	m.Update(tea.WindowSizeMsg{Width: 60, Height: 30})
	for _, line := range strings.Split(screen(m), "\n") {
		if w := ansi.StringWidth(line); w > 60 {
			t.Errorf("after a resize to 60 columns a line is %d wide: %q", w, ansi.Strip(line))
		}
	}
}
