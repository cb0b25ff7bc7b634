package forms_test

import (
	"fmt"

	tea "charm.land/bubbletea/v2"
	"github.com/mcpdev/mcpdev/forms"
)

const searchBooks = `{
  "type": "object",
  "properties": {
    "query": {"type": "string", "description": "Title or author to search for."},
    "limit": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10},
    "genre": {"anyOf": [{"enum": ["fiction", "non-fiction", "poetry"]}, {"type": "null"}], "default": null}
  },
  "required": ["query"]
}`

func ExampleNew() {
	f, err := forms.New([]byte(searchBooks), &forms.Options{Width: 80})
	if err != nil {
		panic(err)
	}
	f.Init()
	for _, r := range "dune" {
		f, _ = f.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	args, _ := f.Value()
	fmt.Println(string(args))
	// Output: {"query":"dune","limit":10}
}

func ExampleNew_prefill() {
	f, _ := forms.New([]byte(searchBooks), &forms.Options{Prefill: []byte(`{"query":"dune","limit":500}`)})
	args, _ := f.Value()
	fmt.Println(string(args))
	for _, p := range f.Problems() {
		fmt.Println(p)
	}
	// Output:
	// {"query":"dune","limit":500}
	// limit: Input should be less than or equal to 50
}

func ExampleValidate() {
	problems, _ := forms.Validate([]byte(searchBooks), []byte(`{"limit":500,"genre":"horror"}`))
	for _, p := range problems {
		fmt.Println(p)
	}
	// Output:
	// genre: Input should be 'fiction', 'non-fiction' or 'poetry'
	// limit: Input should be less than or equal to 50
	// query: Field required
}

func ExampleFields() {
	fields, _ := forms.Fields([]byte(searchBooks))
	for _, f := range fields {
		fmt.Printf("%s required=%v: %s\n", f.Path, f.Required, f.Constraints)
	}
	// Output:
	// query required=true: string
	// limit required=false: integer · 1–50 · default 10
	// genre required=false: one of fiction, non-fiction, poetry · nullable
}

func ExampleForm_ToggleJSON() {
	f, _ := forms.New([]byte(searchBooks), nil)
	f.ToggleJSON()
	fmt.Println(f.JSONMode())
	f.ToggleJSON()
	args, _ := f.Value()
	fmt.Println(f.JSONMode(), string(args))
	// Output:
	// true
	// false {"query":"","limit":10}
}

// A parent that moves the keyboard to another pane blurs the form; Focus
// brings the cursor back to the field it was in, whose text the next typed
// character replaces.
func ExampleForm_Focus() {
	f, _ := forms.New([]byte(searchBooks), nil)
	f.Init()
	for _, k := range []tea.KeyPressMsg{{Code: tea.KeyTab}, {Code: '5', Text: "5"}} {
		f, _ = f.Update(k) // limit: 5
	}
	f.Blur() // say the parent shows a result now
	f.Focus()
	f, _ = f.Update(tea.KeyPressMsg{Code: '7', Text: "7"})
	args, _ := f.Value()
	fmt.Println(string(args))
	// Output: {"query":"","limit":7}
}

// A form rebuilt for the same tool (after a restart, from a draft) puts the
// cursor back where it was.
func ExampleForm_Focused() {
	f, _ := forms.New([]byte(searchBooks), nil)
	f.Init()
	f, _ = f.Update(tea.KeyPressMsg{Code: tea.KeyTab})
	args, _ := f.Value()
	g, _ := forms.New([]byte(searchBooks), &forms.Options{Prefill: args, Focus: f.Focused()})
	fmt.Println(f.Focused(), g.Focused())
	// Output: limit limit
}

func ExampleDefaultKeyMap() {
	km := forms.DefaultKeyMap()
	for _, b := range km.ShortHelp() {
		fmt.Println(b.Help().Key, "—", b.Help().Desc)
	}
	// Output:
	// tab — next field
	// enter — next / submit
	// ctrl+s — send anyway
	// ctrl+j — JSON mode
	// esc — cancel
}

func ExampleForm_KeyMap() {
	f, _ := forms.New([]byte(`{"type":"object","properties":{"name":{"type":"string"},"tags":{"type":"array","items":{"type":"string"}}}}`), nil)
	f.Init()
	show := func() {
		k := f.KeyMap()
		fmt.Printf("add item: %v, remove item: %v\n", k.AddItem.Enabled(), k.RemoveItem.Enabled())
	}
	show() // on "name"
	f, _ = f.Update(tea.KeyPressMsg{Code: tea.KeyTab})
	show() // on the list's add button
	f, _ = f.Update(tea.KeyPressMsg{Code: 'n', Mod: tea.ModCtrl})
	show() // on the new item
	// Output:
	// add item: false, remove item: false
	// add item: true, remove item: false
	// add item: true, remove item: true
}

func ExampleForm_Submit() {
	f, _ := forms.New([]byte(searchBooks), &forms.Options{Prefill: []byte(`{"query":"dune","limit":500}`)})
	msg := f.Submit()().(forms.SubmitMsg)
	fmt.Println(string(msg.Args), msg.Problems, msg.Force)
	// Output: {"query":"dune","limit":500} [limit: Input should be less than or equal to 50] false
}
