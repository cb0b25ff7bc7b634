package tui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/internal/tokens"
)

// Layout, from the top: the header line, the tool list (left) beside the
// form (right, top) and the output tabs (right, bottom), and the help bar.
// The focused right-hand box gets the larger share of the height.

const minWidth, minHeight = 40, 12

// setFocus gives the keyboard to pane f. The form shows its cursor only
// while it has the keyboard, and gets it back in the field it had.
func (m *Model) setFocus(f focus) {
	if m.focus == f {
		return
	}
	if m.ask.q != nil && f != focusAsk {
		m.asks.back = f // where the focus goes once the question is answered
		return
	}
	switch {
	case f == focusAsk, f == focusRoots:
		m.form.blur()
		m.sections.args.blur()
		m.focusCmd = m.ask.focus()
	case f == focusForm && m.sections.section != sectionTools:
		m.focusCmd = m.sections.args.focus()
	case f == focusForm:
		m.focusCmd = m.form.focus()
	case m.focus == focusForm:
		m.form.blur()
		m.sections.args.blur()
	}
	if f == focusRoots {
		m.focusCmd = nil
	}
	if f == focusForm {
		m.auth.shown = false // the form takes the box the auth view had
	}
	m.focus = f
	m.resize(m.width, m.height)
}

func (m *Model) leftWidth() int {
	return max(22, min(m.width*3/10, 44))
}

func (m *Model) bodyHeight() int { return max(m.height-1-m.laidHelp, 6) }

// split returns the heights of the right column's top and bottom boxes.
func (m *Model) split() (top, bottom int) {
	h := m.bodyHeight()
	switch m.focus {
	case focusForm, focusDoctor:
		bottom = max(h*2/5, 6)
	case focusOutput, focusAsk, focusRoots:
		bottom = h - max(h*2/5, 6)
	default:
		bottom = h / 2
	}
	return h - bottom, bottom
}

// resize lays the panes out for a w×h terminal.
func (m *Model) resize(w, h int) {
	m.width, m.height = max(w, minWidth), max(h, minHeight)
	m.laidHelp = m.helpHeight()
	lw, rw := m.leftWidth(), m.width-m.leftWidth()
	top, bottom := m.split()
	m.header.SetSize(m.width, 1)
	m.tools.SetSize(lw-4, m.bodyHeight()-2)
	m.sections.res.SetSize(lw-4, m.bodyHeight()-2)
	m.sections.prm.SetSize(lw-4, m.bodyHeight()-2)
	m.sections.args.SetSize(rw-4, top-2)
	m.form.SetSize(rw-4, top-2)
	m.doctor.SetSize(rw-4, top-2)
	m.auth.SetSize(rw-4, top-2)
	for _, p := range []interface{ SetSize(int, int) }{&m.result, &m.logs, &m.traffic, &m.history, &m.lintTab, &m.ask, &m.roots.pane} {
		p.SetSize(rw-4, bottom-2)
	}
	m.help.SetWidth(m.width)
}

// syncKeys enables the bindings that apply now (the help bar shows them).
func (m *Model) syncKeys() {
	s := keyState{
		focus: m.focus, tab: m.tab,
		typing:     m.tools.typing() || m.traffic.typing(),
		filtered:   m.tools.filtered(),
		hasTools:   m.tools.Selected() != nil,
		formOpen:   m.form.form != nil,
		mayTask:    m.form.mayTask(),
		section:    m.sections.section,
		calling:    m.call != nil,
		hasMedia:   m.result.hasMedia(),
		hasLinks:   len(m.result.links) > 0,
		hasSearch:  m.traffic.hasSearch(),
		hasHistory: m.history.len() > 0,
		canRestart: m.state != stateConnecting,
		connected:  m.state == stateConnected,
		reportCut:  m.doctor.cut(),
		signingIn:  m.state == stateConnecting && m.auth.signingIn(),
		signedIn:   m.state == stateConnected && m.auth.who != nil,
		pinned:     m.dev.pinned,
		watching:   m.dev.watching,
		rerun:      m.dev.rerun,
		canRecord:  m.dev.opts.Target != nil,
	}
	m.sectionKeyState(&s)
	m.keys.sync(s, m.keysBinder())
}

// render draws the whole screen.
func (m *Model) render() string {
	if w, h := m.term[0], m.term[1]; w > 0 && (w < minWidth || h < minHeight) {
		return tooSmall(w, h)
	}
	lw, rw := m.leftWidth(), m.width-m.leftWidth()
	top, bottom := m.split()
	left := m.box(m.toolsTitle(), m.tools.View(), lw, m.bodyHeight(), m.focus == focusTools)
	if m.sections.section != sectionTools {
		left = m.box(m.sectionTitle(), m.items(m.sections.section).View(), lw, m.bodyHeight(), m.focus == focusTools)
	}
	var upper string
	switch {
	case m.state == stateFailed || m.state == stateExited:
		upper = m.box("Server trouble", m.doctor.View(), rw, top, m.focus == focusDoctor)
	case m.authShown():
		upper = m.box(m.auth.Title(), m.auth.View(), rw, top, false)
	case m.sections.section != sectionTools:
		upper = m.upperSection(rw, top)
	default:
		upper = m.box(m.formTitle(), m.form.View(m.tools.Selected(), m.selectedWarnings(), m.selectedLint(), m.tools.Costs(), m.formShown()), rw, top, m.focus == focusForm)
	}
	lower := m.box(m.tabsTitle(), m.outputView(), rw, bottom, m.focus == focusOutput)
	if m.focus == focusRoots {
		lower = m.box("Roots", m.roots.pane.View(), rw, bottom, true)
	}
	if m.ask.q != nil {
		lower = m.box(m.ask.Title(), m.ask.View(), rw, bottom, m.focus == focusAsk)
	}
	body := joinColumns(left, upper+"\n"+lower)
	return m.header.View() + "\n" + body + "\n" + m.helpView()
}

