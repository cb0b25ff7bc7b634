package tui

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/sdk"
)

// rootsState is the roots mcpdev offers and the view that changes them.
// Options.Roots follows them, so a new connection (a restart) offers the
// same. None is offered unless the person asks (--root, the view): a root
// is access the server may take.
type rootsState struct {
	pane  rootsPane
	roots []sdk.Root // what roots/list answers
	back  focus      // where the focus goes when the view closes
}

// initRoots takes Options.Roots (none: roots/list answers an empty list).
func (m *Model) initRoots() {
	m.roots.pane = newRootsPane(&m.st)
	m.roots.roots = slices.Clone(m.opts.Roots)
	m.showRoots()
}

// showRoots puts the roots in the view and the header.
func (m *Model) showRoots() {
	m.roots.pane.set(m.roots.roots)
	m.header.roots = rootsSummary(m.roots.roots)
}

// openRoots shows the roots view and gives it the keys.
func (m *Model) openRoots() {
	m.roots.back = m.focus
	m.roots.pane.modern = era(m.header.info.Protocol) == "2026 era"
	m.roots.pane.problem = ""
	m.setFocus(focusRoots)
}

// onRootsMsg answers the roots view.
func (m *Model) onRootsMsg(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case addRootMsg:
		return checkRootCmd(msg.path)
	case rootCheckedMsg:
		if msg.err != nil {
			m.roots.pane.problem = whyNotRoot(msg)
			return nil
		}
		if slices.ContainsFunc(m.roots.roots, func(r sdk.Root) bool { return r.URI == msg.root.URI }) {
			m.roots.pane.problem = "already a root: " + msg.abs
			return nil
		}
		return m.changeRoots(append(slices.Clone(m.roots.roots), msg.root))
	case removeRootMsg:
		return m.changeRoots(slices.Delete(slices.Clone(m.roots.roots), msg.i, msg.i+1))
	case openRootsMsg:
		m.openRoots()
	case closeRootsMsg:
		m.setFocus(m.roots.back)
	}
	return nil
}

// changeRoots makes roots what roots/list answers, and tells the server.
func (m *Model) changeRoots(roots []sdk.Root) tea.Cmd {
	m.roots.roots = roots
	m.opts.Roots = slices.Clone(roots)
	m.roots.pane.problem = ""
	m.showRoots()
	if m.sess == nil || m.sess.conn == nil {
		return nil
	}
	m.sess.ask.setRoots(roots)
	return rootsChangedCmd(m.sess.ctx, m.sess.conn.Client)
}
