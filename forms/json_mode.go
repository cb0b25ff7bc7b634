package forms

import (
	"bytes"
	"encoding/json"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// jsonMode edits the whole arguments object as JSON text.
type jsonMode struct {
	text     string
	field    huh.Field
	msg      string // live parse error
	selected bool   // the whole text is selected: typing or pasting replaces it
}

// ToggleJSON switches between the form and whole-arguments JSON mode.
// Entering shows the current arguments; leaving loads what was typed back
// into the fields (values that do not fit are kept and flagged). Leaving
// is refused, with the parse error shown, while the text is not JSON.
func (f *Form) ToggleJSON() tea.Cmd {
	if f.json == nil {
		return f.enterJSON()
	}
	return f.leaveJSON()
}

// JSONMode reports whether the form is in whole-arguments JSON mode.
func (f *Form) JSONMode() bool { return f.json != nil }

func (f *Form) enterJSON() tea.Cmd {
	f.blur()
	v, err := f.formValue()
	text := "{}"
	if err == nil {
		text = indentJSON(v)
	}
	j := &jsonMode{text: text}
	f.json = j
	f.status, f.pending = "", nil
	return j.newField(f)
}

// newField (re)builds the editor around j.text and focuses it.
func (j *jsonMode) newField(f *Form) tea.Cmd {
	j.field = huh.NewText().Value(&j.text).Title("arguments (JSON)").
		Description("the whole arguments object, sent as typed · " + f.keys.SelectAll.Help().Key + " selects all of it").
		Lines(max(f.height-4, 8))
	j.resize(f)
	return j.field.Focus()
}

func (j *jsonMode) resize(f *Form) {
	var theme huh.Theme = f.theme
	if c, ok := f.theme.(*cachedTheme); ok {
		theme = selectionTheme{base: c, sel: func() bool { return j.selected }}
	}
	fl := j.field.WithTheme(theme).WithKeyMap(fieldKeyMap()).WithWidth(max(f.width, 20))
	if f.height > 4 { // 2 rows for the parse error and the selection hint, and the status's under them
		fl = fl.WithHeight(max(f.height-2-f.statusLines(), 4))
	}
	j.field = fl
}

func (f *Form) leaveJSON() tea.Cmd {
	v, err := parseJSON(f.json.text)
	if err != nil {
		f.json.msg = err.Error()
		return nil
	}
	raw := []byte("{}")
	if v != absent {
		raw = []byte(f.json.text)
	}
	f.json = nil
	if err := f.buildRoot(raw); err != nil {
		f.status = err.Error()
	}
	f.rows = nil
	f.rebuild()
	f.checkAll(true)
	return f.focusCmd()
}

func (j *jsonMode) update(f *Form, msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if ok {
		switch {
		case key.Matches(k, f.keys.Cancel):
			return func() tea.Msg { return CancelMsg{} }
		case key.Matches(k, f.keys.ToggleJSON):
			return f.ToggleJSON()
		case key.Matches(k, f.keys.SendAnyway):
			return f.submit(true)
		case key.Matches(k, f.keys.Submit):
			return f.submit(false)
		case key.Matches(k, f.keys.SelectAll):
			j.selected = true
			return nil
		}
	}
	_, paste := msg.(tea.PasteMsg)
	if j.selected && (ok || paste) {
		j.selected = false
		if paste || k.Text != "" {
			j.text = ""
			j.newField(f)
		}
	}
	before := j.text
	m, cmd := j.field.Update(msg)
	j.field = m.(huh.Field)
	if j.text != before && f.statusLines() > 0 {
		f.status, f.pending = "", nil // the last submit's findings are stale
		j.resize(f)
	}
	if ok {
		j.msg = ""
		if _, err := parseJSON(j.text); err != nil {
			j.msg = err.Error()
		}
	}
	return cmd
}

// value is the JSON text as typed, compacted (key order and number
// literals are kept).
func (j *jsonMode) value() (json.RawMessage, error) {
	v, err := parseJSON(j.text)
	if err != nil {
		return nil, err
	}
	if v == absent {
		return json.RawMessage("{}"), nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(j.text)); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidJSON, err)
	}
	return buf.Bytes(), nil
}

func indentJSON(v json.RawMessage) string {
	var buf bytes.Buffer
	if json.Indent(&buf, v, "", "  ") != nil {
		return string(v)
	}
	return buf.String()
}
