package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/sdk"
)

// A tool with lists, for the form's list keys.
var tagsTool = sdk.ToolInfo{
	Name:        "tag_books",
	Description: "Tag books.",
	InputSchema: json.RawMessage(`{"type":"object","properties":{"note":{"type":"string"},` +
		`"tags":{"type":"array","items":{"type":"string"}}},"required":["tags"]}`),
}

// withTagsTool adds tagsTool to the list and selects it.
func withTagsTool(m *Model) {
	m.Update(toolsMsg{gen: m.gen, tools: append(m.tools.tools, tagsTool)})
	press(m, "G")
}

// helpLines is the help bar: the lines under the body's bottom border.
func helpLines(m *Model) []string {
	lines := strings.Split(strings.TrimSuffix(screen(m), "\n"), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], "╰") {
			return lines[i+1:]
		}
	}
	return nil
}

// enabledHelp lists "key desc" of every binding that should be shown.
func enabledHelp(groups [][]key.Binding) []string {
	var out []string
	for _, g := range groups {
		for _, b := range g {
			if b.Enabled() && b.Help().Key != "?" { // its text changes with the page
				out = append(out, b.Help().Key+" "+b.Help().Desc)
			}
		}
	}
	return out
}

// collapse squeezes runs of spaces, so "R   restart" matches "R restart".
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// fullHelpText opens the full help and turns every page, returning all
// the help lines seen (the help is closed again afterwards).
func fullHelpText(t *testing.T, m *Model) (text []string, pages int) {
	t.Helper()
	press(m, "?")
	for pages = 1; m.help.ShowAll; pages++ {
		if pages > 20 {
			t.Fatal("? never closes the help")
		}
		text = append(text, helpLines(m)...)
		press(m, "?")
	}
	return text, pages - 1
}

func TestFullHelpShowsEveryKeyAtEverySize(t *testing.T) {
	states := map[string]func(m *Model){
		"tools": func(m *Model) {},
		"result": func(m *Model) {
			press(m, "enter")
			typeText(m, "dune")
			press(m, "ctrl+r")
			finishCall(m, &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("ok")}}, nil, time.Millisecond)
		},
		"history": func(m *Model) {
			press(m, "enter")
			typeText(m, "dune")
			press(m, "ctrl+r")
			finishCall(m, &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("ok")}}, nil, time.Millisecond)
			press(m, "4")
		},
	}
	for name, setup := range states {
		for _, sz := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {160, 48}, {200, 60}, {60, 16}} {
			t.Run(fmt.Sprintf("%s_%dx%d", name, sz[0], sz[1]), func(t *testing.T) {
				m, _ := newTestModel(t, sz[0], sz[1])
				setup(m)
				m.help.ShowAll = true
				want := enabledHelp(m.currentHelp().full)
				m.help.ShowAll = false
				text, pages := fullHelpText(t, m)
				all := collapse(strings.Join(text, "\n"))
				for _, w := range want {
					if !strings.Contains(all, collapse(w)) {
						t.Errorf("the full help (%d pages) lacks %q:\n%s", pages, w, strings.Join(text, "\n"))
					}
				}
				for _, l := range text {
					if strings.HasSuffix(l, "…") {
						t.Errorf("help line cut: %q", l)
					}
				}
				if sz[1] >= 24 && pages != 1 {
					t.Errorf("%d pages at %dx%d, want the full help on one page", pages, sz[0], sz[1])
				}
			})
		}
	}
}

func TestFullHelpPagesWhenItCannotFit(t *testing.T) {
	m, _ := newTestModel(t, 40, 12)
	text, pages := fullHelpText(t, m)
	if pages < 2 {
		t.Fatalf("%d page(s) at 40x12, want several:\n%s", pages, strings.Join(text, "\n"))
	}
	if !strings.Contains(strings.Join(text, "\n"), fmt.Sprintf("page %d/%d · ? close help", pages, pages)) {
		t.Errorf("the last page does not say that ? closes it:\n%s", strings.Join(text, "\n"))
	}
	if s := screen(m); len(strings.Split(strings.TrimSuffix(s, "\n"), "\n")) != 12 {
		t.Errorf("screen is not 12 lines after paging:\n%s", s)
	}
}

