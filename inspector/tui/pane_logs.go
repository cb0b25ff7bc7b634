package tui

import (
	"fmt"
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
	head := e.at.Format("15:04:05") + " " + lv.Render(fmt.Sprintf("%-7s", termtext.Line(e.level)))
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
	lines := strings.Split(ansi.Wrap(s, w, ""), "\n")
	if len(lines) > maxEntryLines {
		lines = append(lines[:maxEntryLines-1], p.st.Dim.Render("…"))
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "")
	}
	return lines
}

// View shows whole entries, wrapped, ending with the one p.back entries
// up from the newest (or, near the top, from the oldest down).
func (p *logsPane) View() string {
	if len(p.entries) == 0 {
		return p.st.Dim.Render("Nothing logged yet: the server's stderr and its log notifications appear here.")
	}
	end := len(p.entries) - p.back
	var lines []string
	for i := end - 1; i >= 0 && len(lines) < p.height; i-- {
		lines = append(p.wrapped(p.entries[i]), lines...)
	}
	if len(lines) > p.height {
		return strings.Join(lines[len(lines)-p.height:], "\n")
	}
	for i := end; i < len(p.entries) && len(lines) < p.height; i++ {
		lines = append(lines, p.wrapped(p.entries[i])...)
	}
	return strings.Join(lines[:min(len(lines), p.height)], "\n")
}