// tooSmall is the screen of a terminal smaller than the layout needs:
// what it needs, wrapped and cut to what there is.
func tooSmall(w, h int) string {
	s := wrapWords(fmt.Sprintf("window too small (need %d×%d)", minWidth, minHeight), w)
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "")
	}
	return strings.Join(lines[:min(len(lines), max(h, 1))], "\n")
}

// toolsTitle is "Tools 12 · 1,234 tokens" (the list's cost), "Tools 3/12
// · …" when filtered; shorter where the pane is narrow ("12 · 1,234 tok").
func (m *Model) toolsTitle() string {
	n, shown := len(m.tools.tools), len(m.tools.visible)
	count := strconv.Itoa(n)
	if m.tools.filtered() {
		count = fmt.Sprintf("%d/%d", shown, n)
	}
	total, ok := m.tools.costs.total()
	if !ok {
		return "Tools " + count
	}
	t := total.String()
	if total.Exact {
		t = tokens.Grouped(total.Tokens)
	}
	titles := []string{"Tools " + count + " · " + t + " tokens", "Tools " + count + " · " + t + " tok"}
	if !m.tools.filtered() { // filtered, the count matters more than the cost
		titles = append(titles, count+" · "+t+" tok")
	}
	room := m.leftWidth() - 6 // what box leaves for the title
	for _, title := range titles {
		if ansi.StringWidth(title) <= room {
			return title
		}
	}
	return "Tools " + count
}

// formShown: the right pane shows the open form, not the details of the
// selected tool. It follows the tool list's selection unless the form has
// the focus: moving (or filtering) away from the form's tool shows the
// tool now selected; the form stays open, values intact, until another
// tool's form is opened.
// selectedWarnings are the suspicions on the selected tool (none: nil).
func (m *Model) selectedWarnings() []string {
	if sel := m.tools.Selected(); sel != nil {
		return m.tools.Warnings(sel.Name)
	}
	return nil
}

func (m *Model) formShown() bool {
	if !m.form.isOpen() {
		return false
	}
	sel := m.tools.Selected()
	return m.focus == focusForm || (sel != nil && sel.Name == m.form.tool.Name)
}

func (m *Model) formTitle() string {
	if m.formShown() {
		return "Form · " + termtext.Line(m.form.tool.Name)
	}
	return "Tool"
}

// tabsTitle renders the output tabs for the box's top line.
func (m *Model) tabsTitle() string {
	if t, ok := m.devTitle(); ok {
		return t
	}
	var parts []string
	for t := tab(0); t < numTabs; t++ {
		label := fmt.Sprintf("%d %s", t+1, t)
		if t == tabLogs && m.logLevel != "" {
			label += " ≥" + string(m.logLevel)
		}
		if t == tabLogs && m.logs.unread > 0 && m.tab != tabLogs {
			label += fmt.Sprintf(" (%d)", m.logs.unread)
		}
		if t == m.tab {
			parts = append(parts, m.st.TabActive.Render(label))
		} else {
			parts = append(parts, m.st.TabInactive.Render(label))
		}
	}
	return strings.Join(parts, m.st.Dim.Render(" · "))
}

func (m *Model) outputView() string {
	if v, ok := m.devView(); ok {
		return v
	}
	switch m.tab {
	case tabLogs:
		return m.logs.View()
	case tabTraffic:
		return m.traffic.View()
	case tabHistory:
		return m.history.View()
	case tabLint:
		return m.lintTab.View(m.tools.version, m.lintReport)
	}
	return m.result.View(m.callNow())
}

// box draws body inside a rounded border of exactly w×h cells with the
// title in the top line. Lines are cut or padded to fit.
func (m *Model) box(title, body string, w, h int, focused bool) string {
	bs, ts := m.st.Border, m.st.Title
	if focused {
		bs, ts = m.st.BorderFocused, m.st.TitleFocused
	}
	inner := w - 4 // border and one space of padding each side
	t := ansi.Truncate(title, max(w-6, 1), "…")
	if !strings.Contains(title, "\x1b") {
		t = ts.Render(t)
	}
	fill := max(w-5-ansi.StringWidth(t), 0)
	var b strings.Builder
	b.WriteString(bs.Render("╭─ ") + t + bs.Render(" "+strings.Repeat("─", fill)+"╮"))
	lines := strings.Split(body, "\n")
	side := bs.Render("│")
	for i := 0; i < h-2; i++ {
		l := ""
		if i < len(lines) {
			l = ansi.Truncate(lines[i], inner, "…")
		}
		pad := max(inner-ansi.StringWidth(l), 0)
		b.WriteString("\n" + side + " " + l + strings.Repeat(" ", pad) + " " + side)
	}
	b.WriteString("\n" + bs.Render("╰"+strings.Repeat("─", max(w-2, 0))+"╯"))
	return b.String()
}

// joinColumns puts two blocks of lines side by side.
func joinColumns(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	n := max(len(al), len(bl))
	var out strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			out.WriteString("\n")
		}
		if i < len(al) {
			out.WriteString(al[i])
		}
		if i < len(bl) {
			out.WriteString(bl[i])
		}
	}
	return out.String()
}
