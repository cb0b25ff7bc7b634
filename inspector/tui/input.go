package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// handleKey routes a key: ctrl+c quits from anywhere; the pane that
// takes every key (grabbing: a form, a question, the roots view, a text
// input being typed in) gets it, f1 aside; then the auth view's and the
// global bindings; then the focused pane. Keys typed before the server
// listed its tools, or before a section's list arrived, wait and are
// replayed when it does. What a pane's key asks of the rest comes back
// through its outbox and is handled here, before the next key.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	m.status = ""
	if key.Matches(k, m.keys.ForceQuit) {
		return tea.Quit
	}
	if p := m.grabbing(); p != nil {
		if key.Matches(k, m.keys.FormHelp) {
			m.toggleHelp() // the form would take ?: f1 reaches the help from it
			return nil
		}
		return m.paneKey(p, k)
	}
	if m.focus != focusForm {
		if cmd, ok := m.authKey(k); ok {
			return cmd
		}
	}
	if m.waitingForTools() {
		m.early = append(m.early, k) // replayed when the tools arrive
		return nil
	}
	if cmd, ok := m.globalKey(k); ok {
		return cmd
	}
	if m.waitingForItems() {
		m.sections.early = append(m.sections.early, k) // replayed when the list arrives
		return nil
	}
	if p := m.focusedPane(); p != nil {
		return m.paneKey(p, k)
	}
	return nil
}

// paneKey gives k to pane p and handles what p sent in answer.
func (m *Model) paneKey(p keyPane, k tea.KeyPressMsg) tea.Cmd {
	cmds := []tea.Cmd{p.HandleKey(k, &m.keys)}
	for _, msg := range p.take() {
		cmds = append(cmds, m.update(msg))
	}
	return tea.Batch(cmds...)
}

func (m *Model) globalKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	km := &m.keys
	if s, ok := km.sectionKeyOf(k); ok {
		return m.showSection(s), true
	}
	if t, ok := km.tabOf(k); ok {
		m.dev.pinned = false // the tab asked for is shown
		m.showTab(t)
		return nil, true
	}
	switch {
	case key.Matches(k, km.Dismiss):
		m.dev.dismiss()
	case key.Matches(k, km.AutoRerun):
		m.toggleRerun()
	case key.Matches(k, km.Record):
		return m.recordSession(), true
	case key.Matches(k, km.Quit):
		return tea.Quit, true
	case key.Matches(k, km.Help):
		m.toggleHelp()
	case key.Matches(k, km.Restart):
		return m.restart(), true
	case key.Matches(k, km.NextPane):
		m.cycleFocus(1)
	case key.Matches(k, km.PrevPane):
		m.cycleFocus(-1)
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
	if m.formAvailable() {
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

// formAvailable: tab can reach a form (the tool's shown, or a section's
// open one).
func (m *Model) formAvailable() bool {
	if m.sections.section != sectionTools {
		return m.argsShown() // the selected entry's form, not another's left open
	}
	return m.formShown()
}

// openTool answers the tool list's enter: back to the open form when it
// is this tool's (values intact), else a new form.
func (m *Model) openTool(msg openToolMsg) tea.Cmd {
	if msg.fresh {
		return m.openForm(msg.tool)
	}
	if m.form.isOpen() && m.form.tool.Name == msg.tool.Name && m.form.form != nil {
		m.setFocus(focusForm)
		return nil
	}
	if m.form.isOpen() {
		m.leaveForm()
	}
	return m.openForm(msg.tool)
}

// backToForm focuses the open form, selecting its tool in the list (the
// right pane follows the selection); in a section, the selected entry's
// form, else the list (a resource read has no form).
func (m *Model) backToForm() {
	if m.sections.section != sectionTools {
		if m.argsShown() {
			m.setFocus(focusForm)
		} else {
			m.setFocus(focusTools)
		}
		return
	}
	if m.form.isOpen() {
		m.tools.selectName(m.form.tool.Name)
	}
	m.setFocus(focusForm)
}

// onOutputMsg answers the output frame's keys.
func (m *Model) onOutputMsg(msg tea.Msg) {
	switch msg := msg.(type) {
	case showTabMsg:
		m.showTab(msg.t)
	case backToFormMsg:
		m.backToForm()
	case cancelCallMsg:
		m.cancelCall()
	case scrollChangesMsg:
		m.scrollChanges(msg.n)
	}
}

// onHistory answers the history's keys: re-run or edit a call, copy it.
func (m *Model) onHistory(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case rerunMsg:
		if t := m.findTool(msg.e.tool); t != nil {
			return m.startCallAs(*t, msg.e.args, msg.e.task)
		}
		m.status = "the server has no tool " + msg.e.tool + " any more"
	case editMsg:
		if t := m.findTool(msg.e.tool); t != nil {
			m.tools.selectName(t.Name)
			m.drafts[t.Name] = msg.e.args
			return m.openForm(*t)
		}
	case copyCallMsg:
		return m.copyCall()
	}
	return nil
}

// waitingForItems: the section shown has not listed its entries yet;
// keys typed in its list now are kept and replayed.
func (m *Model) waitingForItems() bool {
	p := m.items(m.sections.section)
	return m.focus == focusTools && p != nil && !p.loaded && p.err == nil && (m.state == stateConnecting || m.state == stateConnected)
}

// waitingForTools: the server is starting and has not listed its tools
// yet; keys typed now are kept and replayed.
func (m *Model) waitingForTools() bool {
	return m.focus == focusTools && !m.tools.loaded && m.tools.err == nil && !m.tools.typing() &&
		(m.state == stateConnecting || m.state == stateConnected)
}
