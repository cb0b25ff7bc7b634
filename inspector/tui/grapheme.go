package tui

import (
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// Every width on the screen is measured by grapheme cluster: lipgloss's
// boxes, ansi.Truncate and ansi.Wrap, wrapWords. The renderer must count
// the same way. Left to itself it does only when the terminal answers the
// query for mode 2027 (grapheme clustering), and otherwise counts code
// points (wcwidth): a ZWJ sequence such as 👩‍👩‍👧‍👦 is then 8 cells to it
// and 2 to the layout, so the row overflows the screen and loses the
// pane's right border. graphemeWidth tells the program what such a
// terminal would have answered: the renderer measures by grapheme
// cluster and turns mode 2027 on (a terminal that lacks it ignores it,
// and draws most sequences in 2 cells as the layout does).
func graphemeWidth() tea.Msg {
	return tea.ModeReportMsg{Mode: ansi.ModeUnicodeCore, Value: ansi.ModeSet}
}
