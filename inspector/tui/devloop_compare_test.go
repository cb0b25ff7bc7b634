package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/devloop"
	"github.com/mcpdev/mcpdev/sdk"
)

// rerunCompare calls search_books with re-run on save on, answering
// before; restarts; and answers the re-run after.
func rerunCompare(t *testing.T, m *Model, before, after string) {
	t.Helper()
	text := func(s string) *sdk.CallToolResult {
		return &sdk.CallToolResult{Content: []sdk.Content{{Type: "text", Text: s}}}
	}
	m.Update(devStartedMsg{})
	press(m, "a", "enter")
	typeText(m, "dune")
	press(m, "ctrl+r")
	m.Update(callDoneMsg{gen: m.gen, id: m.call.id, res: text(before)})
	m.Update(devEventMsg{ev: devloop.Event{Kind: devloop.Ready}})
	restartWith(t, m, testBookshop().Tools())
	if m.call == nil {
		t.Fatal("the last call was not re-run after the restart")
	}
	m.Update(callDoneMsg{gen: m.gen, id: m.call.id, res: text(after)})
}

// A line longer than its column wraps in it, so a change at its end
// shows on both sides; the columns stay aligned.
func TestDevCompareWrapsLongLines(t *testing.T) {
	m, _ := newTestModel(t, 100, 40)
	long := "Found 3 books matching 'dune' in science fiction and fantasy, sorted by year (showing up to "
	rerunCompare(t, m, long+"5).\nsame line", long+"10).\nsame line")
	s := screen(m)
	for _, want := range []string{"5).", "10)."} {
		if !strings.Contains(s, want) {
			t.Errorf("the change at the line's end (%q) is not shown:\n%s", want, s)
		}
	}
	bar, in := 0, false
	for _, l := range strings.Split(s, "\n") {
		in = in || strings.Contains(l, " │ after")
		if !in || !strings.Contains(l, " │ ") {
			continue
		}
		if strings.Contains(l, "…") {
			t.Errorf("a line is cut: %q", l)
		}
		if col := ansi.StringWidth(l[:strings.Index(l, " │ ")]); bar == 0 {
			bar = col
		} else if col != bar {
			t.Errorf("the columns' divider moved from %d to %d: %q", bar, col, l)
		}
	}
}
