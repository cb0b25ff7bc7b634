package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/forms"
)

// handleKey routes a key: ctrl+c quits from anywhere; a focused form gets
// every other key; a text input (filter, search) gets what it types; then
// the global bindings; then the focused pane's.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	m.status = ""
	if k.String() == "ctrl+c" {
		return tea.Quit
	}
	if m.waitingForTools() {
		m.early = append(m.early, k) // replayed when the tools arrive
		return nil
	}
	if m.focus == focusForm && m.form.form != nil {
		cmd := m.form.Update(k)
		if key.Matches(k, formKeys.Cancel) {
			// leave now, not when CancelMsg comes back: keys typed right
			// after esc belong to the tool list, not to the form
			m.leaveForm()
		}
		return cmd
	}
	if cmd, ok := m.typingKey(k); ok {
		return cmd
	}
	if cmd, ok := m.devKey(k); ok {
		return cmd
	}
	if cmd, ok := m.globalKey(k); ok {
		return cmd
	}
	switch m.focus {
	case focusTools:
		return m.toolsKey(k)
	case focusForm:
		if key.Matches(k, m.keys.BackToForm) {
			m.setFocus(focusTools)
		}
	case focusOutput:
		return m.outputKey(k)
	}
	return nil
}

var formKeys = forms.DefaultKeyMap()

// typingKey handles keys while the tool filter or the traffic search has them.
func (m *Model) typingKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	switch {
	case m.tools.filtering:
		switch {
		case key.Matches(k, m.keys.ClearFilter):
			m.tools.stopFilter(true)
		case key.Matches(k, m.keys.AcceptFilter):
			m.tools.stopFilter(false)
			if t := m.tools.Selected(); t != nil {
				return m.openForm(*t), true
			}
		case k.String() == "up" || k.String() == "down":
			m.tools.move(map[string]int{"up": -1, "down": 1}[k.String()])
		default:
			return m.tools.typeFilter(k), true
		}
		return nil, true
	case m.traffic.searching:
		switch {
		case key.Matches(k, m.keys.ClearFilter):
			m.traffic.stopSearch(true)
		case k.String() == "enter":
			m.traffic.stopSearch(false)
			m.traffic.jump(1)
		default:
			return m.traffic.typeSearch(k), true
		}
		return nil, true
	}
	return nil, false
}

func (m *Model) globalKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	switch {
	case key.Matches(k, m.keys.Quit):
		return tea.Quit, true
	case key.Matches(k, m.keys.Help):
		m.toggleHelp()
	case key.Matches(k, m.keys.Restart):
		return m.restart(), true
	case key.Matches(k, m.keys.CancelCall):
		m.cancelCall()
	case key.Matches(k, m.keys.NextPane):
		m.cycleFocus(1)
	case key.Matches(k, m.keys.PrevPane):
		m.cycleFocus(-1)
	case key.Matches(k, m.keys.Tab1, m.keys.Tab2, m.keys.Tab3, m.keys.Tab4):
		m.showTab(tab(k.String()[0] - '1'))
	default:
		return nil, false
	}
	return nil, true
}

// showTab shows an output tab and focuses the output pane.
func (m *Model) showTab(t tab) {
	m.tab = t
	if t == tabLogs {
		m.logs.unread = 0
	}
	m.setFocus(focusOutput)
}

// cycleFocus moves between the panes that can take the focus.
func (m *Model) cycleFocus(d int) {
	order := []focus{focusTools}
	if m.formShown() {
		order = append(order, focusForm)
	}
	order = append(order, focusOutput)
	if m.state == stateFailed || m.state == stateExited {
		order = []focus{focusDoctor, focusOutput}
	}
	i := 0
	for j, f := range order {
		if f == m.focus {
			i = j
		}
	}
	m.setFocus(order[(i+d+len(order))%len(order)])
}

func (m *Model) toolsKey(k tea.KeyPressMsg) tea.Cmd {
	p, km := &m.tools, &m.keys
	switch {
	case key.Matches(k, km.Up):
		p.move(-1)
	case key.Matches(k, km.Down):
		p.move(1)
	case key.Matches(k, km.PageUp):
		p.move(-p.perPage())
	case key.Matches(k, km.PageDown):
		p.move(p.perPage())
	case key.Matches(k, km.Top):
		p.move(-len(p.visible))
	case key.Matches(k, km.Bottom):
		p.move(len(p.visible))
	case key.Matches(k, km.Filter):
		return p.startFilter()
	case key.Matches(k, km.ClearFilter):
		p.stopFilter(true)
	case key.Matches(k, km.Open):
		if t := p.Selected(); t != nil {
			if m.form.isOpen() && m.form.tool.Name == t.Name && m.form.form != nil {
				m.setFocus(focusForm) // back to the same form, values intact
				return nil
			}
			if m.form.isOpen() {
				m.leaveForm()
			}
			return m.openForm(*t)
		}
	}
	return nil
}

