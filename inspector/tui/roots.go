package tui

import (
	"os"
	"path/filepath"
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// rootsState is the roots mcpdev offers and the view that changes them.
// paths are absolute; Options.Roots follows them, so a new connection
// (a restart) offers the same.
type rootsState struct {
	pane  rootsPane
	paths []string
	set   bool  // not the default (the current directory)
	back  focus // where the focus goes when the view closes
}

// initRoots resolves Options.Roots once, before the program runs (no I/O
// in Update).
func (m *Model) initRoots() {
	m.roots.pane = newRootsPane(&m.st)
	m.roots.set = len(m.opts.Roots) > 0
	paths := m.opts.Roots
	if len(paths) == 0 {
		if wd, err := os.Getwd(); err == nil {
			paths = []string{wd}
		}
	}
	for _, p := range paths {
		if abs, err := filepath.Abs(p); err == nil {
			m.roots.paths = append(m.roots.paths, abs)
		}
	}
	m.showRoots()
}

// showRoots puts the roots in the view and the header.
func (m *Model) showRoots() {
	roots, _ := rootsOf(m.roots.paths) // absolute paths: no error, no I/O
	m.roots.pane.set(roots)
	m.header.roots = rootsSummary(roots, m.roots.set)
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
		if slices.Contains(m.roots.paths, msg.abs) {
			m.roots.pane.problem = "already a root: " + msg.abs
			return nil
		}
		return m.changeRoots(append(slices.Clone(m.roots.paths), msg.abs))
	case removeRootMsg:
		if len(m.roots.paths) == 1 {
			m.roots.pane.problem = "the last root stays: with none, mcpdev would offer the current directory"
			return nil
		}
		return m.changeRoots(slices.Delete(slices.Clone(m.roots.paths), msg.i, msg.i+1))
	case closeRootsMsg:
		m.setFocus(m.roots.back)
	}
	return nil
}

// changeRoots makes paths what roots/list answers, and tells the server.
func (m *Model) changeRoots(paths []string) tea.Cmd {
	m.roots.paths, m.roots.set = paths, true
	m.opts.Roots = slices.Clone(paths)
	m.roots.pane.problem = ""
	m.showRoots()
	if m.sess == nil || m.sess.conn == nil {
		return nil
	}
	m.sess.ask.setRoots(paths)
	return rootsChangedCmd(m.sess.ctx, m.sess.conn.Client)
}

// rootsHelp is the roots view's help: typing a path, or the list's keys.
func (m *Model) rootsHelp() helpKeys {
	k, rk := &m.keys, &m.keys.Roots
	keys := []key.Binding{rk.Add, rk.Remove, k.Up, rk.Close, k.ForceQuit}
	if m.roots.pane.adding {
		keys = []key.Binding{rk.AddDone, rk.AddCancel, k.ForceQuit}
	}
	return helpKeys{short: keys, full: [][]key.Binding{keys}, more: &k.FormHelp, moreInline: true}
}
