package tui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/internal/scrollmark"
)

// scroller shows a window of pre-laid-out lines. Unlike bubbles' viewport,
// setting content costs nothing per line (the viewport measures every line
// on SetContent: 350 ms for a 10 MiB result), so a huge result arrives and
// re-lays out without freezing the UI; View touches visible lines only.
// Content taller than the window ends with a scroll mark (scrollMark).
type scroller struct {
	lines         []string
	doc           *rowDoc // the content instead of lines, when set
	offset        int
	width, height int
}

func (s *scroller) SetSize(w, h int) {
	s.width, s.height = w, h
	s.clamp()
}

func (s *scroller) SetLines(lines []string) {
	s.lines, s.doc = lines, nil
	s.clamp()
}

// SetDoc shows d, whose rows are laid out as they are shown.
func (s *scroller) SetDoc(d *rowDoc) {
	s.lines, s.doc = nil, d
	s.clamp()
}

// rows is the number of rows of the content.
func (s *scroller) rows() int {
	if s.doc != nil {
		return s.doc.Len()
	}
	return len(s.lines)
}

func (s *scroller) row(i int) string {
	if s.doc != nil {
		return s.doc.Row(i)
	}
	return s.lines[i]
}

func (s *scroller) Scroll(d int) {
	s.offset += d
	s.clamp()
}

func (s *scroller) Top() { s.offset = 0 }

func (s *scroller) clamp() { s.offset = clampOffset(s.offset, s.rows(), s.height) }

func (s *scroller) View() string {
	return strings.Join(window(s.rows(), s.offset, s.height, s.width, s.row, linesNoun), "\n")
}

// The scroll mark: a pane whose height cuts its content (the result, a
// read, a prompt's messages, the traffic detail, the history, the logs,
// a server's long question, the traffic list, the tools, resources and
// prompts lists, a tool's details; the forms package's forms too) gives
// its last row to a faint line saying how much is above and below what
// it shows, in what the pane lists: "↓ 12 more lines", "↑ 3 above · ↓ 9
// more calls", "↑ 5 entries above". Its wording lives in scrollmark.

// noun is what a pane scrolls.
type noun = scrollmark.Noun

var (
	linesNoun    = scrollmark.Lines
	callsNoun    = noun{One: "call", Many: "calls"}
	entriesNoun  = noun{One: "entry", Many: "entries"}
	messagesNoun = noun{One: "message", Many: "messages"}
	toolsNoun    = noun{One: "tool", Many: "tools"}
)

// shownRows is how many of a pane's h rows show n items of one row each:
// all of them, or one fewer when they do not fit (the scroll mark's row).
func shownRows(n, h int) int {
	if n > h && h > 1 {
		return h - 1
	}
	return h
}

// shownItems is how many of n items of per rows each a pane h rows tall
// shows: as many as fit, and when they do not all fit, as many as fit
// above the scroll mark's row.
func shownItems(n, h, per int) int {
	if n*per > h {
		h--
	}
	return max(h/per, 1)
}

// clampOffset keeps the first item shown within what can be scrolled to.
func clampOffset(off, n, h int) int { return max(0, min(off, n-shownRows(n, h))) }

// window is the rows of a pane h rows tall and w wide showing n items of
// one row each from off (clamped): each row(i) cut at w with "…", then
// the scroll mark when the items do not all fit.
func window(n, off, h, w int, row func(int) string, what noun) []string {
	if h <= 0 {
		return nil
	}
	rows := shownRows(n, h)
	off = clampOffset(off, n, h)
	end := min(off+rows, n)
	out := make([]string, 0, h)
	for i := off; i < end; i++ {
		out = append(out, ansi.Truncate(row(i), w, "…"))
	}
	if rows < h {
		out = append(out, scrollMark(off, n-end, w, what))
	}
	return out
}

// scrollMark is the faint row saying that above items are above the pane
// and below more below it, cut at w.
var scrollMark = scrollmark.Row

func itoa(n int) string { return strconv.Itoa(n) }
