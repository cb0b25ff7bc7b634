package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/internal/termtext"
)

// doctorPane shows why the server is not available: it could not start,
// or it exited. The report comes from the connector (the doctor). A
// report taller than the pane starts at its end (the stderr tail), says
// what is above with the scroll mark, and scrolls.
type doctorPane struct {
	st            *Styles
	width, height int
	title         string
	report        string
	body          scroller
	outbox
}

func (p *doctorPane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.layout()
}

func (p *doctorPane) set(title, report string) {
	p.title, p.report = title, report
	p.layout()
	p.body.Scroll(len(p.body.lines)) // the end: the server's last words
}

// layout wraps the report to the width, in the rows left by the title
// and the restart line (each with a blank row).
func (p *doctorPane) layout() {
	body := strings.TrimRight(wrapWords(termtext.Text(p.report), max(p.width, 10)), "\n")
	p.body.SetSize(p.width, max(p.height-4, 3))
	p.body.SetLines(strings.Split(body, "\n"))
}

// cut says whether the report is taller than the pane (it scrolls).
func (p *doctorPane) cut() bool { return len(p.body.lines) > p.body.height }

// HandleKey scrolls the report.
func (p *doctorPane) HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	p.body.Scroll(scrollAmount(k, km, p.body.height-1))
	return nil
}

// bindKeys: R restarts the server; the report scrolls when it is cut.
func (p *doctorPane) bindKeys(km *KeyMap, s keyState) {
	km.Restart.SetEnabled(true)
	if s.reportCut {
		enable(km.scrollKeys()...)
	}
}

func (p *doctorPane) shortHelp(km *KeyMap) []key.Binding { return []key.Binding{km.Up} }

func (p *doctorPane) View() string {
	st := p.st
	lines := []string{ansi.Truncate(st.StateBad.Render(p.title), p.width, "…"), "", p.body.View(), ""}
	lines = append(lines, ansi.Truncate(st.Key.Render("R")+st.Dim.Render(" restart the server · your form values are kept"), p.width, "…"))
	return strings.Join(lines, "\n")
}
