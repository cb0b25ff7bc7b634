package tui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/proxy"
	"github.com/mcpdev/mcpdev/internal/termtext"
)

// attachCallsPane lists one session's messages (those the filter lets
// through), each request with its answer's latency, in flight or hung;
// the selected message is shown pretty-printed below the list.
type attachCallsPane struct {
	st            *Styles
	width, height int
	s             *attachSession
	now           time.Time
	hung          time.Duration
	visible       []int // indexes into s.msgs passing the filter
	cursor        int   // into visible
	follow        bool  // keep the newest selected
	detailOff     int

	filter    textinput.Model
	filtering bool
	query     trafficQuery
	outbox
}

// The messages the attach panes send the root.
type (
	writeTestMsg   struct{} // write a test from the session shown
	showSessionMsg struct{} // give the keys to the session's messages
)

func newAttachCallsPane(st *Styles) attachCallsPane {
	ti := textinput.New()
	ti.Prompt = "filter: "
	ti.Placeholder = "method: tool: dir: status: id: or text"
	return attachCallsPane{st: st, follow: true, filter: ti}
}

func (p *attachCallsPane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.filter.SetWidth(max(w-10, 1))
}

// show sets the session shown (nil: none) and the time now.
func (p *attachCallsPane) show(s *attachSession, now time.Time, hung time.Duration) {
	if s != p.s {
		p.cursor, p.follow, p.detailOff = 0, true, 0
	}
	p.s, p.now, p.hung = s, now, hung
	p.apply()
}

// apply recomputes the visible messages, keeping the selected one.
func (p *attachCallsPane) apply() {
	sel := p.selectedIndex()
	p.visible = p.visible[:0]
	if p.s == nil {
		return
	}
	for i := range p.s.msgs {
		if p.query.empty() || p.query.match(p.s.facts(i, p.now, p.hung)) {
			p.visible = append(p.visible, i)
		}
	}
	switch {
	case p.follow:
		p.cursor = max(len(p.visible)-1, 0)
	default:
		p.cursor = 0
		for j, i := range p.visible {
			if i <= sel {
				p.cursor = j
			}
		}
	}
}

// selectedIndex is the index in s.msgs of the selected message, -1 for none.
func (p *attachCallsPane) selectedIndex() int {
	if p.s == nil || p.cursor >= len(p.visible) {
		return -1
	}
	return p.visible[p.cursor]
}

func (p *attachCallsPane) move(d int) {
	if len(p.visible) == 0 {
		return
	}
	p.cursor = max(0, min(p.cursor+d, len(p.visible)-1))
	p.follow = p.cursor == len(p.visible)-1
	p.detailOff = 0
}

// HandleKey moves, filters, copies the selected call as a command and
// asks for a test of the session.
func (p *attachCallsPane) HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	if p.filtering {
		return p.filterKey(k, km)
	}
	switch {
	case key.Matches(k, km.Filter):
		p.filtering = true
		return p.filter.Focus()
	case key.Matches(k, km.ClearFilter):
		p.setFilter("")
	case key.Matches(k, km.Copy):
		p.send(copyCallMsg{})
	case key.Matches(k, km.Record):
		p.send(writeTestMsg{})
	default:
		if d := scrollAmount(k, km, p.listHeight()); d != 0 {
			p.move(d)
		}
	}
	return nil
}

// filterKey: enter keeps the filter, esc drops it, the rest is typed.
func (p *attachCallsPane) filterKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	switch {
	case key.Matches(k, km.AcceptSearch):
		p.filtering = false
		p.filter.Blur()
		return nil
	case key.Matches(k, km.ClearFilter):
		p.filtering = false
		p.filter.Blur()
		p.setFilter("")
		return nil
	}
	var cmd tea.Cmd
	p.filter, cmd = p.filter.Update(k)
	p.query = parseTrafficQuery(p.filter.Value())
	p.apply()
	return cmd
}

func (p *attachCallsPane) setFilter(s string) {
	p.filter.SetValue(s)
	p.query = parseTrafficQuery(s)
	p.apply()
}

func (p *attachCallsPane) typing() bool { return p.filtering }

// bindKeys: move, filter, copy a tools/call, write a test.
func (p *attachCallsPane) bindKeys(km *KeyMap, s keyState) {
	if p.filtering {
		enable(&km.AcceptSearch, &km.ClearFilter)
		return
	}
	enable(km.scrollKeys()...)
	enable(&km.Filter, &km.Record)
	km.ClearFilter.SetEnabled(p.filter.Value() != "")
	km.Copy.SetEnabled(p.canCopy())
}

func (p *attachCallsPane) shortHelp(km *KeyMap) []key.Binding {
	if p.filtering {
		return []key.Binding{km.AcceptSearch, km.ClearFilter}
	}
	return []key.Binding{km.Filter, km.ClearFilter, km.Copy, km.Record, km.Up}
}

// canCopy: the selected message is a tools/call or its answer.
func (p *attachCallsPane) canCopy() bool {
	i := p.selectedIndex()
	if i < 0 {
		return false
	}
	_, ok := proxy.ToolCall(p.s.msgs, i)
	return ok
}

func (p *attachCallsPane) listHeight() int { return max(min(len(p.visible), p.height/2), 1) }

