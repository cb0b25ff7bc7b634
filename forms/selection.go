package forms

import (
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// Selection: a text field's whole text can be selected (shown reversed),
// so that what is typed or pasted next replaces it. A prefilled single-line
// input is selected when the cursor enters it; SelectAll (ctrl+a) selects
// any text field, and the whole JSON of JSON mode. Any other key keeps the
// text and edits it.

// selectable reports whether the row edits text.
func (r *row) selectable() bool { return r.replaceable || r.clear != nil }

// rowTheme is the form's theme; a text field shows its text as selected
// while the next typed character would replace it.
func (f *Form) rowTheme(r *row) huh.Theme {
	c, ok := f.theme.(*cachedTheme)
	if !ok || !r.selectable() {
		return f.theme
	}
	return selectionTheme{base: c, sel: func() bool { return r.fresh }}
}

// replaceSelection ends the selection of row r; when typed is set (text
// typed or pasted) the selected text is removed first. It returns the
// focused row, rebuilt when a multi-line field had to be emptied.
func (f *Form) replaceSelection(r *row, typed bool) *row {
	if r == nil || !r.fresh {
		return r
	}
	r.fresh = false
	switch {
	case !typed:
	case r.clear != nil:
		r.clear()
		f.rebuild() // a new field, focused
	default:
		f.forward(tea.KeyPressMsg{Code: tea.KeyEnd})
		f.forward(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}) // delete to the line start
	}
	return f.focused()
}
