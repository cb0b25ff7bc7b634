package tui

import (
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// esc from a read's Result goes back to the list, as it goes back to the
// form from a tool's result.
func TestSectionEscFromResultGoesBack(t *testing.T) {
	m, _ := newShopModel(t, 120, 40, sdk.Version2026, nil)
	press(m, "r", "enter")
	mustShow(t, m, "✓ ok · read shop://catalog", "esc back to list")
	press(m, "esc")
	if m.focus != focusTools {
		t.Fatalf("esc from the Result left the focus on %s", m.focus)
	}
	press(m, "down", "down", "enter")
	typeText(m, "9780441172719")
	press(m, "enter")
	mustShow(t, m, "✓ ok · read shop://books/9780441172719", "esc back to form")
	press(m, "esc")
	if m.focus != focusForm {
		t.Fatalf("esc from a template's Result left the focus on %s, want the form", m.focus)
	}
}

// shift+tab from a read's Result goes to the list, not to a template's
// form left open earlier (the upper box shows the selected resource).
func TestSectionShiftTabSkipsAnotherItemsForm(t *testing.T) {
	m, _ := newShopModel(t, 120, 40, sdk.Version2026, nil)
	press(m, "r", "down", "down", "enter")
	mustShow(t, m, "Form · A book by ISBN")
	press(m, "esc", "up", "up", "enter")
	mustShow(t, m, "✓ ok · read shop://catalog")
	press(m, "shift+tab")
	if m.focus != focusTools {
		t.Errorf("shift+tab from the Result went to %s, want the list", m.focus)
	}
	press(m, "tab")
	if m.focus != focusOutput {
		t.Errorf("tab from the list went to %s, want the Result", m.focus)
	}
	press(m, "shift+tab", "down", "down", "tab")
	if m.focus != focusForm {
		t.Errorf("with the template selected, tab from the list went to %s, want its form", m.focus)
	}
}