// The short help is whole entries only, and always offers the full help.
func TestShortHelpFitsWithWholeEntries(t *testing.T) {
	for w := 40; w <= 200; w += 7 {
		m, _ := newTestModel(t, w, 24)
		for _, state := range []string{"tools", "form", "output"} {
			switch state {
			case "form":
				press(m, "enter")
			case "output":
				press(m, "esc", "2")
			}
			line := helpLines(m)[0]
			if ansi.StringWidth(line) > w || strings.Contains(line, "…") {
				t.Errorf("%s at width %d: footer cut: %q", state, w, line)
			}
			hk := m.currentHelp()
			known := append(enabledHelp([][]key.Binding{hk.short}), hk.more.Help().Key+" "+hk.more.Help().Desc)
			for _, entry := range strings.Split(strings.TrimSpace(line), " • ") {
				if !containsString(known, entry) {
					t.Errorf("%s at width %d: %q is not a whole entry of %q", state, w, entry, known)
				}
			}
			if state != "form" && !strings.HasSuffix(line, "? more keys") {
				t.Errorf("%s at width %d: no way to the full help: %q", state, w, line)
			}
		}
	}
}

func containsString(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

func TestFormFooterShowsListKeys(t *testing.T) {
	m, _ := newTestModel(t, 80, 24)
	withTagsTool(m)
	press(m, "enter")
	footer := func() string { return helpLines(m)[0] }
	if f := footer(); strings.Contains(f, "ctrl+n") || strings.Contains(f, "ctrl+x") {
		t.Errorf("on the note field the footer offers list keys: %q", f)
	}
	press(m, "tab") // the list's add button
	if f := footer(); !strings.Contains(f, "ctrl+n add item") || strings.Contains(f, "ctrl+x") {
		t.Errorf("on the add button: footer %q, want ctrl+n and not ctrl+x", f)
	}
	press(m, "ctrl+n") // a new item, focused
	if f := footer(); !strings.Contains(f, "ctrl+n add item") || !strings.Contains(f, "ctrl+x remove item") {
		t.Errorf("on an item: footer %q, want ctrl+n and ctrl+x", f)
	}
	if f := footer(); !strings.Contains(f, "esc back to tools") || !strings.Contains(f, "ctrl+r submit") {
		t.Errorf("footer %q lost submit or esc", f)
	}
}

// Golden screens of the help: the full help and the footers, at 80×24
// and 120×40 (go test ./inspector/tui -run TestGoldenHelp -update).
func TestGoldenHelp(t *testing.T) {
	screens := []struct {
		name  string
		setup func(m *Model)
	}{
		{"help_tools", func(m *Model) { press(m, "?") }},
		{"help_result", func(m *Model) {
			press(m, "enter")
			typeText(m, "dune")
			press(m, "ctrl+r")
			finishCall(m, &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("Found 3 books.")}}, nil, time.Millisecond)
			press(m, "?")
		}},
		{"help_form", func(m *Model) {
			press(m, "?", "enter")
		}},
		{"footer_form_list", func(m *Model) {
			withTagsTool(m)
			press(m, "enter", "tab", "ctrl+n")
			typeText(m, "sf")
		}},
		{"footer_history", func(m *Model) {
			press(m, "enter")
			typeText(m, "dune")
			press(m, "ctrl+r")
			finishCall(m, &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("Found 3 books.")}}, nil, time.Millisecond)
			press(m, "4")
		}},
	}
	for _, sc := range screens {
		for _, sz := range goldenSizes {
			name := fmt.Sprintf("%s_%dx%d", sc.name, sz[0], sz[1])
			t.Run(name, func(t *testing.T) {
				m, _ := newTestModel(t, sz[0], sz[1])
				sc.setup(m)
				got := screen(m)
				lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
				if len(lines) != sz[1] {
					t.Errorf("%d lines, want %d", len(lines), sz[1])
				}
				for i, l := range lines {
					if w := ansi.StringWidth(l); w > sz[0] {
						t.Errorf("line %d is %d wide, more than %d", i+1, w, sz[0])
					}
				}
				golden(t, name, got)
			})
		}
	}
}
