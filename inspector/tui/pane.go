package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// keyPane is a pane that handles its own keys: the focused form, a
// question, the roots view, or a pane. What a key asks of the rest it
// sends through its outbox.
type keyPane interface {
	HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd
	take() []tea.Msg
}

// pane is a part of the screen that takes the keys when it has the focus
// and shares the inspector's KeyMap (the tool list, a section's list,
// an output tab, the server-trouble report). It owns which of the
// bindings work in it, in which order its help shows them, and what they
// do; Model only routes: the global bindings first, then the focused
// pane (focusedPane). The form, the questions and the roots view have
// their own key maps and help (modal).
type pane interface {
	keyPane
	// bindKeys enables the bindings of km the pane handles in state s
	// (KeyMap.sync disabled all of them first).
	bindKeys(km *KeyMap, s keyState)
	// shortHelp lists those bindings for the help bar, most important
	// first (disabled ones are left out when drawn).
	shortHelp(km *KeyMap) []key.Binding
}

// modal is a pane with its own key map (a form's, the questions', the
// roots view's) that takes every key and the whole help bar while it has
// them. bindKeys enables the bindings of the inspector's key map it
// handles too.
type modal interface {
	keyPane
	bindKeys(km *KeyMap, s keyState)
	help(km *KeyMap) helpKeys
}

// binder enables the bindings a pane handles (KeyMap.sync).
type binder interface{ bindKeys(km *KeyMap, s keyState) }

// grabbing is the pane that takes every key before the global bindings,
// f1 aside: the modal pane, or a text input being typed in; nil for none.
func (m *Model) grabbing() keyPane {
	if p := m.modalPane(); p != nil {
		return p
	}
	if p := m.typingPane(); p != nil {
		return p
	}
	return nil
}

// typingPane is the pane whose text input is typed in (the tool filter,
// the traffic search; it has the keys whatever has the focus), nil for
// none.
func (m *Model) typingPane() pane {
	switch {
	case m.tools.typing():
		return &m.tools
	case m.traffic.typing():
		return &m.traffic
	}
	return nil
}

// keysBinder is the pane whose bindings KeyMap.sync enables: a text input
// being typed in, else the modal pane, else the focused pane; nil for
// none.
func (m *Model) keysBinder() binder {
	if p := m.typingPane(); p != nil {
		return p
	}
	if p := m.modalPane(); p != nil {
		return p
	}
	if p := m.focusedPane(); p != nil {
		return p
	}
	return nil
}

// modalPane is the modal pane that has the keys, nil for none.
func (m *Model) modalPane() modal {
	switch {
	case m.focus == focusAsk && m.ask.q != nil:
		return &m.ask
	case m.focus == focusRoots:
		return &m.roots.pane
	case m.focus == focusForm && m.sections.section != sectionTools && m.sections.args.form != nil:
		return &m.sections.args
	case m.focus == focusForm && m.form.form != nil:
		return &m.form
	}
	return nil
}

// focusedPane is the pane that has the keys, nil when the form, a
// question or the roots view has them.
func (m *Model) focusedPane() pane {
	switch m.focus {
	case focusTools:
		if p := m.items(m.sections.section); p != nil {
			return p
		}
		return &m.tools
	case focusOutput:
		return m.output()
	case focusDoctor:
		return &m.doctor
	}
	return nil
}

// tabPane is the pane of the output tab shown.
func (m *Model) tabPane() pane {
	switch m.tab {
	case tabLogs:
		return &m.logs
	case tabTraffic:
		return &m.traffic
	case tabHistory:
		return &m.history
	case tabLint:
		return &m.lintTab
	}
	return &m.result
}

// scrollKeys are the bindings scrollAmount reads.
func (k *KeyMap) scrollKeys() []*key.Binding {
	return []*key.Binding{&k.Up, &k.Down, &k.PageUp, &k.PageDown, &k.Top, &k.Bottom}
}

// enable enables bindings bs.
func enable(bs ...*key.Binding) {
	for _, b := range bs {
		b.SetEnabled(true)
	}
}
