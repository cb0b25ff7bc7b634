package pydantic

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"
)

func decode(t *testing.T, s string) any {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("instance: %v", err)
	}
	return v
}

func TestRender(t *testing.T) {
	vs := []Violation{
		{Path: "limit", Message: "Input should be less than or equal to 50", Type: "less_than_equal", Input: 500},
		{Message: "Input should be a valid dictionary", Type: "dict_type", Input: []any{strings.Repeat("x", 77) + "é"}},
	}
	want := "2 validation errors for search_books\n" +
		"limit\n  Input should be less than or equal to 50 [type=less_than_equal, input_value=500, input_type=int]\n" +
		"Input should be a valid dictionary [type=dict_type, input_value=['" + strings.Repeat("x", 77) + "..., input_type=list]" // never half an é
	if got := Render("search_books", vs); got != want {
		t.Errorf("Render:\n got %q\nwant %q", got, want)
	}
	if got := Render("t", vs[:1]); !strings.HasPrefix(got, "1 validation error for t\n") {
		t.Errorf("Render one: %q", got)
	}
}

func TestRepr(t *testing.T) {
	tests := []struct {
		v    any
		want string
	}{
		{"plain", `'plain'`},
		{"it's", `"it's"`},
		{`both ' and "`, `'both \' and "'`},
		{"a\\b\nc\x01", `'a\\b\nc\x01'`},
		{nil, "None"},
		{true, "True"},
		{map[string]any{"b": false, "a": []any{}}, "{'a': [], 'b': False}"},
		{decode(t, `12345678901234567890123`), "12345678901234567890123"},
		{decode(t, `1.5e3`), "1.5e3"},
	}
	for _, tt := range tests {
		if got := Repr(tt.v); got != tt.want {
			t.Errorf("Repr(%#v) = %s, want %s", tt.v, got, tt.want)
		}
	}
	types := map[string]any{"int": decode(t, `12345678901234567890123`), "float": decode(t, `1.5`), "str": "", "NoneType": nil, "dict": map[string]any{}, "list": []any{}, "bool": false}
	for want, v := range types {
		if got := TypeName(v); got != want {
			t.Errorf("TypeName(%#v) = %s, want %s", v, got, want)
		}
	}
}

func TestNumber(t *testing.T) {
	for in, want := range map[string]string{"50": "50", "0.5": "0.5", "1e-5": "1e-05", "0.0001": "0.0001", "12345678.5": "12345678.5", "-2.25": "-2.25", "1e300": "1" + strings.Repeat("0", 300)} {
		r, _ := new(big.Rat).SetString(in)
		if got := number(r); got != want {
			t.Errorf("number(%s) = %s, want %s", in, got, want)
		}
	}
}
