package tui

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/build"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// The changes view covers the output pane after a failed build or a
// restart that changed the tools, until dismissed (d) or another tab is
// chosen: the build error (file:line: message) while the old server keeps
// serving, the tools diff, and with re-run on save the last call's result
// before and after, changed lines highlighted.

// setDevHeader puts the dev loop's state into the header line.
func (m *Model) setDevHeader() {
	d, st := &m.dev, &m.st
	var s string
	switch {
	case !d.watching:
	case d.building:
		s = st.StateBusy.Render("⟳ rebuilding")
	case d.awaitTools:
		s = st.StateBusy.Render("↻ restarting")
	case d.buildErr != nil:
		s = st.StateBad.Render("✗ build failed")
	case d.restarts > 0:
		s = st.StateOK.Render(fmt.Sprintf("✓ rebuilt %s", d.took.Round(10e6)))
	default:
		s = st.HeaderDim.Render("watching")
	}
	if d.rerun && d.watching {
		s += st.HeaderDim.Render(" · re-run on save")
	}
	if s != "" {
		s += st.HeaderDim.Render(" · ")
	}
	m.header.dev = s
}

// devTitle is the output box's title while the changes view covers it.
func (m *Model) devTitle() (string, bool) {
	if !m.dev.pinned {
		return "", false
	}
	return m.st.TabActive.Render("Changes") + m.st.Dim.Render(fmt.Sprintf(" · d dismiss · 1-%d tabs", numTabs)), true
}

// devView renders the changes view (scrolled as far as its lines go:
// rendering changes nothing).
func (m *Model) devView() (string, bool) {
	if !m.dev.pinned {
		return "", false
	}
	lines := m.changesLines()
	return strings.Join(window(len(lines), m.dev.scroll, m.result.height, m.result.width, func(i int) string { return lines[i] }, linesNoun), "\n"), true
}

// changesLines is the changes view: the build error, the tools diff, the
// re-run's comparison.
func (m *Model) changesLines() []string {
	d := &m.dev
	w := m.result.width
	var lines []string
	if d.buildErr != nil {
		lines = append(lines, m.buildErrorLines(w)...)
	}
	if d.diff != nil {
		lines = append(lines, m.diffLines(w)...)
	}
	if d.compare[1] != nil {
		lines = append(lines, m.compareLines(w)...)
	}
	if len(lines) == 0 {
		lines = []string{m.st.Dim.Render("Nothing changed.")}
	}
	return lines
}

func (m *Model) buildErrorLines(w int) []string {
	st := &m.st
	out := []string{st.ProtocolError.Render("Build failed") + st.Dim.Render(" — the old server keeps serving; fix and save")}
	var be *build.Error
	if errors.As(m.dev.buildErr, &be) && len(be.Problems) > 0 {
		for _, p := range be.Problems {
			line := st.Bold.Render(termtext.Line(fmt.Sprintf("%s:%d:", m.shortFile(p.File), p.Line))) + " " + termtext.Line(p.Message)
			for _, l := range strings.Split(ansi.Wrap(line, max(w-4, 10), ""), "\n") {
				out = append(out, "  "+l)
			}
		}
		return append(out, "")
	}
	for _, l := range strings.Split(wrapWords(termtext.Text(buildErrorText(m.dev.buildErr)), max(w-2, 10)), "\n") {
		out = append(out, "  "+l)
	}
	return append(out, "")
}

// buildErrorText is the compiler's output (or the error) in short.
func buildErrorText(err error) string {
	var be *build.Error
	if errors.As(err, &be) {
		if len(be.Problems) > 0 {
			var ps []string
			for _, p := range be.Problems {
				ps = append(ps, p.String())
			}
			return strings.Join(ps, "; ")
		}
		if s := strings.TrimSpace(be.Output); s != "" {
			return s
		}
	}
	return err.Error()
}

// diffLines is the tools diff, each line wrapped at w (a change at the
// end of a long description stays in view).
func (m *Model) diffLines(w int) []string {
	st, d := &m.st, &m.dev
	head := fmt.Sprintf("Restarted (%s) · %s", d.took.Round(10e6), d.diff.Summary())
	out := []string{st.Section.Render(head)}
	for _, l := range d.diff.Lines() {
		l = termtext.Line(l) // tool names and descriptions are the server's
		style := st.Dim
		switch {
		case strings.HasPrefix(l, "+ "):
			style = st.Success
		case strings.HasPrefix(l, "- "):
			style = st.ProtocolError
		case strings.HasPrefix(l, "~ "):
			style = st.Bold
		case strings.HasPrefix(l, "! "): // a new lint finding
			style = st.ToolError
		}
		for _, part := range hangingWrap(l, w-2) {
			out = append(out, "  "+style.Render(part))
		}
	}
	if len(out) == 1 {
		out = append(out, st.Dim.Render("  (the same tools, schemas and annotations)"))
	}
	return append(out, "")
}

