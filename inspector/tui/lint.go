package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/internal/termtext"
)

// The badges of a tool with lint findings (the spec's rules, as mcpdev
// lint reports them): lintErrorBadge when one of them is an error.
const (
	lintBadge      = "lint"
	lintErrorBadge = "lint error"
)

// lintBadgeText is the badge of a tool with findings fs ("lint 2"), ""
// for none.
func lintBadgeText(st *Styles, fs []lint.Finding) string {
	if len(fs) == 0 {
		return ""
	}
	style := st.Badge[lintBadge]
	if errs, _ := lint.Count(fs); errs > 0 {
		style = st.Badge[lintErrorBadge]
	}
	return style.Render(fmt.Sprintf("%s %d", lintBadge, len(fs)))
}

// lintLines is the Lint section of a tool's details: each finding's
// severity, rule and place, then its message and what to change, wrapped
// at w.
func lintLines(st *Styles, fs []lint.Finding, w int) []string {
	if len(fs) == 0 {
		return nil
	}
	out := []string{"", st.Section.Render("Lint") + st.Dim.Render(" (mcpdev lint; docs/lint.md)")}
	for _, f := range fs {
		sev := st.ToolError.Render(string(f.Severity))
		if f.Severity == lint.Error {
			sev = st.ProtocolError.Render(string(f.Severity))
		}
		head := sev + " " + st.Bold.Render(f.Rule) + " " + st.Dim.Render(termtext.Line(termtext.Clip(f.Path, 200)))
		out = append(out, ansi.Truncate(head, w, "…"))
		out = append(out, indentWrap(termtext.Line(f.Message), w, "  "))
		out = append(out, st.Dim.Render(indentWrap("fix: "+f.Fix, w, "  ")))
	}
	return out
}

// Lint is the findings of the tool named name (none: nil).
func (p *toolsPane) Lint(name string) []lint.Finding { return p.lint[name] }

// selectedLint is the findings of the selected tool (none: nil).
func (m *Model) selectedLint() []lint.Finding {
	if sel := m.tools.Selected(); sel != nil {
		return m.tools.Lint(sel.Name)
	}
	return nil
}

// indentWrap wraps s at w with every line indented by indent.
func indentWrap(s string, w int, indent string) string {
	lines := strings.Split(ansi.Wrap(s, max(w-len(indent), 10), ""), "\n")
	for i, l := range lines {
		lines[i] = indent + l
	}
	return strings.Join(lines, "\n")
}
