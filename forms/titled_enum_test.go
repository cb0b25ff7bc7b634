package forms

import (
	"strings"
	"testing"
)

// An elicitation form (SEP-1330) spells a select whose options have labels
// as a oneOf (single) or items.anyOf (multi) of titled constants, next to
// "type". The form offers the constants, labelled with their titles, and
// sends the constants.
const titledForm = `{"type":"object","properties":{
 "hero":{"type":"string","title":"Hero","oneOf":[{"const":"hero-1","title":"Superman"},{"const":"hero-2","title":"Green Lantern"}],"default":"hero-1"},
 "fish":{"type":"array","minItems":1,"items":{"anyOf":[{"const":"fish-1","title":"Tuna"},{"const":"fish-2","title":"Salmon"},{"const":"fish-3"}]}}
},"required":["hero"]}`

func TestTitledEnumIsASelectOfItsConstants(t *testing.T) {
	fs, err := Fields([]byte(titledForm))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"hero": `one of Superman (hero-1), Green Lantern (hero-2) · default "hero-1"`,
		"fish": "any of Tuna (fish-1), Salmon (fish-2), fish-3 · ≥ 1 items",
	}
	for _, f := range fs {
		if f.Constraints != want[f.Path] {
			t.Errorf("%s constraints = %q, want %q", f.Path, f.Constraints, want[f.Path])
		}
	}
	if fs[0].Kind != "enum" || fs[1].Kind != "multi-enum" {
		t.Errorf("kinds = %s, %s; want enum, multi-enum", fs[0].Kind, fs[1].Kind)
	}

	f := mustNew(t, titledForm, &Options{Width: 100})
	view := plainView(f)
	for _, label := range []string{"Superman (hero-1)", "Tuna (fish-1)", "Salmon (fish-2)"} {
		if !strings.Contains(view, label) {
			t.Errorf("the form does not offer %q:\n%s", label, view)
		}
	}
	s := submitted(t, press(f, "right", "tab", "down", "space", "ctrl+r"))
	if got, want := string(s.Args), `{"hero":"hero-2","fish":["fish-2"]}`; got != want {
		t.Errorf("args = %s, want %s\n%s", got, want, view)
	}
	if len(s.Problems) != 0 {
		t.Errorf("problems = %v", s.Problems)
	}

	problems, err := Validate([]byte(titledForm), []byte(`{"hero":"Superman","fish":["fish-9"]}`))
	if err != nil {
		t.Fatal(err)
	}
	paths := map[string]bool{}
	for _, p := range problems {
		paths[strings.SplitN(p.Path, ".", 2)[0]] = true
	}
	if !paths["hero"] || !paths["fish"] || len(paths) != 2 {
		t.Errorf("a title and an unknown constant must both be refused, got %v", problems)
	}
}

// Formats are asserted as the sdk and Pydantic assert them: a form does
// not send "notaurl" for a uri, or "tomorrow" for a date.
func TestValidateAssertsFormats(t *testing.T) {
	schema := `{"type":"object","properties":{"home":{"type":"string","format":"uri"},"born":{"type":"string","format":"date"},"mail":{"type":"string","format":"email"}}}`
	problems, err := Validate([]byte(schema), []byte(`{"home":"notaurl","born":"tomorrow","mail":"nobody"}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) != 3 {
		t.Errorf("want a problem for each of uri, date and email, got %v", problems)
	}
	problems, err = Validate([]byte(schema), []byte(`{"home":"https://example.com/","born":"1815-12-10","mail":"ada@example.com"}`))
	if err != nil || len(problems) != 0 {
		t.Errorf("valid formats refused: %v %v", problems, err)
	}
}
