package sdk

import (
	"context"
	"testing"
)

type argsJSONArgs struct {
	A    string   `json:"a,omitempty"`
	B    string   `json:"b,omitempty"`
	Path string   `json:"path,omitempty"`
	Tags []string `json:"tags,omitempty"`
}

func echoArgsJSON(ctx context.Context, a argsJSONArgs) (string, error) { return "", nil }

// TestTemplateArgsJSONAsLibraryVars: the JSON arguments the fast matcher
// binds are byte for byte the JSON of the variables the library binds
// (what a violation quotes as sent, and what the argument struct was
// decoded from before): keys sorted, escapes as encoding/json writes
// them, invalid UTF-8 replaced, a variable of array type a list.
func TestTemplateArgsJSONAsLibraryVars(t *testing.T) {
	tests := []struct{ template, uri string }{
		{"x://{b}/{a}", "x://2/1"},
		{"x://{b}/{a}", "x://%3Cb%3E/%22q%5C%E2%80%A8%00"},
		{"x://{a}/{b}", "x://%FF%FE/caf%C3%A9"},
		{"x://{b}-{+path}", "x://b-p/a/t/h?x=1"},
		{"x://t/{tags}", "x://t/red"},
		{"x://t/{tags}/{a}", "x://t/%C3/%26"},
		{"x://shelf/{a}.json", "x://shelf/a.b.json"},
	}
	for _, tt := range tests {
		d, err := NewResourceTemplate(tt.template, echoArgsJSON, nil)
		if err != nil {
			t.Fatal(err)
		}
		tm := d.t
		b, ok := tm.bind(tt.uri)
		if !ok || b.raw == nil {
			t.Fatalf("%s ~ %q: the fast matcher did not bind it (%v, %+v)", tt.template, tt.uri, ok, b)
		}
		vars, ok := tm.match(tt.uri)
		if !ok {
			t.Fatalf("%s ~ %q: the library does not match it", tt.template, tt.uri)
		}
		if got, want := string(b.raw), string(vars.json()); got != want {
			t.Errorf("%s ~ %q:\nfast    %s\nlibrary %s", tt.template, tt.uri, got, want)
		}
	}
}
