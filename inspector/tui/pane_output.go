package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// outputPane is the frame of the output tabs, the pane that has the keys
// while the output has the focus: it switches tabs, cancels the running
// call, goes back to the form, scrolls the dev loop's changes view while
// that covers the tabs, and gives the other keys to the tab shown. It
// keeps no state: focusedPane makes one from the Model's for each key.
type outputPane struct {
	tab     tab
	body    pane // the tab shown (tabPane)
	changes bool // the changes view covers the tabs
	outbox
}

// output is the frame around the output tab shown.
func (m *Model) output() *outputPane {
	return &outputPane{tab: m.tab, body: m.tabPane(), changes: m.dev.pinned}
}

// HandleKey asks for the call's cancel, the changes view's scroll, another
// tab or the form; else the tab shown has the key.
func (p *outputPane) HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	n := scrollAmount(k, km, changesPage)
	switch {
	case key.Matches(k, km.CancelCall):
		p.send(cancelCallMsg{})
	case p.changes && n != 0:
		p.send(scrollChangesMsg{n: n})
	case key.Matches(k, km.PrevTab):
		p.send(showTabMsg{t: (p.tab + numTabs - 1) % numTabs})
	case key.Matches(k, km.NextTab):
		p.send(showTabMsg{t: (p.tab + 1) % numTabs})
	case key.Matches(k, km.BackToForm):
		p.send(backToFormMsg{})
	default:
		return p.body.HandleKey(k, km)
	}
	return nil
}

// take returns what the frame and the tab shown sent.
func (p *outputPane) take() []tea.Msg { return append(p.outbox.take(), p.body.take()...) }

// bindKeys: switch tabs; cancel a running call; back to the form (in a
// section, to the list when the entry has no form), not while a call runs
// nor from the history (e edits there); then the tab shown's.
func (p *outputPane) bindKeys(km *KeyMap, s keyState) {
	enable(&km.PrevTab, &km.NextTab)
	km.CancelCall.SetEnabled(s.calling)
	back := !s.calling && s.tab != tabHistory
	km.BackToForm.SetEnabled(back && (s.formOpen || s.section != sectionTools))
	km.BackToForm.SetHelp("esc", "back to form")
	if s.section != sectionTools && !s.formOpen {
		km.BackToForm.SetHelp("esc", "back to list")
	}
	p.body.bindKeys(km, s)
}

// shortHelp: the cancel and the way back first, the tab's keys, then the
// tab switch.
func (p *outputPane) shortHelp(km *KeyMap) []key.Binding {
	return append(append([]key.Binding{km.CancelCall, km.BackToForm}, p.body.shortHelp(km)...), km.PrevTab)
}
