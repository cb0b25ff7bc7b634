package forms

import (
	"cmp"
	"image/color"
	"sort"
	"strings"

	"charm.land/huh/v2"
	"charm.land/lipgloss/v2"

	"github.com/mcpdev/mcpdev/internal/scrollmark"
	"github.com/mcpdev/mcpdev/internal/termtext"
)

var darkBackground color.Color = color.Black

// View renders the form as a string; the parent wraps it in its frame.
// When the form is taller than its height, the lines around the focused
// field are shown, above the scroll mark (see window).
func (f *Form) View() string {
	st := f.theme.Theme(f.dark)
	if f.json != nil {
		return f.json.view(st, f.statusView(st))
	}
	var blocks []string
	starts := make([]int, 0, len(f.rows)) // each row's first line
	top, bottom := 0, 0
	lines := 0
	for i, r := range f.rows {
		b := f.renderRow(st, r, i == f.focus)
		starts = append(starts, lines)
		if i == f.focus {
			top = lines
			bottom = lines + lipgloss.Height(b)
		}
		lines += lipgloss.Height(b) + 1
		blocks = append(blocks, b)
	}
	if len(f.rows) == 0 {
		blocks = append(blocks, st.Blurred.Description.Render("no arguments"))
	}
	if s := f.statusView(st); s != "" {
		blocks = append(blocks, s)
	}
	return f.window(strings.Join(blocks, "\n\n"), starts, top, bottom)
}

func (f *Form) renderRow(st *huh.Styles, r *row, focused bool) string {
	var b string
	switch {
	case r.field != nil:
		b = r.field.View()
	case r.press != nil: // headers and buttons name schema properties
		b = f.button(st, termtext.Line(r.text), focused)
	case r.isNull:
		b = f.nullView(st, r, focused && !f.blurred)
	default: // a list's or an object's header, wrapped at spaces as a field's is (fit)
		w := f.fieldWidth(r)
		b = st.Focused.Title.Render(wrapAtSpaces(termtext.Line(r.text), w))
		if r.note != "" {
			b += "\n" + st.Blurred.Description.Render(wrapAtSpaces(termtext.Text(r.note), w))
		}
	}
	b += noteLines(st, r)
	if r.depth > 0 {
		b = lipgloss.NewStyle().MarginLeft(2 * r.depth).Render(b)
	}
	return b
}

// nullView shows a value set to null the way huh shows a field: title,
// description, and the value, with the focus marker when focused.
func (f *Form) nullView(st *huh.Styles, r *row, focused bool) string {
	fs := &st.Blurred
	if focused {
		fs = &st.Focused
	}
	w := f.fieldWidth(r)
	inner := max(w-fs.Base.GetHorizontalFrameSize(), 10)
	lines := []string{fs.Title.Render(wrapAtSpaces(termtext.Line(r.text), inner))}
	if r.note != "" {
		lines = append(lines, fs.Description.Render(wrapAtSpaces(termtext.Text(r.note), inner)))
	}
	v := fs.TextInput.Prompt.Render("= ") + fs.TextInput.Text.Render("null")
	if focused {
		hint := f.keys.Null.Help().Key + ": not null"
		if r.nullInput {
			hint = "type a value, or " + hint
		}
		v += fs.Description.Render("  (" + hint + ")")
	}
	lines = append(lines, v)
	return fs.Base.Width(w).Render(strings.Join(lines, "\n"))
}

func (f *Form) button(st *huh.Styles, text string, focused bool) string {
	if focused {
		return st.Focused.FocusedButton.Render(text)
	}
	return st.Blurred.BlurredButton.Render(text)
}

// noteLines renders a row's misfit flag and its check result.
func noteLines(st *huh.Styles, r *row) string {
	var s string
	if r.flag != "" {
		s += "\n  " + errStyle(st).Render("⚠ "+r.flag)
	}
	if r.msg != "" {
		s += "\n  " + errStyle(st).Render("✗ "+termtext.Line(r.msg))
	}
	if r.refused != "" {
		s += "\n  " + errStyle(st).Render("✗ "+termtext.Line(r.refused))
	}
	return s
}

func (f *Form) statusView(st *huh.Styles) string {
	var lines []string
	if f.status != "" {
		lines = append(lines, errStyle(st).Render(f.status))
	}
	if f.status != "" || len(f.pending) > 0 {
		for _, p := range f.pending {
			lines = append(lines, errStyle(st).Render("  • "+termtext.Line(p.String())))
		}
	}
	return strings.Join(lines, "\n")
}

// window cuts the rendered form to the height. A form taller than that
// gives its last row to the scroll mark (how many lines are above and
// below, worded as every pane of the inspector words it) and shows the
// focused row (lines top..bottom) whole. The window starts at a row's
// first line (one of starts), so no field shows without its label: not
// when the focus moves down, nor when the height shrinks (the focus left
// the form and its box got smaller). A focused row too tall to fit above
// the mark has the whole window instead, its end (the value being typed)
// kept in view.
func (f *Form) window(s string, starts []int, top, bottom int) string {
	lines := strings.Split(s, "\n")
	if f.height <= 0 || len(lines) <= f.height {
		f.offset = 0
		return s
	}
	rows := f.height - 1 // above the mark
	if bottom-top > rows {
		f.offset = max(top, bottom-f.height)
		return strings.Join(lines[f.offset:min(f.offset+f.height, len(lines))], "\n")
	}
	if top < f.offset {
		f.offset = top
	}
	if bottom > f.offset+rows {
		f.offset = bottom - rows
	}
	f.offset = max(0, min(f.offset, len(lines)-rows))
	// Start at a row's first line: the one at or above the offset when the
	// focused row still fits below it (more of the form shows), else the
	// next one.
	switch i := sort.SearchInts(starts, f.offset+1) - 1; {
	case i >= 0 && bottom <= starts[i]+rows:
		f.offset = starts[i]
	case i+1 < len(starts) && starts[i+1] <= top:
		f.offset = starts[i+1]
	}
	end := min(f.offset+rows, len(lines))
	shown := make([]string, rows, f.height) // blank below the last row shown: the mark is on the last row
	copy(shown, lines[f.offset:end])
	shown = append(shown, scrollmark.Row(f.offset, len(lines)-end, cmp.Or(f.width, 80), scrollmark.Lines))
	return strings.Join(shown, "\n")
}

// view shows the JSON editor, then what a refused submit found (status:
// statusView), in the rows the editor leaves it (jsonMode.resize).
func (j *jsonMode) view(st *huh.Styles, status string) string {
	s := j.field.View()
	if j.selected {
		s += "\n" + st.Focused.Description.Render("all selected: what you type or paste replaces it; any other key keeps it")
	}
	if j.msg != "" {
		s += "\n" + errStyle(st).Render("✗ "+j.msg)
	}
	if status != "" {
		s += "\n" + status
	}
	return s
}

// statusLines is how many lines statusView takes.
func (f *Form) statusLines() int {
	n := len(f.pending)
	if f.status != "" {
		n++
	}
	return n
}

// errStyle is the theme's error colour without huh's " *" prefix.
func errStyle(st *huh.Styles) lipgloss.Style {
	return st.Focused.ErrorMessage.UnsetString()
}
