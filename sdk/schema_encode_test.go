package sdk

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/invopop/jsonschema"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
	"github.com/mcpdev/mcpdev/sdk/internal/infer"
)

// infer.JSON writes what jsonenc.Marshal writes, byte for byte, for
// schemas that use every keyword, strings that need escaping (HTML
// characters, U+2028, invalid UTF-8, control characters), extras, the
// boolean schemas, and empty and zero values; or declines.
func TestSchemaJSONMatches(t *testing.T) {
	u := func(n uint64) *uint64 { return &n }
	tricky := "a<b>&c\u2028d\x00e\xffé\"\\\n"
	props := jsonschema.NewProperties()
	props.Set("x"+tricky, &jsonschema.Schema{Type: "string", Format: "date-time"})
	props.Set("t", jsonschema.TrueSchema)
	props.Set("z", &jsonschema.Schema{})
	props.Set("nil", nil)
	full := &jsonschema.Schema{
		Version: jsonschema.Version, ID: "urn:x", Anchor: "a", Ref: "#/$defs/A", DynamicRef: "#d",
		Definitions: jsonschema.Definitions{"B": {Type: "integer"}, "A": jsonschema.FalseSchema},
		Comments:    tricky,
		AllOf:       []*jsonschema.Schema{{Type: "object"}, nil}, AnyOf: []*jsonschema.Schema{{Type: "null"}},
		OneOf: []*jsonschema.Schema{{Const: "x"}}, Not: &jsonschema.Schema{Type: "boolean"},
		If: &jsonschema.Schema{Required: []string{"a"}}, Then: &jsonschema.Schema{MinProperties: u(1)},
		Else: jsonschema.TrueSchema, DependentSchemas: map[string]*jsonschema.Schema{"b": {}, "a": {Type: "array"}},
		PrefixItems: []*jsonschema.Schema{{Type: "number"}}, Items: &jsonschema.Schema{Type: "string"},
		Contains: &jsonschema.Schema{Const: 1.5}, Properties: props,
		PatternProperties:    map[string]*jsonschema.Schema{"^a": {Type: "string"}},
		AdditionalProperties: jsonschema.FalseSchema, PropertyNames: &jsonschema.Schema{Pattern: "^[a-z]+$"},
		Type: "object", Enum: []any{"a<", 1, nil, true, map[string]any{"k": []int{1}}}, Const: map[string]int{"b": 2, "a": 1},
		MultipleOf: "0.5", Maximum: "1e3", ExclusiveMaximum: "-2", Minimum: "0", ExclusiveMinimum: "-1.25E-2",
		MaxLength: u(9), MinLength: u(0), Pattern: tricky, MaxItems: u(3), MinItems: u(1), UniqueItems: true,
		MaxContains: u(2), MinContains: u(1), MaxProperties: u(5), MinProperties: u(0), Required: []string{"x" + tricky, "t"},
		DependentRequired: map[string][]string{"b": {"a"}, "a": nil, "c": {}},
		Format:            "uri", ContentEncoding: "base64", ContentMediaType: "image/png",
		ContentSchema: &jsonschema.Schema{Type: "string"}, Title: tricky, Description: "<b>bold</b> & more",
		Default: []any{1, "x"}, Deprecated: true, ReadOnly: true, WriteOnly: true, Examples: []any{"e", 2.5},
		Extras: map[string]any{"x-b": "<", "x-a": []string{"q"}},
	}
	for _, tc := range []struct {
		name string
		s    *jsonschema.Schema
	}{
		{"every keyword", full},
		{"zero", &jsonschema.Schema{}},
		{"true", jsonschema.TrueSchema},
		{"false", jsonschema.FalseSchema},
		{"extras only", &jsonschema.Schema{Extras: map[string]any{"a": 1}}},
		{"empty properties", &jsonschema.Schema{Type: "object", Properties: jsonschema.NewProperties()}},
		{"empty but not zero", &jsonschema.Schema{Required: []string{}}},
		{"nil in a list", &jsonschema.Schema{AnyOf: []*jsonschema.Schema{nil}}},
		{"empty default string", &jsonschema.Schema{Default: ""}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkSchemaJSON(t, tc.s, true) })
	}
	// A number encoding/json refuses: the encoder declines too.
	if _, ok := infer.JSON(&jsonschema.Schema{Maximum: "1e"}); ok {
		t.Error("infer.JSON accepted the json.Number 1e")
	}
}

// Every schema the sdk infers for random argument types (published,
// validated and output schemas) encodes as encoding/json encodes it.
func TestSchemaJSONMatchesInferred(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 2026))
	for i := range 300 {
		typ := genStruct(r, 3)
		for _, s := range []*jsonschema.Schema{inferred(inferSchema(typ, docs, false)), inferred(inferValidationSchema(typ, docs)),
			infer.WrapResult(inferred(inferSchema(genType(r, 3), docs, true)))} {
			if !checkSchemaJSON(t, s, false) {
				t.Fatalf("type %d: %v", i, typ)
			}
		}
	}
}

func checkSchemaJSON(t *testing.T, s *jsonschema.Schema, mustTake bool) bool {
	t.Helper()
	want, err := jsonenc.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	got, ok := infer.JSON(s)
	if !ok {
		if mustTake {
			// Declining is right only where the fast path cannot be sure.
			if !reflect.DeepEqual(s, &jsonschema.Schema{Required: []string{}}) {
				t.Errorf("infer.JSON declined %s", want)
				return false
			}
		}
		return true
	}
	if string(got) != string(want) {
		t.Errorf("infer.JSON:\n got %s\nwant %s", got, want)
		return false
	}
	if !json.Valid(got) {
		t.Errorf("not JSON: %s", got)
		return false
	}
	return true
}

// BenchmarkInferredSchemaJSON encodes the 03 example's input schema:
// infer.JSON against encoding/json, the first encoding of the process
// being the one start-up pays (see TestSchemaJSONMatches).
func BenchmarkInferredSchemaJSON(b *testing.B) {
	s := inferred(inferSchema(reflect.TypeFor[fastBenchArgs](), docs, false))
	b.Run("bespoke", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := infer.JSON(s); !ok {
				b.Fatal("declined")
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := jsonenc.Marshal(s); err != nil {
				b.Fatal(err)
			}
		}
	})
}
