package tui

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/mcpdev/mcpdev/inspector/devloop"
)

// keyOutcome is what a sequence of messages left: the screen and the
// state keys act on.
type keyOutcome struct {
	Screen                string
	Status                string
	Rerun, Pinned         bool
	Scroll, Focus, Tab    int
	FormOpen, DiffShowing bool
}

// TestKeysDoNotDependOnRendering sends the same messages to three models:
// one drawn after every message (as the program draws), one drawn only
// before the first, one never drawn. What the keys did must not differ:
// which keys work is settled at the end of each Update, not while drawing.
func TestKeysDoNotDependOnRendering(t *testing.T) {
	longErr := errors.New(strings.Repeat("main.go:1: something is wrong here\n", 40))
	failed := devEventMsg{ev: devloop.Event{Kind: devloop.BuildFailed, Err: longErr}}
	tests := []struct {
		name string
		msgs []tea.Msg
	}{
		{"re-run key while not watching", []tea.Msg{keyMsg("a")}},
		{"re-run key once watching", []tea.Msg{devStartedMsg{}, keyMsg("a")}},
		{"dismiss a build failure that came after the last draw", []tea.Msg{devStartedMsg{}, failed, keyMsg("d")}},
		{"dismiss with nothing to dismiss", []tea.Msg{devStartedMsg{}, keyMsg("d")}},
		{"scroll the changes view past its end and back", append(append([]tea.Msg{devStartedMsg{}, failed, keyMsg("tab")},
			repeat(keyMsg("j"), 60)...), keyMsg("k"), keyMsg("k"))},
		{"page the changes view back from past its end", append(append([]tea.Msg{failed, keyMsg("tab")},
			repeat(keyMsg("G"), 3)...), keyMsg("pgup"))},
		{"tab key leaves the changes view", []tea.Msg{failed, keyMsg("3"), keyMsg("j")}},
		{"filter, accept, type into the form", []tea.Msg{keyMsg("/"), keyMsg("w"), keyMsg("enter"), keyMsg("x")}},
		{"open, cancel, move", []tea.Msg{keyMsg("enter"), keyMsg("esc"), keyMsg("j"), keyMsg("enter")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run := func(drawFirst, drawEach bool) keyOutcome {
				m, _ := newTestModel(t, 100, 30)
				if drawFirst {
					m.View()
				}
				for _, msg := range tt.msgs {
					_, cmd := m.Update(msg)
					if _, ok := msg.(tea.KeyPressMsg); ok {
						settle(m, cmd) // the dev messages' commands wait for a real loop
					}
					if drawEach {
						m.View()
					}
				}
				return keyOutcome{
					Screen: screen(m), Status: m.status, Rerun: m.dev.rerun, Pinned: m.dev.pinned,
					Scroll: m.dev.scroll, Focus: int(m.focus), Tab: int(m.tab),
					FormOpen: m.form.isOpen(), DiffShowing: m.dev.buildErr != nil,
				}
			}
			want := run(true, true)
			for _, v := range []struct {
				name                string
				drawFirst, drawEach bool
			}{{"drawn only first", true, false}, {"never drawn", false, false}} {
				if got := run(v.drawFirst, v.drawEach); got != want {
					t.Errorf("%s: outcome differs from drawn after every message:\n got %+v\nwant %+v", v.name, got, want)
				}
			}
		})
	}
}

func repeat(msg tea.Msg, n int) []tea.Msg {
	out := make([]tea.Msg, n)
	for i := range out {
		out[i] = msg
	}
	return out
}
