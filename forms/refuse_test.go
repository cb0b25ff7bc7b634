package forms

import (
	"strings"
	"testing"
)

// A key a field cannot take is refused with its reason shown under the
// field, never silently dropped (issue 11, items 1 and 9).
func TestRefusedKeyShowsWhy(t *testing.T) {
	tests := []struct {
		name, schema string
		keys         []string
		want         string // the args, unchanged by the refused key
		why          string
	}{
		{"integer letter", "search_books.json", []string{"tab", "backspace", "type:1a"},
			`{"query":"","limit":11}`, `"a" not typed: an integer takes digits and a sign only`},
		{"integer decimal point", "search_books.json", []string{"tab", "backspace", "type:1."},
			`{"query":"","limit":11}`, `"." not typed: an integer takes no decimals (digits and a sign only)`},
		{"number letter", "hard/nested_defs.json", []string{"tab", "tab", "type:5x"},
			``, `"x" not typed: a number takes digits, a sign, "." and "e" only`},
		{"select", "search_books.json", []string{"tab", "tab", "type:f"},
			`{"query":"","limit":10}`, `"f" not typed: choose with ←/→ (or h/l, space)`},
		{"multi-select", "hard/numeric_enum.json", []string{"tab", "tab", "type:a"},
			`{"level":2}`, `"a" not typed: move with ↑/↓, toggle with space or x`},
		{"add button", "hard/array_of_objects.json", []string{"type:5"},
			`{"rows":[]}`, `"5" not typed: this is a button: enter adds an item`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustNew(t, string(readTestdata(t, tt.schema)), &Options{Width: 100})
			press(f, tt.keys...)
			if v, _ := f.Value(); tt.want != "" && string(v) != tt.want {
				t.Errorf("args (-want +got):\n-%s\n+%s", tt.want, v)
			}
			if !strings.Contains(plainView(f), "✗ "+tt.why) {
				t.Errorf("the view does not say %q:\n%s", tt.why, plainView(f))
			}
			press(f, "tab")
			if strings.Contains(plainView(f), tt.why) {
				t.Errorf("the reason stays after the cursor left:\n%s", plainView(f))
			}
		})
	}
}

func TestRefusedKeyReasonClearsOnNextKey(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "search_books.json")), &Options{Width: 80})
	press(f, "tab", "backspace", "type:a")
	press(f, "type:2")
	if s := plainView(f); strings.Contains(s, "not typed") {
		t.Errorf("the reason stays after a key was taken:\n%s", s)
	}
	if v, _ := f.Value(); string(v) != `{"query":"","limit":12}` {
		t.Errorf("args %s, want limit 12", v)
	}
}

func TestKeyInFormWithoutFieldsSaysWhy(t *testing.T) {
	f := mustNew(t, `{"type":"object"}`, &Options{Width: 80})
	press(f, "type:x")
	if s := plainView(f); !strings.Contains(s, "this form has no fields: ctrl+r submits it") {
		t.Errorf("a key typed into a form without fields vanished:\n%s", s)
	}
}
