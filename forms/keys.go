package forms

import "charm.land/bubbles/v2/key"

// KeyMap is the form's own bindings; every other key goes to the focused
// field. It implements help.KeyMap so a parent can show it in a help bar.
type KeyMap struct {
	Next       key.Binding // next field
	Prev       key.Binding // previous field
	Enter      key.Binding // next field; on the last field submit; on a button press it
	Submit     key.Binding // submit from anywhere (problems reported, parent decides)
	SendAnyway key.Binding // submit with Force set: send despite problems
	Cancel     key.Binding // CancelMsg
	ToggleJSON key.Binding // whole-arguments JSON mode and back
	AddItem    key.Binding // add an item to the list the cursor is in
	RemoveItem key.Binding // remove the list item the cursor is in
	Null       key.Binding // set the nullable value the cursor is in to null, and back
	SelectAll  key.Binding // select a text field's (or JSON mode's) whole text: typing or pasting replaces it
}

// DefaultKeyMap returns the documented default bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Next:       key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab", "next field")),
		Prev:       key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab", "previous field")),
		Enter:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "next / submit")),
		Submit:     key.NewBinding(key.WithKeys("alt+enter", "ctrl+r"), key.WithHelp("ctrl+r", "submit")),
		SendAnyway: key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "send anyway")),
		Cancel:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		ToggleJSON: key.NewBinding(key.WithKeys("ctrl+j"), key.WithHelp("ctrl+j", "JSON mode")),
		AddItem:    key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("ctrl+n", "add item")),
		RemoveItem: key.NewBinding(key.WithKeys("ctrl+x"), key.WithHelp("ctrl+x", "remove item")),
		Null:       key.NewBinding(key.WithKeys("ctrl+o"), key.WithHelp("ctrl+o", "null / value")),
		SelectAll:  key.NewBinding(key.WithKeys("ctrl+a"), key.WithHelp("ctrl+a", "select all")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Next, k.Enter, k.SendAnyway, k.ToggleJSON, k.Cancel}
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Next, k.Prev, k.Enter},
		{k.Submit, k.SendAnyway, k.Cancel},
		{k.ToggleJSON, k.SelectAll, k.AddItem, k.RemoveItem, k.Null},
	}
}

// fieldKeyMap is handed to huh fields: navigation and submission are the
// form's, so the fields' own next/prev/submit/filter/editor keys are off.
func fieldKeyMap() *huhKeyMap {
	km := newHuhKeyMap()
	off := key.NewBinding(key.WithDisabled())
	km.Input.Next, km.Input.Prev, km.Input.Submit, km.Input.AcceptSuggestion = off, off, off, off
	km.Text.Next, km.Text.Prev, km.Text.Submit, km.Text.Editor = off, off, off, off
	km.Text.NewLine = key.NewBinding(key.WithKeys("enter", "alt+enter"))
	km.Select.Next, km.Select.Prev, km.Select.Submit, km.Select.Filter = off, off, off, off
	km.Select.Up, km.Select.Down = off, off
	km.Select.Left = key.NewBinding(key.WithKeys("left", "h"))
	km.Select.Right = key.NewBinding(key.WithKeys("right", "l", "space"))
	km.MultiSelect.Next, km.MultiSelect.Prev, km.MultiSelect.Submit, km.MultiSelect.Filter = off, off, off, off
	km.Confirm.Next, km.Confirm.Prev, km.Confirm.Submit = off, off, off
	km.Quit = off
	return km
}

// KeyMap returns the form's bindings as they apply where the cursor is now:
// AddItem is enabled only inside a list, RemoveItem only in a list item,
// Null only in a nullable value, SelectAll only in a text field, and in
// JSON mode only SelectAll of these. A parent's help bar shows what works
// (the form itself still matches its own, always-enabled bindings).
func (f *Form) KeyMap() KeyMap {
	k := f.keys
	r := f.focused()
	fields := f.json == nil && r != nil
	k.AddItem.SetEnabled(fields && r.adds != nil)
	k.RemoveItem.SetEnabled(fields && r.list != nil)
	k.Null.SetEnabled(fields && r.toggleNull != nil)
	k.SelectAll.SetEnabled(f.json != nil || (fields && r.selectable()))
	return k
}
