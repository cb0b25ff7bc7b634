package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/inspector/target"
)

// In a form, ? is typed into the field; f1 opens the full help there, and
// the help line says so. The field keeps what was typed.
func TestHelpReachableFromForm(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "enter")
	typeText(m, "?")
	if m.focus != focusForm || m.help.ShowAll {
		t.Fatalf("? in a text field: focus %v, full help %v", m.focus, m.help.ShowAll)
	}
	if last := lastLine(screen(m)); !strings.Contains(last, "f1 more keys") {
		t.Errorf("the form's help line does not offer f1: %q", last)
	}
	f1 := tea.KeyPressMsg{Code: tea.KeyF1}
	m.Update(f1)
	if !m.help.ShowAll || m.focus != focusForm {
		t.Fatalf("f1 in a form: full help %v, focus %v", m.help.ShowAll, m.focus)
	}
	if s := screen(m); !strings.Contains(s, "JSON mode") || !strings.Contains(s, "f1") || !strings.Contains(s, "close help") {
		t.Errorf("full help of the form:\n%s", s)
	}
	if got := formArgs(t, m)["query"]; got != "?" {
		t.Errorf("query = %v, want the typed ?", got)
	}
	m.Update(f1)
	if m.help.ShowAll {
		t.Errorf("f1 again did not close the help")
	}
}

// w before any call says why nothing was written, instead of nothing.
func TestRecordKeyWithoutCallsSaysWhy(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	m.dev.opts.Target = &target.Target{Kind: target.KindCommand, Name: "srv", Command: "srv"}
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40}) // keys sync at the end of Update
	press(m, "w")
	if last := lastLine(screen(m)); !strings.Contains(last, "nothing to write yet") || !strings.Contains(last, "call a tool first") {
		t.Errorf("status line after w with no calls: %q", last)
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}
