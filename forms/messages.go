package forms

import "encoding/json"

// SubmitMsg is emitted (as a tea.Cmd result) when the user submits.
// Problems lists every violation of the schema; when it is non-empty and
// Force is false the parent should block sending and show them. Force is
// true when the user chose "send anyway" (ctrl+s): the parent sends Args
// as they are, to test a server's own validation.
type SubmitMsg struct {
	Args     json.RawMessage
	Problems []Problem
	Force    bool
}

// CancelMsg is emitted when the user cancels the form (esc).
type CancelMsg struct{}
