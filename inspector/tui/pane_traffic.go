package tui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

const (
	maxTraffic     = 2000
	maxPrettyBytes = 256 * 1024 // larger messages are shown cut
)

// trafficPane lists every JSON-RPC message in both directions; the
// selected one is shown pretty-printed below the list. "/" searches: words
// of the raw text and method:, tool:, dir:, status:, id: terms
// (traffic_facts.go); n and N jump between matches.
type trafficPane struct {
	st            *Styles
	width, height int
	msgs          []trafficEvent
	cursor        int
	follow        bool // keep the newest selected
	detailOff     int  // scroll of the detail view

	search    textinput.Model
	searching bool
	outbox
}

func newTrafficPane(st *Styles) trafficPane {
	ti := textinput.New()
	ti.Prompt = "search: "
	return trafficPane{st: st, follow: true, search: ti}
}

func (p *trafficPane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.search.SetWidth(max(w-10, 1))
}

func (p *trafficPane) add(e trafficEvent) {
	p.msgs = append(p.msgs, e)
	if len(p.msgs) > maxTraffic {
		drop := len(p.msgs) - maxTraffic
		p.msgs = append(p.msgs[:0], p.msgs[drop:]...)
		p.cursor = max(0, p.cursor-drop)
	}
	if p.follow {
		p.cursor = len(p.msgs) - 1
		p.detailOff = 0
	}
}

func (p *trafficPane) move(d int) {
	if len(p.msgs) == 0 {
		return
	}
	p.cursor = max(0, min(p.cursor+d, len(p.msgs)-1))
	p.follow = p.cursor == len(p.msgs)-1
	p.detailOff = 0
}

// jump moves to the next (d=1) or previous (d=-1) message matching the search.
func (p *trafficPane) jump(d int) bool {
	q := parseTrafficQuery(p.search.Value())
	if q.empty() {
		return false
	}
	for i, n := p.cursor+d, 0; n < len(p.msgs); i, n = i+d, n+1 {
		i = (i + len(p.msgs)) % len(p.msgs)
		if p.matches(i, q) {
			p.cursor, p.detailOff = i, 0
			p.follow = i == len(p.msgs)-1
			return true
		}
	}
	return false
}

func (p *trafficPane) startSearch() tea.Cmd {
	p.searching = true
	return p.search.Focus()
}

func (p *trafficPane) stopSearch(clear bool) {
	p.searching = false
	p.search.Blur()
	if clear {
		p.search.SetValue("")
	}
}

func (p *trafficPane) typeSearch(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	p.search, cmd = p.search.Update(msg)
	return cmd
}

func (p *trafficPane) listHeight() int { return max(min(len(p.msgs), p.height/3), 1) }

func (p *trafficPane) View() string {
	st := p.st
	if len(p.msgs) == 0 {
		return st.Dim.Render("No traffic yet.")
	}
	var lines []string
	if p.searching || p.search.Value() != "" {
		lines = append(lines, ansi.Truncate(p.search.View(), p.width, "…"))
	}
	lh := p.listHeight()
	if len(p.msgs) > lh {
		lh++ // the scroll mark's row
	}
	lines = append(lines, window(len(p.msgs), p.cursor-lh/2, lh, p.width, p.row, messagesNoun)...)
	lines = append(lines, st.Section.Render(strings.Repeat("─", p.width)))
	rest := p.height - len(lines)
	lines = append(lines, p.detail(rest)...)
	return strings.Join(lines, "\n")
}

func (p *trafficPane) row(i int) string {
	st, e := p.st, p.msgs[i]
	arrow := st.Sent.Render("→")
	switch {
	case e.lines != nil:
		arrow = st.Dim.Render("⇄") // an HTTP exchange of the sign-in
	case e.dir == sdk.Received:
		arrow = st.Received.Render("←")
	}
	id := ""
	if e.id != "" {
		id = " #" + e.id
	}
	text := fmt.Sprintf("%s %s %s %s", e.at.Format("15:04:05.000"), arrow, termtext.Line(e.what+id), st.Dim.Render(fmt.Sprintf("%dB", e.size())))
	if q := parseTrafficQuery(p.search.Value()); !q.empty() && p.matches(i, q) {
		text += " " + st.Match.Render("●")
	}
	if i == p.cursor {
		text = st.ItemSelected.Render("┃ ") + text
	} else {
		text = "  " + text
	}
	return ansi.Truncate(text, p.width, "…")
}

func (p *trafficPane) detail(h int) []string {
	if h <= 0 || p.cursor >= len(p.msgs) {
		return nil
	}
	e := &p.msgs[p.cursor]
	size := e.size()
	var lines []string
	if ex := e.lines; ex != nil {
		lines = wrapEach(colorJSON(p.st, slices.Clone(ex)), max(p.width, 10))
	} else if size > maxPrettyBytes {
		lines = strings.Split(ansi.Hardwrap(termtext.Line(string(e.head(maxPrettyBytes))), max(p.width, 10), false), "\n")
		lines = append(lines, p.st.Dim.Render(fmt.Sprintf("… %d more bytes", size-maxPrettyBytes)))
	} else {
		lines = colorJSON(p.st, sanitizeLines(prettyLines(e.head(size))))
	}
	p.detailOff = clampOffset(p.detailOff, len(lines), h)
	return window(len(lines), p.detailOff, h, p.width, func(i int) string { return lines[i] }, linesNoun)
}

// wrapEach wraps each line at w columns (at any character: a URL or a
// header has few spaces), so that an HTTP exchange shows whole.
func wrapEach(lines []string, w int) []string {
	var out []string
	for _, l := range lines {
		out = append(out, strings.Split(ansi.Hardwrap(l, w, true), "\n")...)
	}
	return out
}
