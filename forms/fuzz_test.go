package forms

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// FuzzForm: arbitrary schemas and arbitrary previous values never panic,
// Value is always JSON (or ErrInvalidJSON), and the form's Problems are
// exactly what Validate says about that JSON, so nothing the validator
// rejects goes unreported.
func FuzzForm(f *testing.F) {
	for _, s := range []string{"search_books.json", "add_book.json", "hard/recursive.json", "hard/anyof_root.json", "hard/true_schema.json", "hard/numeric_enum.json",
		"hard/nested_lists.json", "hard/nullable_fields.json", "hard/edit_file.json"} {
		f.Add(readTestdata(f, s), []byte(`{"query":"q","limit":500,"book":{"year":1},"id":1.5,"level":"x"}`))
	}
	f.Add([]byte(`true`), []byte(`[1]`))
	f.Add([]byte(`{"type":"integer","minimum":3}`), []byte(`2`))
	f.Add([]byte(`{"oneOf":[{"type":"string"},{"type":"string"}]}`), []byte(`"a"`))
	f.Fuzz(func(t *testing.T, schema, prefill []byte) {
		if !json.Valid(prefill) {
			prefill = nil
		}
		form, err := New(schema, &Options{Prefill: prefill, Width: 60, Height: 20})
		if err != nil {
			return
		}
		form.Init()
		_ = form.View()
		for _, k := range []string{"tab", "right", "enter", "ctrl+n", "1", "ctrl+o", "2", "ctrl+x", "shift+tab", "ctrl+o"} {
			form.Update(keyMsg(k)) // commands are not run: cursor blinks would sleep
		}
		_ = form.View()
		args, err := form.Value()
		if err != nil {
			if !errors.Is(err, ErrInvalidJSON) {
				t.Fatalf("Value error %v", err)
			}
			return
		}
		if !json.Valid(args) {
			t.Fatalf("Value is not JSON: %s", args)
		}
		want, err := Validate(schema, args)
		if err != nil {
			t.Fatalf("Validate: %v", err)
		}
		if got := form.Problems(); !reflect.DeepEqual(got, want) {
			t.Fatalf("form problems %v, validator %v for %s", got, want, args)
		}
		v, _ := jsonschema.UnmarshalJSON(bytes.NewReader(args))
		if len(want) == 0 && form.doc.root.Validate(v) != nil {
			t.Fatalf("validator rejects %s silently", args)
		}
	})
}
