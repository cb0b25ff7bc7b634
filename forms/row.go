package forms

import "charm.land/huh/v2"

// row is one line item of the form: a huh field, a header or a button.
type row struct {
	id    string    // stable identity, used to keep focus across rebuilds
	field huh.Field // nil for headers and buttons
	text  string    // header or button text
	note  string    // header description line
	depth int

	press      func() bool         // button: act; true when structure changed
	changed    func() bool         // after a key: true when structure changed
	check      func() string       // the field's own problem, run on leave
	live       bool                // run check after every key (JSON editors)
	multiline  bool                // enter types a newline
	refuse     func(string) string // why typed text is not taken ("" takes it)
	refused    string              // the last key refused, and why (shown)
	list       *listNode           // innermost list whose item holds this row (ctrl+x)
	item       int                 // index of that item in list
	adds       *listNode           // innermost list holding this row (ctrl+n)
	isNull     bool                // the row of a value set to null
	nullInput  bool                // typing on that row starts a value
	toggleNull func()              // innermost nullable value holding the row: null and back
	nullPath   string              // that value's path (to refocus it)
	flag       string              // prefill misfit note
	msg        string              // last check result
	// replaceable single-line inputs select their text when focused, as a
	// web form does on tab: the first typed character replaces a prefilled
	// value (a default, or last call's argument); any other key edits it.
	replaceable bool
	fresh       bool   // the text is selected (shown reversed): typing replaces it
	clear       func() // empties a multi-line field's value (it is rebuilt after)
}

func (r *row) focusable() bool { return r.field != nil || r.press != nil || r.isNull }

func (r *row) runCheck() {
	if r.check != nil {
		r.msg = r.check()
	}
}
