package args

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/inspector"
)

const coerceSchema = `{
  "type": "object",
  "$defs": {"Book": {"type": "object", "properties": {
    "title": {"type": "string"}, "year": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}}}},
  "properties": {
    "query": {"type": "string"},
    "limit": {"type": "integer"},
    "ratio": {"type": "number"},
    "loud": {"type": "boolean"},
    "genre": {"anyOf": [{"type": "string", "enum": ["fiction", "poetry"]}, {"type": "null"}]},
    "level": {"enum": [1, 2, 3]},
    "ids": {"type": "array", "items": {"type": "integer"}},
    "meta": {"type": "object"},
    "maybe": {"type": ["integer", "null"]},
    "book": {"$ref": "#/$defs/Book"},
    "any": {}
  }
}`

func TestCoerce(t *testing.T) {
	tests := []struct {
		pairs []string
		want  string // the arguments as JSON
	}{
		{[]string{"query=dune"}, `{"query":"dune"}`},
		{[]string{"query=42"}, `{"query":"42"}`},
		{[]string{"query="}, `{"query":""}`},
		{[]string{"query=a=b"}, `{"query":"a=b"}`},
		{[]string{"limit=5"}, `{"limit":5}`},
		{[]string{"limit=-3"}, `{"limit":-3}`},
		{[]string{"limit=18446744073709551615"}, `{"limit":18446744073709551615}`}, // a uint64 beyond int64
		{[]string{"limit=-99999999999999999999"}, `{"limit":-99999999999999999999}`},
		{[]string{"limit=007"}, `{"limit":"007"}`}, // not JSON: left for validation
		{[]string{"limit=-"}, `{"limit":"-"}`},
		{[]string{"limit=five"}, `{"limit":"five"}`}, // left for validation to report
		{[]string{"limit=1.5"}, `{"limit":"1.5"}`},
		{[]string{"ratio=0.25"}, `{"ratio":0.25}`},
		{[]string{"ratio=1e3"}, `{"ratio":1e3}`},
		{[]string{"ratio=NaN"}, `{"ratio":"NaN"}`},
		{[]string{"loud=true"}, `{"loud":true}`},
		{[]string{"loud=false"}, `{"loud":false}`},
		{[]string{"loud=yes"}, `{"loud":"yes"}`},
		{[]string{"genre=poetry"}, `{"genre":"poetry"}`},
		{[]string{"genre=null"}, `{"genre":null}`},
		{[]string{"level=2"}, `{"level":2}`},
		{[]string{"ids=[1,2]"}, `{"ids":[1,2]}`},
		{[]string{"ids=1,2,3"}, `{"ids":[1,2,3]}`},
		{[]string{"ids="}, `{"ids":[]}`},
		{[]string{`meta={"a":[1,{"b":null}]}`}, `{"meta":{"a":[1,{"b":null}]}}`},
		{[]string{"meta=oops"}, `{"meta":"oops"}`},
		{[]string{"maybe=7"}, `{"maybe":7}`},
		{[]string{"maybe=null"}, `{"maybe":null}`},
		{[]string{"book.title=Dune", "book.year=1965"}, `{"book":{"title":"Dune","year":1965}}`},
		{[]string{"book.tags=a,b"}, `{"book":{"tags":["a","b"]}}`},
		{[]string{`book={"title":"X"}`, "book.year=1"}, `{"book":{"title":"X","year":1}}`},
		{[]string{"any=12"}, `{"any":12}`},
		{[]string{"any=word"}, `{"any":"word"}`},
		{[]string{"unknown=true"}, `{"unknown":true}`},
		{[]string{"deep.x.y=1"}, `{"deep":{"x":{"y":1}}}`},
		{[]string{`query:="quoted"`, "limit:=null"}, `{"limit":null,"query":"quoted"}`},
		{[]string{"limit=1", "limit=2"}, `{"limit":2}`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.pairs, " "), func(t *testing.T) {
			got, err := Coerce([]byte(coerceSchema), tt.pairs, nil)
			if err != nil {
				t.Fatal(err)
			}
			if g := string(Marshal(got)); g != tt.want {
				t.Errorf("got %s, want %s", g, tt.want)
			}
		})
	}
}

