package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/internal/tokens"
)

// lintPane is the Lint tab: the model readiness of the whole tool list —
// the findings of every tool under the spec's rules (mcpdev lint's), and
// what the list costs each client in tokens, its heaviest tools first.
// The report is made from the tool list's findings and costs (both
// computed when the list came) the first time it is drawn for a list and
// width, not on every frame; the pane keeps its scroll.
type lintPane struct {
	scroller
	outbox
	laidOut lintKey // what the lines are the report of
}

// lintKey is a version of the tool list (toolsPane.version) at a width.
type lintKey struct{ version, width int }

// HandleKey scrolls the report.
func (p *lintPane) HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	if n := scrollAmount(k, km, max(p.height-1, 1)); n != 0 {
		p.Scroll(n)
	}
	return nil
}

func (p *lintPane) bindKeys(km *KeyMap, s keyState) { enable(km.scrollKeys()...) }

func (p *lintPane) shortHelp(km *KeyMap) []key.Binding { return []key.Binding{km.Up, km.PageUp} }

// View draws the report of list version, made by report when the list
// or the width changed since it was last laid out.
func (p *lintPane) View(version int, report func(w int) []string) string {
	if k := (lintKey{version, p.width}); k != p.laidOut || p.lines == nil {
		p.SetLines(report(p.width))
		p.laidOut = k
	}
	return p.scroller.View()
}

// lintReport is the Lint tab's text at width w.
func (m *Model) lintReport(w int) []string {
	st, tp := &m.st, &m.tools
	if !tp.loaded {
		return []string{st.Dim.Render("The tool list has not arrived yet.")}
	}
	var all []lint.Finding
	for _, t := range tp.tools {
		all = append(all, tp.lint[t.Name]...)
	}
	errs, warns := lint.Count(all)
	out := wrapDim(st, fmt.Sprintf("%d tools · %s · the spec's rules (each client's own limits: mcpdev lint --client all; docs/lint.md)",
		len(tp.tools), plural(errs, "error")+", "+plural(warns, "warning")), w)
	out = append(out, m.costReport(w)...)
	if len(all) == 0 {
		return append(out, "", st.Success.Render("No findings: every tool passes the spec's rules."))
	}
	for _, t := range tp.tools {
		fs := tp.lint[t.Name]
		if len(fs) == 0 {
			continue
		}
		out = append(out, "", ansi.Truncate(st.Bold.Render(termtext.Line(termtext.Clip(t.Name, 200)))+" "+lintBadgeText(st, fs), w, "…"))
		out = append(out, lintLines(st, fs, w)[2:]...) // without the section's heading
	}
	return splitLines(out)
}

// costReport is the list's cost for each client and its heaviest tools.
func (m *Model) costReport(w int) []string {
	c := m.tools.costs
	if !c.fits(len(m.tools.tools)) {
		return nil
	}
	parts := make([]string, len(c))
	for i, lc := range c {
		parts[i] = string(costClients[i]) + " " + groupedCost(lc.Total)
	}
	out := wrapDim(&m.st, "tokens  "+strings.Join(parts, " · "), w)
	var heavy []string
	for _, i := range c[0].Heaviest(5) {
		heavy = append(heavy, termtext.Line(termtext.Clip(m.tools.tools[i].Name, 80))+" "+groupedCost(c[0].Tools[i]))
	}
	if len(heavy) > 1 {
		out = append(out, wrapDim(&m.st, "heaviest  "+strings.Join(heavy, " · "), w)...)
	}
	return out
}

// groupedCost is a cost with its thousands grouped: "1,682", "≈1,590".
func groupedCost(c tokens.Cost) string {
	if c.Exact {
		return tokens.Grouped(c.Tokens)
	}
	return "≈" + tokens.Grouped(c.Tokens)
}

func wrapDim(st *Styles, s string, w int) []string {
	return strings.Split(st.Dim.Render(ansi.Wrap(s, max(w, 10), "")), "\n")
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// splitLines splits lines that hold newlines (wrapped text), so that
// each entry is one row of the screen.
func splitLines(lines []string) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		out = append(out, strings.Split(l, "\n")...)
	}
	return out
}
