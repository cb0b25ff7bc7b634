package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// Below the smallest layout the screen says so, within the window, and
// the layout comes back when the window grows.
func TestWindowTooSmallSaysSo(t *testing.T) {
	m, _ := newTestModel(t, 80, 24)
	for _, size := range [][2]int{{20, 6}, {39, 30}, {100, 11}, {12, 2}} {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		s := strings.TrimRight(screen(m), "\n")
		lines := strings.Split(s, "\n")
		if len(lines) > size[1] {
			t.Errorf("%dx%d: %d lines:\n%s", size[0], size[1], len(lines), s)
		}
		for _, l := range lines {
			if w := ansi.StringWidth(l); w > size[0] {
				t.Errorf("%dx%d: a line %d wide: %q", size[0], size[1], w, l)
			}
		}
		if size[1] >= 2 && size[0] >= 18 && !strings.Contains(strings.Join(strings.Fields(s), " "), "window too small (need 40×12)") {
			t.Errorf("%dx%d does not say the window is too small:\n%s", size[0], size[1], s)
		}
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	mustShow(t, m, "Tools 4", "search_books")
}
