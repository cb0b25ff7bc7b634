package tui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// scroller shows a window of pre-laid-out lines. Unlike bubbles' viewport,
// setting content costs nothing per line (the viewport measures every line
// on SetContent: 350 ms for a 10 MiB result), so a huge result arrives and
// re-lays out without freezing the UI; View touches visible lines only.
type scroller struct {
	lines         []string
	offset        int
	width, height int
}

func (s *scroller) SetSize(w, h int) {
	s.width, s.height = w, h
	s.clamp()
}

func (s *scroller) SetLines(lines []string) {
	s.lines = lines
	s.clamp()
}

func (s *scroller) Scroll(d int) {
	s.offset += d
	s.clamp()
}

func (s *scroller) Top() { s.offset = 0 }

func (s *scroller) clamp() {
	s.offset = max(0, min(s.offset, len(s.lines)-s.height))
}

func (s *scroller) View() string {
	end := min(s.offset+s.height, len(s.lines))
	out := make([]string, 0, end-s.offset+1)
	for _, l := range s.lines[s.offset:end] {
		out = append(out, ansi.Truncate(l, s.width, "…"))
	}
	if len(s.lines) > s.height && s.height > 0 {
		pct := 100 * end / len(s.lines)
		last := len(out) - 1
		tag := ansi.Truncate(ansiDim(" "+itoa(end)+"/"+itoa(len(s.lines))+" · "+itoa(pct)+"%"), s.width, "")
		out[last] = ansi.Truncate(out[last], max(s.width-ansi.StringWidth(tag), 0), "…")
		pad := max(s.width-ansi.StringWidth(out[last])-ansi.StringWidth(tag), 0)
		out[last] += strings.Repeat(" ", pad) + tag
	}
	return strings.Join(out, "\n")
}

func itoa(n int) string { return strconv.Itoa(n) }

// ansiDim is the scroll position's look: faint, whatever the palette.
func ansiDim(s string) string { return "\x1b[2m" + s + "\x1b[22m" }
