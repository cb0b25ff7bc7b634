package forms

import (
	"bytes"
	"encoding/json"
	"errors"

	tea "charm.land/bubbletea/v2"
	"github.com/mcpdev/mcpdev/internal/schema"
	"github.com/mcpdev/mcpdev/internal/schema/check"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Value returns the current arguments as typed JSON: properties in schema
// order, optional fields left empty omitted, required fields always sent
// (a required number or choice left empty is omitted and reported by
// Problems as "Field required"), defaults pre-filled. In JSON mode it is
// the text as typed. The error wraps ErrInvalidJSON when a JSON editor
// holds text that does not parse.
func (f *Form) Value() (json.RawMessage, error) {
	if f.json != nil {
		return f.json.value()
	}
	return f.formValue()
}

func (f *Form) formValue() (json.RawMessage, error) {
	if err := f.parseErrors(); err != nil {
		return nil, err
	}
	v, ok := f.root.value()
	if !ok {
		v = &schema.Object{}
	}
	return marshal(v)
}

// parseErrors joins the errors of JSON editors holding invalid text.
func (f *Form) parseErrors() error {
	var errs []error
	walk(f.root, func(n node) {
		if j, ok := n.(*jsonNode); ok {
			if err := j.parseError(); err != nil {
				errs = append(errs, err)
			}
		}
	})
	return errors.Join(errs...)
}

// walk visits the live nodes of the tree (the chosen union branches only).
func walk(n node, fn func(node)) {
	fn(n)
	switch x := n.(type) {
	case *objectNode:
		for _, k := range x.kids {
			walk(k, fn)
		}
	case *listNode:
		for _, it := range x.items {
			walk(it, fn)
		}
	case *unionNode:
		if b := x.branch(); b != nil {
			walk(b, fn)
		}
	case *nullNode:
		if !x.null {
			walk(x.inner, fn)
		}
	}
}

// subtree visits n and every node below it, union branches built but not
// chosen included.
func subtree(n node, fn func(node)) {
	fn(n)
	switch x := n.(type) {
	case *objectNode:
		for _, k := range x.kids {
			subtree(k, fn)
		}
	case *listNode:
		for _, it := range x.items {
			subtree(it, fn)
		}
	case *unionNode:
		for _, b := range x.built {
			subtree(b, fn)
		}
	case *nullNode:
		subtree(x.inner, fn)
	}
}

func marshal(v any) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSpace(buf.Bytes()), nil
}

// Problems validates the current arguments against the schema.
func (f *Form) Problems() []Problem {
	args, err := f.Value()
	if err != nil {
		return []Problem{{Message: err.Error()}}
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
	if err != nil {
		return []Problem{{Message: err.Error()}}
	}
	return check.Problems(f.doc.root, v)
}

// Submit submits the form as its Submit key does: the command returns a
// SubmitMsg with every problem (it is nil while the text of JSON mode does
// not parse). A parent with a submit key of its own (send it some other
// way) calls it.
func (f *Form) Submit() tea.Cmd { return f.submit(false) }

// submit emits SubmitMsg. Text that is not JSON cannot be sent at all, so
// then it only shows the error. Otherwise the message carries every
// problem; force marks "send anyway".
func (f *Form) submit(force bool) tea.Cmd {
	if r := f.focused(); r != nil && f.json == nil {
		r.runCheck() // the field keeps the cursor: the next key still lands in it
	}
	args, err := f.Value()
	if err != nil {
		f.status, f.pending = "cannot submit: "+err.Error(), nil
		return nil
	}
	probs := f.Problems()
	f.status, f.pending = "", probs
	if len(probs) > 0 && !force {
		f.status = "problems found: fix them, or press " + f.keys.SendAnyway.Help().Key + " to send anyway"
	}
	if f.json != nil {
		f.json.resize(f) // room under the editor for what was found
	}
	msg := SubmitMsg{Args: args, Problems: probs, Force: force}
	return func() tea.Msg { return msg }
}
