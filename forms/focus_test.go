package forms

import (
	"strings"
	"testing"
)

// A form always has a focused field, and keys always land in it: after a
// submit, after Blur/Focus (the parent's pane switches), and after a
// select rebuilds the form (issue 11, items 1 and 9).

func TestFocusKeptAfterSubmit(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "search_books.json")), &Options{Width: 80})
	press(f, "type:dune", "ctrl+r", "type:s")
	if v, _ := f.Value(); string(v) != `{"query":"dunes","limit":10}` {
		t.Errorf("typed after a submit: %s, want query dunes", v)
	}
}

func TestFocusReturnsToLastEditedField(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "search_books.json")), &Options{Width: 80})
	press(f, "type:dune", "tab", "type:5", "ctrl+r")
	f.Blur()
	if strings.Contains(plainView(f), "┃") {
		t.Errorf("a blurred form still shows a focused field:\n%s", plainView(f))
	}
	f.Focus()
	if !focusedLine(f, "limit") {
		t.Errorf("after Focus the limit field is not focused:\n%s", plainView(f))
	}
	press(f, "type:7") // the first key replaces the value, as on tab
	if v, _ := f.Value(); string(v) != `{"query":"dune","limit":7}` {
		t.Errorf("typed after Focus: %s, want limit 7", v)
	}
}

func TestKeyToBlurredFormLands(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "search_books.json")), &Options{Width: 80})
	press(f, "type:dune")
	f.Blur()
	press(f, "type:x") // the parent forgot Focus: the key still lands
	if v, _ := f.Value(); string(v) != `{"query":"x","limit":10}` {
		t.Errorf("typed into a blurred form: %s, want query x", v)
	}
	if !focusedLine(f, "query") {
		t.Errorf("the form did not focus itself:\n%s", plainView(f))
	}
}

func TestFocusInOneFieldForm(t *testing.T) {
	f := mustNew(t, `{"type":"object","properties":{"isbn":{"type":"string"}},"required":["isbn"]}`, &Options{Width: 80})
	submitted(t, press(f, "type:978", "enter"))
	f.Blur()
	f.Focus()
	s := submitted(t, press(f, "type:979", "enter"))
	if string(s.Args) != `{"isbn":"979"}` {
		t.Errorf("second submit sent %s, want the retyped isbn", s.Args)
	}
}

func TestSelectKeepsFocusMarkerAfterChange(t *testing.T) {
	for _, file := range []string{"hard/anyof_root.json", "hard/oneof_objects.json", "search_books.json"} {
		t.Run(file, func(t *testing.T) {
			f := mustNew(t, string(readTestdata(t, file)), &Options{Width: 80})
			if file == "search_books.json" {
				press(f, "tab", "tab")
			}
			before := focusedText(f)
			press(f, "right")
			if got := focusedText(f); len(got) == 0 || got[0] != before[0] {
				t.Errorf("after changing the select the focused lines are %q, want the select's (%q)\n%s", got, before, plainView(f))
			}
		})
	}
}

// focusedText is the text of the lines showing the focus marker.
func focusedText(f *Form) []string {
	var out []string
	for _, l := range strings.Split(plainView(f), "\n") {
		if _, after, ok := strings.Cut(l, "┃"); ok {
			out = append(out, strings.TrimSpace(after))
		}
	}
	return out
}

// focusedLine reports whether a focused line holds want.
func focusedLine(f *Form, want string) bool {
	for _, l := range focusedText(f) {
		if strings.Contains(l, want) {
			return true
		}
	}
	return false
}

// A prefilled value that the next typed character replaces is shown
// selected (reversed); once edited it is plain again.
func TestReplaceableTextShownSelected(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "search_books.json")), &Options{Width: 80})
	press(f, "tab")
	if !strings.Contains(f.View(), "\x1b[7m10\x1b[27m") {
		t.Errorf("the default 10 is not shown selected:\n%q", f.View())
	}
	press(f, "right")
	if strings.Contains(f.View(), "\x1b[7m10") {
		t.Errorf("the value is still shown selected after an edit:\n%q", f.View())
	}
}

// A form rebuilt for the same tool (restart, draft) puts the cursor back
// in the field it was in.
func TestFocusOptionRestoresField(t *testing.T) {
	schema := string(readTestdata(t, "hard/array_of_objects.json"))
	f := mustNew(t, schema, &Options{Width: 80})
	press(f, "enter", "type:AB", "tab") // rows[0].qty
	if got := f.Focused(); got != "rows.0.qty" {
		t.Fatalf("Focused() = %q, want rows.0.qty", got)
	}
	args, _ := f.Value()
	g := mustNew(t, schema, &Options{Width: 80, Prefill: args, Focus: f.Focused()})
	if !focusedLine(g, "rows[0].qty") || focusedLine(g, "rows[0].sku") {
		t.Errorf("the rebuilt form's cursor is not in rows[0].qty:\n%s", plainView(g))
	}
	for _, p := range []string{"tags", "nope", ""} {
		g := mustNew(t, schema, &Options{Width: 80, Prefill: args, Focus: p})
		if g.focused() == nil {
			t.Errorf("Focus %q: no focused field", p)
		}
	}
}

func TestKeyMapEnablesNullAndSelectAll(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "hard/nullable_fields.json")), &Options{Width: 80})
	tests := []struct {
		keys            []string
		null, selectAll bool
		where           string
	}{
		{nil, true, true, "note (nullable string)"},
		{[]string{"tab", "tab", "tab", "tab"}, true, false, "genre (nullable select)"},
		{[]string{"tab", "tab", "tab"}, false, true, "plain (string)"},
		{[]string{"ctrl+j"}, false, true, "JSON mode"},
	}
	for _, tt := range tests {
		press(f, tt.keys...)
		k := f.KeyMap()
		if k.Null.Enabled() != tt.null || k.SelectAll.Enabled() != tt.selectAll {
			t.Errorf("%s: null %v select all %v, want %v %v", tt.where, k.Null.Enabled(), k.SelectAll.Enabled(), tt.null, tt.selectAll)
		}
	}
}
