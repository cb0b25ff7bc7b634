package forms

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Keystroke tests: fill a form with synthetic key presses, submit, and
// compare the arguments and problems.
func TestKeystrokes(t *testing.T) {
	tests := []struct {
		name, file string
		keys       []string
		want       string
		problems   int
	}{
		{"search defaults", "search_books.json", []string{"type:dune", "enter", "enter", "enter"}, `{"query":"dune","limit":10}`, 0},
		{"search genre", "search_books.json", []string{"type:dune", "tab", "tab", "right", "enter"}, `{"query":"dune","limit":10,"genre":"fiction"}`, 0},
		{"search genre none", "search_books.json", []string{"type:x", "tab", "tab", "left", "enter"}, `{"query":"x","limit":10,"genre":null}`, 0},
		{"integer refuses decimals", "search_books.json", []string{"type:q", "tab", "backspace", "backspace", "type:2.5", "ctrl+r"}, `{"query":"q","limit":25}`, 0},
		{"limit 500 reported", "search_books.json", []string{"type:q", "tab", "type:500", "ctrl+r"}, `{"query":"q","limit":500}`, 1},
		{"typing replaces a prefilled default", "search_books.json", []string{"type:q", "tab", "type:5", "ctrl+r"}, `{"query":"q","limit":5}`, 0},
		{"any other key edits the default instead", "search_books.json", []string{"type:q", "tab", "backspace", "type:5", "ctrl+r"}, `{"query":"q","limit":15}`, 0},
		{"year 1200 reported", "add_book.json", []string{"type:D", "tab", "type:F", "tab", "type:1200", "enter"}, `{"book":{"title":"D","author":"F","year":1200}}`, 1},
		{"empty required number", "add_book.json", []string{"ctrl+r"}, `{"book":{"title":"","author":""}}`, 1},
		{"nested defs", "hard/nested_defs.json", []string{"type:n", "tab", "type:Oslo", "tab", "type:59.9", "tab", "type:10.7", "enter"},
			`{"name":"n","home":{"city":"Oslo","geo":{"lat":59.9,"lon":10.7}}}`, 0},
		{"array of objects", "hard/array_of_objects.json", []string{"enter", "type:AB", "tab", "type:4", "tab", "enter", "type:C", "tab", "type:3", "ctrl+r"},
			`{"rows":[{"sku":"AB","qty":4},{"sku":"C","qty":3}]}`, 1},
		{"remove item", "hard/array_of_objects.json", []string{"enter", "type:AB", "ctrl+n", "type:CD", "shift+tab", "shift+tab", "ctrl+x", "ctrl+r"},
			`{"rows":[{"sku":"CD"}]}`, 1},
		{"list of strings", "hard/array_of_objects.json", []string{"tab", "enter", "type:x", "ctrl+n", "type:y", "ctrl+r"},
			`{"rows":[],"tags":["x","y"]}`, 1},
		{"anyOf at root", "hard/anyof_root.json", []string{"right", "right", "tab", "type:bob", "ctrl+r"}, `{"name":"bob","exact":false}`, 0},
		{"anyOf switch keeps values", "hard/anyof_root.json", []string{"right", "tab", "type:7", "shift+tab", "right", "left", "ctrl+r"}, `{"id":7}`, 0},
		{"oneOf objects", "hard/oneof_objects.json", []string{"right", "tab", "right", "tab", "type:2", "ctrl+r"}, `{"shape":{"kind":"circle","r":2}}`, 0},
		{"numeric enum", "hard/numeric_enum.json", []string{"right", "tab", "right", "right", "tab", "space", "down", "down", "space", "ctrl+r"},
			`{"level":3,"ratio":1.5,"flags":["a","c"]}`, 0},
		{"nullable enum", "hard/nullable_enum.json", []string{"right", "right", "right", "ctrl+r"}, `{"genre":null}`, 0},
		{"draft-07 definitions", "hard/draft07_definitions.json", []string{"type:1", "tab", "type:-2", "ctrl+r"}, `{"from":{"x":1,"y":-2}}`, 0},
		{"json editor", "hard/true_schema.json", []string{"type:[1,", "enter", "type:{}]", "ctrl+r"}, `{"anything":[1,{}]}`, 0},
		{"strings", "hard/strings.json", []string{"tab", "type:bcd", "ctrl+r"}, `{"code":"bcd"}`, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustNew(t, string(readTestdata(t, tt.file)), &Options{Width: 80})
			s := submitted(t, press(f, tt.keys...))
			if string(s.Args) != tt.want {
				t.Errorf("args mismatch (-want +got):\n-%s\n+%s\n%s", tt.want, s.Args, plainView(f))
			}
			if len(s.Problems) != tt.problems {
				t.Errorf("problems = %v, want %d", s.Problems, tt.problems)
			}
		})
	}
}

func TestSendAnyway(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "add_book.json")), nil)
	s := submitted(t, press(f, "type:D", "tab", "type:F", "tab", "type:1200", "ctrl+s"))
	if !s.Force || len(s.Problems) != 1 || s.Problems[0].Path != "book.year" {
		t.Errorf("send anyway = %+v", s)
	}
}

func TestCancel(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "add_book.json")), nil)
	msgs := press(f, "type:x", "esc")
	if len(msgs) != 1 || msgs[0] != (CancelMsg{}) {
		t.Errorf("msgs = %v", msgs)
	}
}

func TestCtrlCNotConsumedSilently(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "add_book.json")), nil)
	_, cmd := f.Update(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	if msgs := drain(cmd); len(msgs) != 0 {
		t.Errorf("ctrl+c produced %v", msgs)
	}
}

func TestJSONModeToggle(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "search_books.json")), nil)
	press(f, "type:dune", "ctrl+j")
	if !f.JSONMode() {
		t.Fatal("not in JSON mode")
	}
	v, _ := f.Value()
	if string(v) != `{"query":"dune","limit":10}` {
		t.Errorf("JSON mode value = %s", v)
	}
	// Edit as text: replace the whole object.
	f.json.text = `{"limit": 7, "query": "x", "extra": true}`
	v, _ = f.Value()
	if string(v) != `{"limit":7,"query":"x","extra":true}` {
		t.Errorf("typed JSON not sent as typed: %s", v)
	}
	f.json.text = `{"limit": `
	press(f, "ctrl+j")
	if !f.JSONMode() {
		t.Fatal("left JSON mode with invalid text")
	}
	if s := plainView(f); !containsStr(s, "invalid JSON") {
		t.Errorf("no parse error shown:\n%s", s)
	}
	f.json.text = `{"limit": 7, "query": "x", "extra": true}`
	press(f, "ctrl+j")
	v, _ = f.Value()
	if f.JSONMode() || string(v) != `{"query":"x","limit":7,"extra":true}` {
		t.Errorf("back in form: json=%v value=%s", f.JSONMode(), v)
	}
	if s := plainView(f); !containsStr(s, "not in the schema") {
		t.Errorf("extra key not flagged:\n%s", s)
	}
}

func TestFocusStartsInFirstField(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "add_book.json")), nil)
	if r := f.focused(); r == nil || r.id != "book.title#input" {
		t.Errorf("focused = %+v", r)
	}
}
