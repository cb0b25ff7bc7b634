package tui

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/internal/termtext"
)

const maxLogLines = 5000

// logsPane shows the server's stderr and its notifications/message, newest
// at the bottom; it follows the tail unless scrolled up.
type logsPane struct {
	st            *Styles
	width, height int
	entries       []logEvent
	back          int // lines scrolled up from the bottom
	unread        int // entries arrived while another tab was shown
	outbox
}

func (p *logsPane) SetSize(w, h int) { p.width, p.height = w, h }

func (p *logsPane) add(e logEvent) {
	p.entries = append(p.entries, e)
	if len(p.entries) > maxLogLines {
		p.entries = append(p.entries[:0], p.entries[len(p.entries)-maxLogLines:]...)
	}
	if p.back > 0 {
		p.back++
	}
	p.unread++
}

// scroll moves by d entries; the oldest entry can come to the bottom.
func (p *logsPane) scroll(d int) {
	p.back = max(0, min(p.back-d, len(p.entries)-1))
}

func (p *logsPane) line(e logEvent) string {
	st := p.st
	lv, ok := st.Level[e.level]
	if !ok {
		lv = st.Dim
	}
	head := e.at.Format("15:04:05") + " " + lv.Render(pad(termtext.Line(e.level), 7)) // by width: the level is the server's
	if e.logger != "" {
		head += " " + st.Dim.Render(termtext.Line(e.logger)+":")
	}
	text := strings.ReplaceAll(termtext.Text(headBytes(e.text, 4*maxEntryLines*max(p.width, 1))), "\n", " ⏎ ")
	return head + " " + text
}

// headBytes is about the first n bytes of s, cut at a rune boundary: more
// than a wrapped entry can show, without sanitizing megabytes per frame.
func headBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// maxEntryLines bounds the screen lines one entry wraps to (a megabyte of
// stderr in one line must not cost a megabyte of wrapping per frame).
const maxEntryLines = 50

// wrapped is entry e as screen lines: the whole line, wrapped to the
// pane's width.
func (p *logsPane) wrapped(e logEvent) []string {
	w := max(p.width, 4)
	s := p.line(e)
	if limit := maxEntryLines * w; len(s) > limit {
		s = ansi.Truncate(s, limit, "…")
	}
	lines := strings.Split(wrapWords(s, w), "\n") // paths in stderr stay whole
	if len(lines) > maxEntryLines {
		lines = append(lines[:maxEntryLines-1], p.st.Dim.Render("…"))
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "")
	}
	return lines
}

// View shows whole entries, wrapped, ending with the one p.back entries
// up from the newest (or, near the top, from the oldest down); when they
// do not all fit, the last row is the scroll mark (entries above, below).
func (p *logsPane) View() string {
	if len(p.entries) == 0 {
		return p.st.Dim.Render("Nothing logged yet: the server's stderr and its log notifications appear here.")
	}
	lines, above, below := p.fill(p.height)
	if above+below > 0 && p.height > 1 {
		lines, above, below = p.fill(p.height - 1)
		lines = append(lines, scrollMark(above, below, p.width, entriesNoun))
	}
	return strings.Join(lines, "\n")
}

// fill lays out up to h rows of entries as View shows them, and counts
// the entries left out above (one whose top is cut counts) and below.
func (p *logsPane) fill(h int) (lines []string, above, below int) {
	end := len(p.entries) - p.back
	first := end
	for first > 0 && len(lines) < h {
		first--
		lines = append(p.wrapped(p.entries[first]), lines...)
	}
	if len(lines) > h {
		return lines[len(lines)-h:], first + 1, len(p.entries) - end
	}
	for end < len(p.entries) && len(lines) < h {
		lines = append(lines, p.wrapped(p.entries[end])...)
		end++
	}
	if len(lines) > h {
		return lines[:h], first, len(p.entries) - end + 1
	}
	return lines, first, len(p.entries) - end
}
