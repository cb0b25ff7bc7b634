package forms

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

func TestFieldsGolden(t *testing.T) {
	cases := schemaCases(t)
	for _, name := range sortedNames(cases) {
		t.Run(name, func(t *testing.T) {
			fs, err := Fields(cases[name])
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.MarshalIndent(fs, "", "  ")
			golden(t, "fields_"+name+".json", string(b)+"\n")
		})
	}
}

func TestFields(t *testing.T) {
	tests := []struct {
		name, schema string
		want         []Field
	}{
		{"bounded integer with default", `{"type":"object","properties":{"limit":{"type":"integer","minimum":1,"maximum":50,"default":10}}}`,
			[]Field{{Path: "limit", Label: "limit", Kind: "integer", Constraints: "integer · 1–50 · default 10", Default: json.Number("10")}}},
		{"exclusive bounds and multipleOf", `{"properties":{"x":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1,"multipleOf":0.25}},"required":["x"]}`,
			[]Field{{Path: "x", Label: "x", Kind: "number", Required: true, Constraints: "number · > 0 · < 1 · multiple of 0.25"}}},
		{"string hints", `{"properties":{"s":{"type":"string","minLength":3,"maxLength":5,"pattern":"^a","format":"email","description":"d"}}}`,
			[]Field{{Path: "s", Label: "s", Kind: "string", Description: "d", Constraints: "string · 3–5 chars · pattern ^a · format email"}}},
		{"long text", `{"properties":{"bio":{"type":"string","maxLength":1000}}}`,
			[]Field{{Path: "bio", Label: "bio", Kind: "text", Constraints: "text · ≤ 1000 chars"}}},
		{"boolean", `{"properties":{"b":{"type":"boolean"}}}`,
			[]Field{{Path: "b", Label: "b", Kind: "boolean", Constraints: "boolean"}}},
		{"nullable enum via anyOf", `{"properties":{"g":{"anyOf":[{"enum":["a","b"]},{"type":"null"}],"title":"Genre"}}}`,
			[]Field{{Path: "g", Label: "Genre (g)", Kind: "enum", Constraints: "one of a, b · nullable", Enum: []any{"a", "b", nil}}}},
		{"nullable type list", `{"properties":{"n":{"type":["integer","null"]}}}`,
			[]Field{{Path: "n", Label: "n", Kind: "integer", Constraints: "integer · nullable"}}},
		{"numeric enum", `{"properties":{"l":{"enum":[1,2]}}}`,
			[]Field{{Path: "l", Label: "l", Kind: "enum", Constraints: "one of 1, 2", Enum: []any{json.Number("1"), json.Number("2")}}}},
		{"array of enums", `{"properties":{"f":{"type":"array","items":{"enum":["x","y"]}}}}`,
			[]Field{{Path: "f", Label: "f", Kind: "multi-enum", Constraints: "any of x, y", Enum: []any{"x", "y"}}}},
		{"array of primitives", `{"properties":{"t":{"type":"array","items":{"type":"string"},"maxItems":3}}}`,
			[]Field{{Path: "t", Label: "t", Kind: "array", Constraints: "list · ≤ 3 items"}}},
		{"nested object via $ref", `{"$defs":{"B":{"type":"object","properties":{"y":{"type":"integer","minimum":1450}},"required":["y"]}},"properties":{"b":{"$ref":"#/$defs/B"}},"required":["b"]}`,
			[]Field{{Path: "b", Label: "b", Kind: "object", Required: true, Constraints: "object"},
				{Path: "b.y", Label: "b.y", Kind: "integer", Required: true, Constraints: "integer · ≥ 1450"}}},
		{"array of objects", `{"properties":{"r":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"}}}}}}`,
			[]Field{{Path: "r", Label: "r", Kind: "array", Constraints: "list"},
				{Path: "r[]", Label: "r[]", Kind: "object", Required: true, Constraints: "object"},
				{Path: "r[].k", Label: "r[].k", Kind: "string", Constraints: "string"}}},
		{"union", `{"properties":{"u":{"oneOf":[{"type":"string"},{"type":"object","properties":{"a":{"type":"integer"}}}]}}}`,
			[]Field{{Path: "u", Label: "u", Kind: "union", Constraints: "one of 2 variants", Enum: []any{"string", "{a}"}}}},
		{"true schema", `{"properties":{"x":true}}`,
			[]Field{{Path: "x", Label: "x", Kind: "json", Constraints: "JSON"}}},
		{"map", `{"properties":{"m":{"type":"object","additionalProperties":{"type":"string"}}}}`,
			[]Field{{Path: "m", Label: "m", Kind: "json", Constraints: "JSON"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Fields([]byte(tt.schema))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Fields() mismatch (-want +got):\n-%+v\n+%+v", tt.want, got)
			}
		})
	}
}

func TestSchemaErrors(t *testing.T) {
	tests := []struct{ name, schema string }{
		{"not JSON", `{`},
		{"remote ref", `{"properties":{"x":{"$ref":"https://example.com/s.json"}}}`},
		{"file ref", `{"properties":{"x":{"$ref":"file:///etc/passwd"}}}`},
		{"invalid schema", `{"type":"int"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := New([]byte(tt.schema), nil); !errors.Is(err, ErrSchema) {
				t.Errorf("New err = %v, want ErrSchema", err)
			}
			if _, err := Fields([]byte(tt.schema)); !errors.Is(err, ErrSchema) {
				t.Errorf("Fields err = %v, want ErrSchema", err)
			}
		})
	}
}

// Self-referential schemas stay finite.
func TestRecursionBounded(t *testing.T) {
	for _, s := range []string{
		`{"$ref":"#"}`,
		`{"$defs":{"A":{"type":"array","items":{"$ref":"#/$defs/A"}}},"type":"object","properties":{"a":{"$ref":"#/$defs/A"}}}`,
		`{"$defs":{"A":{"anyOf":[{"$ref":"#/$defs/A"},{"type":"object","properties":{"x":{"$ref":"#/$defs/A"}}}]}},"$ref":"#/$defs/A"}`,
		`{"type":"object","properties":{"self":{"$ref":"#"}},"required":["self"]}`,
	} {
		f, err := New([]byte(s), nil)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		_ = f.View()
		if _, err := Fields([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}
}
