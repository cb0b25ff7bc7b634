package sdk

import (
	"reflect"
	"testing"
)

// The variables a URI binds reach the argument struct as if they had
// been sent as a JSON object of arguments (the way they used to go):
// strings and lists of strings, invalid UTF-8 replaced as encoding/json
// replaces it.
func TestTemplateVarsDecodedAsJSONArguments(t *testing.T) {
	for _, tv := range []templateVars{
		{},
		{"isbn": "9780441172719"},
		{"path": "a/b c", "tags": []string{"x", "<y>", ""}},
		{"q": "quote\"d\\ \u2028 \x00 café"},
		{"bad": "\xff\xfe lone bytes"},
		{"ok": "fine", "list": []string{"also \xc3 bad"}},
	} {
		want, err := decodeArgs(tv.json())
		if err != nil {
			t.Fatal(err)
		}
		if got := tv.decoded(); !reflect.DeepEqual(want, got) {
			t.Errorf("%q decoded:\nwant %#v\ngot  %#v", tv, want, got)
		}
	}
}
