package tui

import (
	"encoding/json"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/forms"
)

// heldForm is the throwaway form a pane holds (a tool's, a template's or
// a prompt's): it takes messages, and the keyboard's cursor, while the
// pane has the focus.
type heldForm struct{ form *forms.Form }

func (h *heldForm) Update(msg tea.Msg) tea.Cmd {
	if h.form == nil {
		return nil
	}
	var cmd tea.Cmd
	h.form, cmd = h.form.Update(msg)
	return cmd
}

// focus gives the form the keyboard: its last field is focused again.
func (h *heldForm) focus() tea.Cmd {
	if h.form == nil {
		return nil
	}
	return h.form.Focus()
}

// blur takes the cursor out of the form while another pane has the keys.
func (h *heldForm) blur() {
	if h.form != nil {
		h.form.Blur()
	}
}

// value is the form's current value (nil when there is none, or it is
// not JSON yet).
func (h *heldForm) value() json.RawMessage {
	if h.form == nil {
		return nil
	}
	v, err := h.form.Value()
	if err != nil {
		return nil
	}
	return v
}
