package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/inspector/target"
)

// Signing in to an HTTP server (the view is pane_auth.go): what the
// header says, what the keys do.

// syncAuthHeader puts the sign-in in the header: "signing in…" while a
// URL waits to be opened, then "signed in as …".
func (m *Model) syncAuthHeader() {
	m.header.signingIn = m.state == stateConnecting && m.auth.signingIn()
	m.header.signedIn = ""
	if m.auth.who != nil {
		m.header.signedIn = m.auth.who.As
	}
}

// onSignedIn: the connection is up; who is whom it signed in as (nil: the
// server did not ask).
func (m *Model) onSignedIn(who *target.SignedIn) {
	m.auth.url, m.auth.noBrowser = "", ""
	if who != nil {
		m.auth.who = who
	}
	m.syncAuthHeader()
}

// authShown: the auth view has the right-hand upper box: while the
// connection waits for a sign-in, or after it when A opened it.
func (m *Model) authShown() bool {
	switch m.state {
	case stateConnecting:
		return m.auth.started()
	case stateConnected:
		return m.auth.shown && m.auth.who != nil
	}
	return false
}

// authKey handles the auth view's keys: y copies the sign-in URL, q
// quits and 1–4 show an output tab (the traffic of the flow as it
// happens) — they work while the connection waits, when other keys are
// kept for the tool list: the browser may never come back —, A opens and
// closes the view.
func (m *Model) authKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	waiting := m.state == stateConnecting && m.auth.started()
	if t, ok := m.keys.tabOf(k); ok && waiting {
		m.showTab(t)
		return nil, true
	}
	switch {
	case key.Matches(k, m.keys.Quit) && waiting:
		return tea.Quit, true
	case key.Matches(k, m.keys.CopySignIn) && m.auth.signingIn() && m.state == stateConnecting:
		m.status = "copied the sign-in URL to the clipboard (OSC 52)"
		return tea.SetClipboard(m.auth.url), true
	case key.Matches(k, m.keys.AuthView) && m.auth.who != nil && m.state == stateConnected:
		m.auth.shown = !m.auth.shown
		return nil, true
	}
	return nil, false
}
