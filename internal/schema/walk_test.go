package schema

import (
	"encoding/json"
	"testing"
)

const walkDoc = `{
	"type": "object",
	"properties": {
		"book": {"$ref": "#/$defs/Book"},
		"old": {"$ref": "#/definitions/Old"},
		"chain": {"$ref": "#/$defs/A"},
		"deep": {"$ref": "#/$defs/Book/properties/year"},
		"esc": {"$ref": "#/$defs/a~1b%20c"},
		"self": {"$ref": "#"},
		"loop": {"$ref": "#/$defs/Loop"},
		"remote": {"$ref": "https://example.com/s.json"},
		"missing": {"$ref": "#/$defs/Nope"},
		"maybe": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/Book"}]},
		"union": {"oneOf": [{"type": "string"}, {"$ref": "#/definitions/Old"}], "allOf": [{"minLength": 1}]}
	},
	"$defs": {
		"Book": {"type": "object", "properties": {"year": {"type": ["integer", "null"], "default": 2000}}},
		"A": {"$ref": "#/$defs/B"},
		"B": {"type": "string", "title": "B"},
		"a/b c": {"type": "boolean"},
		"Loop": {"$ref": "#/$defs/Loop"}
	},
	"definitions": {"Old": {"type": "number"}}
}`

func walkFixture(t *testing.T) (*Doc, map[string]any) {
	t.Helper()
	d, err := Parse([]byte(walkDoc))
	if err != nil {
		t.Fatal(err)
	}
	return d, d.Root["properties"].(map[string]any)
}

func TestDeref(t *testing.T) {
	d, props := walkFixture(t)
	tests := []struct {
		prop string
		want string // JSON of the dereferenced schema
	}{
		{"book", `{"properties":{"year":{"default":2000,"type":["integer","null"]}},"type":"object"}`},
		{"old", `{"type":"number"}`},
		{"chain", `{"title":"B","type":"string"}`},
		{"deep", `{"default":2000,"type":["integer","null"]}`},
		{"esc", `{"type":"boolean"}`},
		{"loop", `{"$ref":"#/$defs/Loop"}`},
		{"remote", `{"$ref":"https://example.com/s.json"}`},
		{"missing", `{"$ref":"#/$defs/Nope"}`},
	}
	for _, tt := range tests {
		t.Run(tt.prop, func(t *testing.T) {
			got, _ := json.Marshal(d.Deref(props[tt.prop].(map[string]any)))
			if string(got) != tt.want {
				t.Errorf("Deref(%s):\n-%s\n+%s", tt.prop, tt.want, got)
			}
		})
	}
	if got := d.Deref(props["self"].(map[string]any)); got["$defs"] == nil {
		t.Errorf(`Deref({"$ref":"#"}) is not the root: %v`, got)
	}
}

func TestBranches(t *testing.T) {
	d, props := walkFixture(t)
	var got []string
	for _, b := range d.Branches(props["union"].(map[string]any)) {
		j, _ := json.Marshal(b)
		got = append(got, string(j))
	}
	want := []string{
		`{"allOf":[{"minLength":1}],"oneOf":[{"type":"string"},{"$ref":"#/definitions/Old"}]}`,
		`{"type":"string"}`, `{"type":"number"}`, `{"minLength":1}`,
	}
	if d := diff(want, got); d != "" {
		t.Errorf("Branches (-want +got):\n%s", d)
	}
}

func TestNonNull(t *testing.T) {
	d, props := walkFixture(t)
	got := NonNull(props["maybe"].(map[string]any))
	if ref, _ := got["$ref"].(string); ref != "#/$defs/Book" {
		t.Errorf("NonNull(maybe) = %v, want the Book ref", got)
	}
	if got := NonNull(props["union"].(map[string]any)); got != nil {
		t.Errorf("NonNull(union of string and number) = %v, want nil", got)
	}
	if got := d.Types(NonNull(props["maybe"].(map[string]any))); diff([]string{"object"}, got) != "" {
		t.Errorf("Types(NonNull(maybe)) = %v", got)
	}
}

func TestTypeHelpers(t *testing.T) {
	tests := []struct {
		name    string
		typ     string // JSON of a "type" keyword's value
		list    []string
		nonNull []string
		first   string
	}{
		{"one", `"string"`, []string{"string"}, []string{"string"}, "string"},
		{"nullable", `["null","integer"]`, []string{"null", "integer"}, []string{"integer"}, "integer"},
		{"only null", `"null"`, []string{"null"}, nil, "null"},
		{"junk in list", `[1,"boolean"]`, []string{"boolean"}, []string{"boolean"}, "boolean"},
		{"not a type", `{"a":1}`, nil, nil, ""},
		{"absent", `null`, nil, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v any
			if err := json.Unmarshal([]byte(tt.typ), &v); err != nil {
				t.Fatal(err)
			}
			if d := diff(tt.list, TypeList(v)); d != "" {
				t.Errorf("TypeList (-want +got):\n%s", d)
			}
			if d := diff(tt.nonNull, NonNullTypes(v)); d != "" {
				t.Errorf("NonNullTypes (-want +got):\n%s", d)
			}
			if got := FirstType(v); got != tt.first {
				t.Errorf("FirstType = %q, want %q", got, tt.first)
			}
		})
	}
}

func TestJSONType(t *testing.T) {
	tests := []struct {
		v    any
		want string
	}{
		{nil, "null"}, {true, "boolean"}, {"x", "string"}, {2.0, "integer"}, {2.5, "number"},
		{json.Number("7"), "integer"}, {json.Number("7.5"), "number"}, {json.Number("123456789012345678901234567890"), "integer"}, {json.Number("1e3"), "number"}, {[]any{}, "array"},
		{map[string]any{}, "object"}, {&Object{}, "object"}, {struct{}{}, ""},
	}
	for _, tt := range tests {
		if got := JSONType(tt.v); got != tt.want {
			t.Errorf("JSONType(%#v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}
