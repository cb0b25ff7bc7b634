package sdk

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// The fast path may only say "valid" where the jsonschema library finds no
// violation: then the violations reported are the library's in every case.
// Random schemas built from the keywords of the SDK's inferred schemas
// (and some it does not know), random values biased towards fitting them.

type schemaGen struct{ r *rand.Rand }

var genStrings = []string{"", "a", "dune", "fiction", "poetry", "non-fiction", "héllo", "abcdef", "x"}
var genNumbers = []string{"0", "1", "-1", "5", "10", "50", "51", "1.5", "5.0", "1e2", "-0", "123456789012345", "1234567890123456789", "0.1", "49.9"}
var genNames = []string{"query", "limit", "genre", "a", "b", "tags"}

func (g schemaGen) schema(depth int) map[string]any {
	s := map[string]any{}
	types := []string{"object", "array", "string", "number", "integer", "boolean", "null"}
	t := types[g.r.IntN(len(types))]
	if depth > 2 && (t == "object" || t == "array") {
		t = "string"
	}
	switch g.r.IntN(8) {
	case 0: // no type
	case 1:
		s["type"] = []any{t, "null"}
	default:
		s["type"] = t
	}
	if g.r.IntN(6) == 0 {
		s["description"] = "d"
	}
	switch t {
	case "object":
		props := map[string]any{}
		var req []any
		for _, n := range genNames[:1+g.r.IntN(len(genNames)-1)] {
			if g.r.IntN(3) == 0 {
				continue
			}
			props[n] = g.schema(depth + 1)
			if g.r.IntN(2) == 0 {
				req = append(req, n)
			}
		}
		s["properties"] = props
		if req != nil {
			s["required"] = req
		}
		switch g.r.IntN(4) {
		case 0:
			s["additionalProperties"] = false
		case 1:
			s["additionalProperties"] = g.schema(depth + 1)
		case 2:
			s["additionalProperties"] = true
		}
		if g.r.IntN(8) == 0 {
			s["minProperties"] = float64(g.r.IntN(3))
		}
		if g.r.IntN(8) == 0 {
			s["maxProperties"] = float64(g.r.IntN(3))
		}
	case "array":
		if g.r.IntN(4) != 0 {
			s["items"] = g.schema(depth + 1)
		}
		if g.r.IntN(3) == 0 {
			s["minItems"] = float64(g.r.IntN(3))
		}
		if g.r.IntN(3) == 0 {
			s["maxItems"] = float64(g.r.IntN(3))
		}
		if g.r.IntN(10) == 0 {
			s["uniqueItems"] = true // unknown to the fast path
		}
	case "string":
		if g.r.IntN(3) == 0 {
			s["enum"] = []any{"fiction", "non-fiction", "poetry"}
		}
		if g.r.IntN(4) == 0 {
			s["minLength"] = float64(g.r.IntN(4))
		}
		if g.r.IntN(4) == 0 {
			s["maxLength"] = float64(g.r.IntN(6))
		}
		if g.r.IntN(6) == 0 {
			s["pattern"] = []string{"^a", "^[a-z]{4}$", "n", "^$", "(", `\d`, "é"}[g.r.IntN(7)]
		}
		if g.r.IntN(10) == 0 {
			s["format"] = "date-time"
		}
	case "number", "integer":
		bounds := []any{float64(1), float64(50), float64(-1), float64(0), 1.5, 0.1, 1e20}
		for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
			if g.r.IntN(3) == 0 {
				s[k] = bounds[g.r.IntN(len(bounds))]
			}
		}
		if g.r.IntN(8) == 0 {
			s["multipleOf"] = float64(2)
		}
		if g.r.IntN(8) == 0 {
			s["enum"] = []any{float64(1), "a", nil}
		}
		if g.r.IntN(6) == 0 {
			s["default"] = float64(10)
		}
	}
	switch g.r.IntN(10) {
	case 0:
		return map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
	case 1:
		return map[string]any{"allOf": []any{s, map[string]any{"description": "x"}}}
	case 2:
		return map[string]any{"oneOf": []any{s, map[string]any{"type": "null"}}}
	}
	return s
}

// value returns a JSON value that often fits s.
func (g schemaGen) value(s map[string]any, depth int) any {
	if depth > 5 {
		return nil
	}
	for _, k := range []string{"anyOf", "allOf", "oneOf"} {
		if list, ok := s[k].([]any); ok {
			b, _ := list[g.r.IntN(len(list))].(map[string]any)
			return g.value(b, depth+1)
		}
	}
	if g.r.IntN(6) == 0 {
		return g.any(depth)
	}
	t, _ := s["type"].(string)
	if list, ok := s["type"].([]any); ok {
		t, _ = list[g.r.IntN(len(list))].(string)
	}
	switch t {
	case "object":
		obj := map[string]any{}
		props, _ := s["properties"].(map[string]any)
		for n, ps := range props {
			if g.r.IntN(5) != 0 {
				obj[n] = g.value(ps.(map[string]any), depth+1)
			}
		}
		if g.r.IntN(5) == 0 {
			obj["zz"] = g.any(depth + 1)
		}
		return obj
	case "array":
		items, _ := s["items"].(map[string]any)
		list := []any{}
		for range g.r.IntN(4) {
			list = append(list, g.value(items, depth+1))
		}
		return list
	case "string":
		if enum, ok := s["enum"].([]any); ok && g.r.IntN(2) == 0 {
			return enum[g.r.IntN(len(enum))]
		}
		return genStrings[g.r.IntN(len(genStrings))]
	case "number", "integer":
		return json.Number(genNumbers[g.r.IntN(len(genNumbers))])
	case "boolean":
		return g.r.IntN(2) == 0
	case "null":
		return nil
	}
	return g.any(depth)
}