// compareLines shows the re-run's result beside the previous one, lines
// that differ highlighted.
func (m *Model) compareLines(w int) []string {
	st, c := &m.st, m.dev.compare
	out := []string{st.Section.Render("Re-run " + termtext.Line(c[1].tool) + " after the restart")}
	colW := max((w-3)/2, 8)
	left, right := sanitizeLines(recordLines(c[0])), sanitizeLines(recordLines(c[1]))
	out = append(out, pad(st.Dim.Render("before"), colW)+st.Dim.Render(" │ ")+st.Dim.Render("after"))
	for i := 0; i < max(len(left), len(right)); i++ {
		out = append(out, m.compareRows(at(left, i), at(right, i), colW)...)
	}
	if slicesEqual(left, right) {
		out = append(out, st.Dim.Render("(the same result)"))
	}
	return out
}

// compareRows is one line before and after, each wrapped in its column
// (a change at the end of a long line shows); the rows that differ are
// highlighted.
func (m *Model) compareRows(l, r string, colW int) []string {
	st := &m.st
	wl, wr := strings.Split(wrapWords(l, colW), "\n"), strings.Split(wrapWords(r, colW), "\n")
	rows := make([]string, max(len(wl), len(wr)))
	for j := range rows {
		ls, rs := at(wl, j), at(wr, j)
		if l != r && ls != rs {
			ls, rs = st.ProtocolError.Render(ls), st.Success.Render(rs)
		}
		rows[j] = pad(ls, colW) + st.Dim.Render(" │ ") + rs
	}
	return rows
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}

func pad(s string, w int) string {
	return s + strings.Repeat(" ", max(w-ansi.StringWidth(s), 0))
}

func slicesEqual(a, b []string) bool {
	return strings.Join(a, "\n") == strings.Join(b, "\n")
}

// recordLines is a call's outcome as plain lines: text content, then the
// structured content pretty-printed, then isError or the protocol error.
func recordLines(r *callRecord) []string {
	if r.res == nil {
		return []string{"error: " + fmt.Sprint(r.err)}
	}
	var out []string
	for _, c := range r.res.Content {
		out = append(out, strings.Split(contentLine(c), "\n")...)
	}
	if len(r.res.StructuredContent) > 0 {
		var v any
		if json.Unmarshal(r.res.StructuredContent, &v) == nil {
			b, _ := json.MarshalIndent(v, "", "  ")
			out = append(out, strings.Split(string(b), "\n")...)
		}
	}
	if r.res.IsError {
		out = append(out, "isError: true")
	}
	return out
}

func contentLine(c sdk.Content) string {
	if c.Type == "text" {
		return c.Text
	}
	return fmt.Sprintf("[%s %s]", c.Type, c.MimeType)
}

// shortFile shows a compiler's file relative to the watched package when
// it is inside it (the compiler's path is relative to the current
// directory, or absolute outside it).
func (m *Model) shortFile(file string) string {
	t := m.dev.opts.Target
	if t == nil || t.GoPath == "" || !filepath.IsAbs(file) {
		return file
	}
	base, err := filepath.Abs(t.GoPath)
	if err != nil {
		return file
	}
	if strings.HasSuffix(base, ".go") {
		base = filepath.Dir(base)
	}
	if rel, err := filepath.Rel(base, file); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return file
}

// hangingWrap wraps l at w, its continuation lines indented two more than
// l is (under the text, past a +, - or ~).
func hangingWrap(l string, w int) []string {
	first, rest, _ := strings.Cut(ansi.Wrap(l, max(w, 10), ""), "\n")
	out := []string{first}
	if rest == "" {
		return out
	}
	indent := strings.Repeat(" ", len(l)-len(strings.TrimLeft(l, " "))+2)
	rest = strings.ReplaceAll(rest, "\n", " ")
	for _, part := range strings.Split(ansi.Wrap(rest, max(w-len(indent), 10), ""), "\n") {
		out = append(out, indent+part)
	}
	return out
}
