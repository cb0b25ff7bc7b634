package tui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/internal/termtext"
)

// attachSessionsPane lists the sessions of the state directory, newest
// first, live ones marked; the selected one is shown in the calls pane.
type attachSessionsPane struct {
	st            *Styles
	width, height int
	list          []*attachSession
	cursor        int
	moved         bool // the user chose a session: a new one does not take its place
	now           time.Time
	hung          time.Duration
	outbox
}

func (p *attachSessionsPane) SetSize(w, h int) { p.width, p.height = w, h }

// selected is the session shown, nil for none.
func (p *attachSessionsPane) selected() *attachSession {
	if p.cursor < len(p.list) {
		return p.list[p.cursor]
	}
	return nil
}

// put lists the sessions (newest first), keeping the chosen one selected;
// until the user chooses, the newest is.
func (p *attachSessionsPane) put(list []*attachSession) {
	sel := p.selected()
	p.list, p.cursor = list, 0
	if !p.moved {
		return
	}
	for i, s := range list {
		if s == sel {
			p.cursor = i
		}
	}
}

// HandleKey moves; enter gives the keys to the session's messages.
func (p *attachSessionsPane) HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	switch {
	case key.Matches(k, km.Open):
		p.send(showSessionMsg{})
	case key.Matches(k, km.Record):
		p.send(writeTestMsg{})
	default:
		if d := scrollAmount(k, km, p.height); d != 0 && len(p.list) > 0 {
			p.cursor = max(0, min(p.cursor+d, len(p.list)-1))
			p.moved = true
		}
	}
	return nil
}

func (p *attachSessionsPane) bindKeys(km *KeyMap, s keyState) {
	enable(km.scrollKeys()...)
	km.Open.SetEnabled(len(p.list) > 0)
	km.Record.SetEnabled(len(p.list) > 0)
}

func (p *attachSessionsPane) shortHelp(km *KeyMap) []key.Binding {
	return []key.Binding{km.Open, km.Record, km.Up}
}

func (p *attachSessionsPane) View() string {
	if len(p.list) == 0 {
		return p.st.Dim.Render("No sessions yet: waiting for mcpdev proxy to start one.")
	}
	return strings.Join(window(len(p.list), p.cursor-p.height/2, p.height, p.width, p.row, linesNoun), "\n")
}

func (p *attachSessionsPane) row(i int) string {
	st, s := p.st, p.list[i]
	state := st.Dim.Render(s.stateText())
	if s.live {
		state = st.StateOK.Render("● live")
	}
	text := fmt.Sprintf("%s %s  %s  %s", s.header.Started.Local().Format("15:04:05"), state,
		termtext.Line(termtext.Clip(s.title(), 60)), st.Dim.Render(fmt.Sprintf("%d messages", len(s.msgs))))
	if n, h := s.counts(p.now, p.hung); n+h > 0 {
		text += " " + st.StateBusy.Render(fmt.Sprintf("%d in flight", n+h))
		if h > 0 {
			text += " " + st.StateBad.Render(fmt.Sprintf("%d hung", h))
		}
	}
	if i == p.cursor {
		return st.ItemSelected.Render("┃ ") + text
	}
	return "  " + text
}