func (p *attachCallsPane) View() string {
	st := p.st
	var lines []string
	if p.filtering || p.filter.Value() != "" {
		lines = append(lines, ansi.Truncate(p.filter.View(), p.width, "…"))
	}
	switch {
	case p.s == nil:
		return strings.Join(append(lines, st.Dim.Render("No session yet: start a client whose server command is mcpdev proxy -- CMD.")), "\n")
	case len(p.visible) == 0 && len(p.s.msgs) > 0:
		return strings.Join(append(lines, st.Dim.Render("No message matches the filter.")), "\n")
	case len(p.visible) == 0:
		return strings.Join(append(lines, st.Dim.Render("No traffic yet.")), "\n")
	}
	lh := p.listHeight()
	if len(p.visible) > lh {
		lh++
	}
	lines = append(lines, window(len(p.visible), p.cursor-lh/2, lh, p.width, p.row, messagesNoun)...)
	lines = append(lines, st.Section.Render(strings.Repeat("─", p.width)))
	return strings.Join(append(lines, p.detail(p.height-len(lines))...), "\n")
}

var attachArrows = map[proxy.Direction]string{proxy.ClientToServer: "→", proxy.ServerToClient: "←", proxy.ServerStderr: "!"}

// row is one message: time, direction, what it is, its id, and how its
// call stands.
func (p *attachCallsPane) row(j int) string {
	st, s := p.st, p.s
	i := p.visible[j]
	m := s.msgs[i]
	arrow := st.Sent.Render(attachArrows[m.Dir])
	if m.Dir != proxy.ClientToServer {
		arrow = st.Received.Render(attachArrows[m.Dir])
	}
	what := string(m.Kind)
	if m.Method != "" {
		what = m.Method
		if m.Kind == proxy.KindResult || m.Kind == proxy.KindError {
			what = string(m.Kind) + " " + m.Method
		}
	}
	if t := s.tools[i]; t != "" {
		what += " " + t
	}
	if m.ID != "" {
		what += " #" + m.ID
	}
	if h := m.HTTP; h != nil && h.Method != "" {
		what = h.Method + " " + h.Path + " " + what
	} else if h != nil && h.Status != 0 {
		what = fmt.Sprintf("HTTP %d %s", h.Status, what)
	}
	if m.Kind == proxy.KindStderr || m.Kind == proxy.KindMalformed {
		what += " " + termtext.Clip(string(m.Raw), 200)
	}
	text := fmt.Sprintf("%s %s %s%s", m.Time.Format("15:04:05.000"), arrow, termtext.Line(termtext.Clip(what, 300)), p.mark(i))
	if j == p.cursor {
		return st.ItemSelected.Render("┃ ") + text
	}
	return "  " + text
}

// mark says how msgs[i]'s call stands: its latency, in flight, hung; a
// round that continues an earlier request; stray or malformed output.
func (p *attachCallsPane) mark(i int) string {
	st, s := p.st, p.s
	m := s.msgs[i]
	var out string
	switch s.state(i, p.now, p.hung) {
	case callAnswered:
		out = " " + st.Dim.Render(s.msgs[m.Partner].Latency.Round(100*time.Microsecond).String())
	case callInFlight:
		out = " " + st.StateBusy.Render(fmt.Sprintf("in flight %s", p.now.Sub(m.Time).Truncate(time.Second)))
	case callHung:
		out = " " + st.StateBad.Render(fmt.Sprintf("HUNG: no answer for %s", p.now.Sub(m.Time).Truncate(time.Second)))
	case callUnanswered:
		out = " " + st.StateBad.Render("no answer")
	}
	if (m.Kind == proxy.KindResult || m.Kind == proxy.KindError) && m.Partner < 0 {
		out += " " + st.StateBad.Render("no request with this id")
	}
	if prev, ok := s.rounds[i]; ok {
		out += " " + lipgloss.NewStyle().Foreground(st.Info).Render(fmt.Sprintf("↻ continues #%s", termtext.Line(s.msgs[prev].ID)))
	}
	switch {
	case m.Kind == proxy.KindMalformed && m.Dir == proxy.ServerToClient:
		out += " " + st.StateBad.Render("stray stdout")
	case m.Kind == proxy.KindMalformed:
		out += " " + st.StateBad.Render("not JSON-RPC")
	}
	return out
}

// detail is the selected message, pretty-printed.
func (p *attachCallsPane) detail(h int) []string {
	i := p.selectedIndex()
	if h <= 0 || i < 0 {
		return nil
	}
	raw := p.s.msgs[i].Raw
	var lines []string
	if len(raw) > maxPrettyBytes {
		lines = strings.Split(ansi.Hardwrap(termtext.Line(string(raw[:maxPrettyBytes])), max(p.width, 10), false), "\n")
		lines = append(lines, p.st.Dim.Render(fmt.Sprintf("… %d more bytes", len(raw)-maxPrettyBytes)))
	} else {
		lines = colorJSON(p.st, sanitizeLines(prettyLines(raw)))
	}
	p.detailOff = clampOffset(p.detailOff, len(lines), h)
	return window(len(lines), p.detailOff, h, p.width, func(i int) string { return lines[i] }, linesNoun)
}