// backToForm focuses the open form, selecting its tool in the list (the
// right pane follows the selection).
func (m *Model) backToForm() {
	if m.form.isOpen() {
		m.tools.selectName(m.form.tool.Name)
	}
	m.setFocus(focusForm)
}

func (m *Model) outputKey(k tea.KeyPressMsg) tea.Cmd {
	km := &m.keys
	switch {
	case key.Matches(k, km.PrevTab) && k.String() != "]":
		m.showTab((m.tab + numTabs - 1) % numTabs)
	case key.Matches(k, km.NextTab):
		m.showTab((m.tab + 1) % numTabs)
	case key.Matches(k, km.BackToForm):
		m.backToForm()
	}
	switch m.tab {
	case tabResult:
		return m.resultKey(k)
	case tabLogs:
		m.logsKey(k)
	case tabTraffic:
		return m.trafficKey(k)
	case tabHistory:
		return m.historyKey(k)
	}
	return nil
}

// scrollAmount maps the movement keys to a number of lines (0: not one).
func (m *Model) scrollAmount(k tea.KeyPressMsg, page int) int {
	km := &m.keys
	switch {
	case key.Matches(k, km.Up):
		return -1
	case key.Matches(k, km.Down):
		return 1
	case key.Matches(k, km.PageUp):
		return -page
	case key.Matches(k, km.PageDown):
		return page
	case key.Matches(k, km.Top):
		return -1 << 30
	case key.Matches(k, km.Bottom):
		return 1 << 30
	}
	return 0
}

func (m *Model) resultKey(k tea.KeyPressMsg) tea.Cmd {
	p := &m.result
	if key.Matches(k, m.keys.Save) && p.data != nil && len(p.data.media) > 0 {
		return saveMediaCmd(p.data.media, m.opts.SaveDir)
	}
	p.vp.Scroll(m.scrollAmount(k, p.vp.height))
	return nil
}

func (m *Model) logsKey(k tea.KeyPressMsg) {
	m.logs.scroll(m.scrollAmount(k, m.logs.height))
}

func (m *Model) trafficKey(k tea.KeyPressMsg) tea.Cmd {
	p, km := &m.traffic, &m.keys
	switch {
	case key.Matches(k, km.Search):
		return p.startSearch()
	case key.Matches(k, km.NextMatch):
		p.jump(1)
	case key.Matches(k, km.PrevMatch):
		p.jump(-1)
	case key.Matches(k, km.PageUp):
		p.detailOff = max(0, p.detailOff-p.height/2)
	case key.Matches(k, km.PageDown):
		p.detailOff += p.height / 2
	default:
		if d := m.scrollAmount(k, 0); d != 0 {
			p.move(max(min(d, len(p.msgs)), -len(p.msgs)))
		}
	}
	return nil
}

func (m *Model) historyKey(k tea.KeyPressMsg) tea.Cmd {
	p, km := &m.history, &m.keys
	e := p.selected()
	switch {
	case e == nil:
	case key.Matches(k, km.Rerun):
		if t := m.findTool(e.tool); t != nil {
			return m.startCall(*t, e.args)
		}
		m.status = "the server has no tool " + e.tool + " any more"
	case key.Matches(k, km.Edit):
		if t := m.findTool(e.tool); t != nil {
			m.tools.selectName(t.Name)
			m.drafts[t.Name] = e.args
			return m.openForm(*t)
		}
	case key.Matches(k, km.Copy):
		return m.copyCall()
	default:
		if d := m.scrollAmount(k, p.height); d != 0 {
			p.move(max(min(d, len(p.entries)), -len(p.entries)))
		}
	}
	return nil
}

// waitingForTools: the server is starting and has not listed its tools
// yet; keys typed now are kept and replayed.
func (m *Model) waitingForTools() bool {
	return m.focus == focusTools && !m.tools.loaded && m.tools.err == nil && !m.tools.filtering &&
		(m.state == stateConnecting || m.state == stateConnected)
}
