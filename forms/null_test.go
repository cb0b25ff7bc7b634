package forms

import (
	"strings"
	"testing"
)

// A nullable field can be set to an explicit null in the form and back
// (ctrl+o), and null coming from JSON mode or a prefill shows as null,
// not as a misfit (issue 11, item 5).

func TestNullableFieldSetToNull(t *testing.T) {
	tests := []struct {
		name string
		keys []string // from the first field; ends on the field, before ctrl+o
		was  string   // the value before
	}{
		{"string", []string{"type:hi"}, `{"note":"hi"}`},
		{"integer", []string{"tab", "type:3"}, `{"count":3}`},
		{"list", []string{"tab", "tab", "enter", "type:a"}, `{"tags":["a"]}`},
		{"object", []string{"tab", "tab", "tab", "type:x"}, `{"owner":{"name":"x"}}`},
		{"enum", []string{"tab", "tab", "tab", "tab", "right"}, `{"genre":"fiction"}`},
		{"boolean", []string{"tab", "tab", "tab", "tab", "tab", "right"}, `{"flag":true}`},
		{"union", []string{"tab", "tab", "tab", "tab", "tab", "tab", "right", "tab", "type:ab", "shift+tab"}, `{"id":"ab"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustNew(t, string(readTestdata(t, "hard/nullable_fields.json")), &Options{Width: 100})
			press(f, tt.keys...)
			before, _ := f.Value()
			if string(before) != tt.was {
				t.Fatalf("before ctrl+o: %s, want %s\n%s", before, tt.was, plainView(f))
			}
			press(f, "ctrl+o")
			got, _ := f.Value()
			key := tt.name
			if want := nullIn(t, tt.was, key); string(got) != want {
				t.Errorf("after ctrl+o (-want +got):\n-%s\n+%s\n%s", want, got, plainView(f))
			}
			if p := f.Problems(); len(p) > 0 && tt.name != "enum" && tt.name != "boolean" && tt.name != "union" {
				t.Errorf("null reported as a problem: %v", p)
			}
			press(f, "ctrl+o")
			if again, _ := f.Value(); string(again) != tt.was {
				t.Errorf("ctrl+o twice: %s, want the value back %s", again, tt.was)
			}
		})
	}
}

// nullIn is was with the field the case names set to null.
func nullIn(t *testing.T, was, name string) string {
	field := map[string]string{"string": "note", "integer": "count", "list": "tags", "object": "owner",
		"enum": "genre", "boolean": "flag", "union": "id"}[name]
	i := strings.Index(was, `"`+field+`":`)
	if i < 0 {
		t.Fatalf("no %s in %s", field, was)
	}
	return was[:i] + `"` + field + `":null}`
}

func TestNullRowTypingStartsValue(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "hard/nullable_fields.json")), &Options{Width: 100})
	press(f, "tab", "ctrl+o")
	if !strings.Contains(plainView(f), "= null") {
		t.Fatalf("no null row:\n%s", plainView(f))
	}
	press(f, "type:42")
	if v, _ := f.Value(); string(v) != `{"count":42}` {
		t.Errorf("typed on the null row: %s, want count 42", v)
	}
	press(f, "tab", "ctrl+o", "type:x") // a null list is not typed into: the reason is shown
	if !strings.Contains(plainView(f), `"x" not typed: the value is null (ctrl+o: not null)`) {
		t.Errorf("a key typed on a null list vanished:\n%s", plainView(f))
	}
}

func TestNullNotAllowedSaysWhy(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "search_books.json")), &Options{Width: 100})
	press(f, "ctrl+o")
	if !strings.Contains(plainView(f), "null is not allowed here") {
		t.Errorf("ctrl+o on a field that cannot be null did nothing visible:\n%s", plainView(f))
	}
}

func TestNullFromJSONModeShowsNoWarning(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "hard/nullable_fields.json")), &Options{Width: 100})
	press(f, "ctrl+j")
	text := `{"note":null,"count":null,"tags":null,"owner":null,"genre":null,"flag":null,"id":null}`
	f.json.text = text
	press(f, "ctrl+j")
	s := plainView(f)
	if strings.Contains(s, "does not fit") || strings.Contains(s, "⚠") {
		t.Errorf("null from JSON mode flagged:\n%s", s)
	}
	if n := strings.Count(s, "= null"); n != 4 {
		t.Errorf("%d null rows, want 4 (note, count, tags, owner):\n%s", n, s)
	}
	if v, _ := f.Value(); string(v) != text {
		t.Errorf("back in the form: %s, want %s", v, text)
	}
}

func TestNullPrefilled(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "hard/nullable_fields.json")), &Options{Width: 100, Prefill: []byte(`{"count":null,"owner":null}`)})
	if s := plainView(f); strings.Contains(s, "does not fit") {
		t.Errorf("a prefilled null flagged:\n%s", s)
	}
	if v, _ := f.Value(); string(v) != `{"count":null,"owner":null}` {
		t.Errorf("prefilled nulls: %s", v)
	}
}
