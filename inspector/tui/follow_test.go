package tui

import (
	"strings"
	"testing"
)

// upperTitle is the title of the right-hand top box ("Tool" or "Form · x").
func upperTitle(m *Model) string {
	line := strings.Split(screen(m), "\n")[1]
	i := strings.LastIndex(line, "╭─ ")
	return strings.TrimRight(strings.TrimSpace(strings.Trim(line[i+len("╭─ "):], "─╮")), " ─")
}

func TestRightPaneFollowsSelectionAfterFormOpened(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "enter")
	typeText(m, "dune")
	press(m, "esc", "down")
	if got := upperTitle(m); got != "Tool" || !strings.Contains(screen(m), "Add a book to the catalog.") {
		t.Fatalf("after esc and down the right pane shows %q, want add_book's details:\n%s", got, screen(m))
	}
	press(m, "up") // back on the form's tool: the form, values intact
	if got := upperTitle(m); got != "Form · search_books" || formArgs(t, m)["query"] != "dune" {
		t.Fatalf("back on search_books the right pane shows %q, args %v", got, formArgs(t, m))
	}
	press(m, "/")
	typeText(m, "weath")
	if got := upperTitle(m); got != "Tool" || !strings.Contains(screen(m), "Get the weather for a city.") {
		t.Fatalf("while filtering the right pane shows %q, want get_weather's details:\n%s", got, screen(m))
	}
	press(m, "esc", "tab") // tab skips a form that is not shown
	if m.focus != focusOutput {
		t.Errorf("tab from the list went to %v, want output (the form shown is not search_books')", m.focus)
	}
}

// After a call, esc goes back to the form, and the list selects its tool.
func TestBackToFormSelectsItsTool(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "enter")
	typeText(m, "dune")
	press(m, "esc", "down", "down", "3", "esc")
	if m.focus != focusForm || selected(m) != "search_books" || upperTitle(m) != "Form · search_books" {
		t.Errorf("esc from the output: focus %v, selected %q, pane %q; want search_books' form", m.focus, selected(m), upperTitle(m))
	}
}