func (g schemaGen) any(depth int) any {
	switch g.r.IntN(6) {
	case 0:
		return nil
	case 1:
		return true
	case 2:
		return json.Number(genNumbers[g.r.IntN(len(genNumbers))])
	case 3:
		return genStrings[g.r.IntN(len(genStrings))]
	case 4:
		if depth < 4 {
			return []any{g.any(depth + 1)}
		}
	}
	return map[string]any{}
}

func TestFastValidSound(t *testing.T) {
	g := schemaGen{rand.New(rand.NewPCG(1, 2))}
	var proven, valid, total int
	for i := range 3000 {
		root := g.schema(0)
		if i%3 == 0 {
			root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
		}
		if i%7 == 0 { // a $ref to $defs, as nested Go structs infer
			root = map[string]any{"$defs": map[string]any{"T": root}, "$ref": "#/$defs/T"}
		}
		raw, err := json.Marshal(root)
		if err != nil {
			t.Fatal(err)
		}
		lib, err := compileSchema(raw)
		if err != nil {
			continue // e.g. minimum above maximum is fine, but an odd combination may not compile
		}
		args, _ := newArgSchema(raw)
		fast := compileFast(args.root)
		for range 20 {
			v := g.value(root, 0)
			if ref, ok := root["$ref"]; ok && ref == "#/$defs/T" {
				v = g.value(root["$defs"].(map[string]any)["T"].(map[string]any), 0)
			}
			// The library sees the value the fast path saw, after a JSON
			// round trip as a call's arguments would take.
			data, _ := json.Marshal(v)
			v, _ = decodeArgs(data)
			total++
			libValid := lib.Validate(v) == nil
			if libValid {
				valid++
			}
			if fast.Valid(v) {
				proven++
				if !libValid {
					t.Fatalf("fast path says valid, library disagrees:\nschema %s\nvalue  %s\nlibrary: %v", raw, data, lib.Validate(v))
				}
			}
		}
	}
	t.Logf("%d values: %d valid, %d proven valid by the fast path", total, valid, proven)
	if proven < valid/3 {
		t.Errorf("the fast path proved only %d of %d valid values", proven, valid)
	}
}

// The SDK's own inferred schemas (the validation test tables' argument
// types) must all take the fast path for typical valid arguments.
func TestFastValidInferredSchemas(t *testing.T) {
	type inner struct {
		Title string `json:"title" jsonschema:"minLength=1"`
		Year  int    `json:"year,omitempty" jsonschema:"minimum=0,maximum=3000"`
	}
	type args struct {
		Query string            `json:"query"`
		Limit int               `json:"limit" jsonschema:"minimum=1,maximum=50,default=10"`
		Genre *string           `json:"genre" jsonschema:"enum=fiction,enum=non-fiction,enum=poetry"`
		Book  *inner            `json:"book,omitempty"`
		Books []inner           `json:"books,omitempty"`
		Tags  []string          `json:"tags,omitempty" jsonschema:"minItems=1,maxItems=3"`
		Extra map[string]string `json:"extra,omitempty"`
	}
	raw := mustJSON(inferred(inferSchema(reflect.TypeFor[args](), docs, false)))
	as, err := newArgSchema(raw)
	if err != nil {
		t.Fatal(err)
	}
	fast := compileFast(as.root)
	if fast == nil {
		t.Fatalf("no fast path for %s", raw)
	}
	lib, err := compileSchema(raw)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{
		`{"query":"dune","limit":5}`,
		`{"query":"dune","limit":5,"genre":"poetry"}`,
		`{"query":"dune","limit":5,"genre":null,"book":{"title":"Dune","year":1965}}`,
		`{"query":"dune","limit":10,"books":[{"title":"a"},{"title":"b","year":2}],"tags":["x"],"extra":{"k":"v"}}`,
	} {
		v, _ := decodeArgs(json.RawMessage(in))
		if err := lib.Validate(v); err != nil {
			t.Fatalf("%s: library: %v", in, err)
		}
		if !fast.Valid(v) {
			t.Errorf("%s: fast path not taken (schema %s)", in, raw)
		}
	}
	for _, in := range []string{
		`{"query":"dune","limit":500}`, `{"limit":5}`, `{"query":"dune","limit":5,"genre":"drama"}`,
		`{"query":"dune","limit":5,"book":{"year":1965}}`, `{"query":"dune","limit":5,"tags":[]}`,
		`{"query":"dune","limit":5,"zzz":1}`, `{"query":1,"limit":5}`,
	} {
		v, _ := decodeArgs(json.RawMessage(in))
		if fast.Valid(v) {
			t.Errorf("%s: fast path says valid; library: %v", in, lib.Validate(v))
		}
	}
	_ = fmt.Sprint
}

// A pattern (an ISBN of a resource template, say) no longer sends every
// call to the library: a matching string is proven valid, any other
// left to the library, which words the violation.
func TestFastValidPattern(t *testing.T) {
	fast := compileFast(map[string]any{"type": "object", "properties": map[string]any{
		"isbn": map[string]any{"type": "string", "pattern": "^[0-9]{13}$"}}})
	for _, tt := range []struct {
		isbn string
		want bool
	}{{"9780441172719", true}, {"978044117271", false}, {"97804411727190", false}, {"isbn", false}} {
		if got := fast.Valid(map[string]any{"isbn": tt.isbn}); got != tt.want {
			t.Errorf("Valid(isbn %q) = %v, want %v", tt.isbn, got, tt.want)
		}
	}
	if compileFast(map[string]any{"type": "string", "pattern": "("}) != nil {
		t.Error("a pattern Go's regexp cannot compile was not left to the library")
	}
}
