package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/internal/termtext"
)

// doctorPane shows why the server is not available: it could not start,
// or it exited. The report comes from the connector (the doctor).
type doctorPane struct {
	st            *Styles
	width, height int
	title         string
	report        string
}

func (p *doctorPane) SetSize(w, h int) { p.width, p.height = w, h }

func (p *doctorPane) set(title, report string) { p.title, p.report = title, report }

func (p *doctorPane) View() string {
	st := p.st
	lines := []string{st.StateBad.Render(p.title), ""}
	body := strings.TrimRight(ansi.Wrap(termtext.Text(p.report), max(p.width, 10), ""), "\n")
	lines = append(lines, strings.Split(body, "\n")...)
	keep := max(p.height-2, 3)
	if len(lines) > keep {
		// keep the title and the end of the report (the stderr tail)
		lines = append(lines[:2:2], lines[len(lines)-(keep-2):]...)
	}
	lines = append(lines, "", st.Key.Render("R")+st.Dim.Render(" restart the server · your form values are kept"))
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, p.width, "…")
	}
	return strings.Join(lines, "\n")
}