func TestCoerceErrors(t *testing.T) {
	tests := []struct {
		pairs []string
		want  string
	}{
		{[]string{"query"}, "want key=value"},
		{[]string{"=x"}, "empty key"},
		{[]string{"a..b=1"}, "empty segment"},
		{[]string{"limit:=nope"}, "not JSON"},
		{[]string{"query=x", "query.sub=1"}, "already set to a string value"},
	}
	for _, tt := range tests {
		_, err := Coerce([]byte(coerceSchema), tt.pairs, nil)
		var ue *inspector.UsageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: err %v, want a usage error containing %q", tt.pairs, err, tt.want)
		}
	}
}

func TestCoerceOnArgsJSON(t *testing.T) {
	base, err := DecodeJSON(`{"book":{"title":"X","tags":["a","b"]},"limit":1}`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Coerce([]byte(coerceSchema), []string{"book.tags.1=c", "limit=9"}, base)
	if err != nil {
		t.Fatal(err)
	}
	if g, want := string(Marshal(got)), `{"book":{"tags":["a","c"],"title":"X"},"limit":9}`; g != want {
		t.Errorf("got %s, want %s", g, want)
	}
	if _, err := DecodeJSON(`[1]`); err == nil {
		t.Error("an array was accepted as --args-json")
	}
}

func TestParseKV(t *testing.T) {
	tests := []struct {
		in    string
		path  string
		value string
		raw   bool
	}{
		{"a=b", "a", "b", false},
		{"a.b.c=", "a.b.c", "", false},
		{"a==", "a", "=", false},
		{"a:=[1]", "a", "[1]", true},
		{"k=v=w", "k", "v=w", false},
	}
	for _, tt := range tests {
		kv, err := ParseKV(tt.in)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if p := strings.Join(kv.Path, "."); p != tt.path || kv.Value != tt.value || kv.Raw != tt.raw {
			t.Errorf("%q: got %s / %q / %v", tt.in, p, kv.Value, kv.Raw)
		}
	}
}

// FuzzParseKV: the parser never panics, and what it accepts reassembles
// into its input.
func FuzzParseKV(f *testing.F) {
	for _, s := range []string{"a=b", "a.b=c", "a:=1", "=", "a", "..=.", "a.=b", "x:=", "é.ü=ß"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		kv, err := ParseKV(s)
		if err != nil {
			return
		}
		sep := "="
		if kv.Raw {
			sep = ":="
		}
		if got := strings.Join(kv.Path, ".") + sep + kv.Value; got != s {
			t.Fatalf("ParseKV(%q) reassembles to %q", s, got)
		}
		for _, seg := range kv.Path {
			if seg == "" || strings.Contains(seg, "=") {
				t.Fatalf("ParseKV(%q): bad segment %q", s, seg)
			}
		}
	})
}

// FuzzCoerce: coercion never panics and always yields encodable JSON.
func FuzzCoerce(f *testing.F) {
	f.Add("limit=5", "ids=1,x", `meta={"a":1}`)
	f.Add("book.year=1", "genre=null", "ratio=1e999")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		args, err := Coerce([]byte(coerceSchema), []string{a, b, c}, nil)
		if err != nil {
			return
		}
		if !json.Valid(Marshal(args)) {
			t.Fatalf("invalid JSON from %q %q %q: %s", a, b, c, Marshal(args))
		}
	})
}

func TestCoerceHostileSchemas(t *testing.T) {
	tests := []struct {
		name, schema string
		pairs        []string
		want         string
	}{
		{"$ref cycle through anyOf", `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"anyOf":[{"$ref":"#/$defs/A"},{"type":"string"}]}}}`,
			[]string{"a=5"}, `{"a":"5"}`},
		{"$ref cycle in a pair of anyOf", `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"anyOf":[{"$ref":"#/$defs/A"},{"$ref":"#/$defs/A"}]}}}`,
			[]string{"a=5"}, `{"a":5}`},
		{"$ref to itself", `{"type":"object","properties":{"a":{"$ref":"#/properties/a"}}}`,
			[]string{"a=5"}, `{"a":5}`},
		{"a property named like the old hidden order key", `{"type":"object","properties":{"\u0000order":{"type":"string"}}}`,
			[]string{"\x00order=5"}, `{"\u0000order":"5"}`},
		{"no properties", `{"type":"object"}`, []string{"a.b=5", "c=x"}, `{"a":{"b":5},"c":"x"}`},
		{"not an object", `[1,2]`, []string{"a=true"}, `{"a":true}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Coerce([]byte(tt.schema), tt.pairs, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !EqualJSON(string(Marshal(got)), tt.want) {
				t.Errorf("Coerce(%q) = %s, want %s", tt.pairs, Marshal(got), tt.want)
			}
		})
	}
}
