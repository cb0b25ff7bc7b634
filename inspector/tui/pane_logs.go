package tui

import (
	"fmt"
	"strings"

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

func (p *logsPane) scroll(d int) {
	p.back = max(0, min(p.back-d, len(p.entries)-p.height))
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
	text := strings.ReplaceAll(termtext.Text(e.text), "\n", " ⏎ ")
	return ansi.Truncate(head+" "+text, p.width, "…")
}

func (p *logsPane) View() string {
	if len(p.entries) == 0 {
		return p.st.Dim.Render("Nothing logged yet: the server's stderr and its log notifications appear here.")
	}
	end := len(p.entries) - p.back
	start := max(0, end-p.height)
	lines := make([]string, 0, end-start)
	for _, e := range p.entries[start:end] {
		lines = append(lines, p.line(e))
	}
	return strings.Join(lines, "\n")
}
