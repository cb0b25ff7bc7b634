package validate_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

// gen builds random schemas over every supported keyword, and random
// values near them, for the differential test.
type gen struct{ r *rand.Rand }

var (
	genNames   = []string{"a", "b", "kind", "x y", "~/"}
	genNumbers = []any{0, 1, -1, 2.5, 0.5, 10, 1e-5, 3, 1e20}
	genScalars = []any{nil, true, false, 0, 1, -1, 2.5, 1.0, json.Number("1e400"), json.Number("1.0"), 3, "", "a", "abc", "2024-01-01", "2024-01-01T10:00:00Z",
		"QQ==", "!", "1.2.3.4", "::1", "é", "123e4567-e89b-12d3-a456-426614174000", "http://x", "a@b.co",
		"a.b-c", "-a", "P1D", "PT1M", "/a~1", "0/x", "1#", "../x", "http://[::1]", "1.0.0-a.1+b", "01.0.0"}
	genTypes   = []string{"null", "boolean", "number", "integer", "string", "array", "object"}
	genFormats = []string{"date-time", "date", "time", "uuid", "uri", "email", "double", "ipv4", "ipv6", "other",
		"hostname", "duration", "json-pointer", "relative-json-pointer", "uri-reference", "iri", "iri-reference", "semver"}
)

func (g gen) pick(list []any) any { return list[g.r.IntN(len(list))] }

func (g gen) root() map[string]any {
	s := g.schema(0)
	if g.r.IntN(3) == 0 {
		s["$defs"] = map[string]any{"D": g.schema(1), "E": g.schema(2)}
		s["properties"] = map[string]any{"d": map[string]any{"$ref": "#/$defs/D"}, "e": map[string]any{"$ref": "#/$defs/E"},
			"self": map[string]any{"anyOf": []any{map[string]any{"$ref": "#"}, map[string]any{"type": "null"}}}}
	} else if g.r.IntN(4) == 0 {
		s["propertyNames"] = g.sub(1) // only at the root: see comparable
	}
	return s
}

func (g gen) schema(depth int) map[string]any {
	s := map[string]any{}
	if g.r.IntN(2) == 0 {
		if g.r.IntN(4) == 0 {
			s["type"] = []any{genTypes[g.r.IntN(7)], genTypes[g.r.IntN(7)]}
		} else {
			s["type"] = genTypes[g.r.IntN(7)]
		}
	}
	for range g.r.IntN(4) {
		g.keyword(s, depth)
	}
	return s
}

func (g gen) sub(depth int) any {
	if depth > 3 || g.r.IntN(8) == 0 {
		return g.r.IntN(3) > 0
	}
	return g.schema(depth + 1)
}

func (g gen) subs(depth int) []any {
	out := make([]any, 1+g.r.IntN(3))
	for i := range out {
		out[i] = g.sub(depth)
	}
	return out
}

func (g gen) keyword(s map[string]any, depth int) {
	switch g.r.IntN(23) {
	case 0:
		s[[]string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}[g.r.IntN(4)]] = g.pick(genNumbers)
	case 1:
		s["multipleOf"] = []any{2, 0.5, 3, 0.1}[g.r.IntN(4)]
	case 2:
		s[[]string{"minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"}[g.r.IntN(6)]] = g.r.IntN(4)
	case 3:
		s["pattern"] = []string{"^a", "[0-9]+", "^$", "b"}[g.r.IntN(4)]
	case 4:
		s["format"] = genFormats[g.r.IntN(len(genFormats))]
	case 5:
		s["enum"] = []any{g.pick(genScalars), g.pick(genScalars), []any{1}}[:1+g.r.IntN(3)]
	case 6:
		s["const"] = g.pick(genScalars)
	case 7, 8:
		props := map[string]any{}
		var req []any
		for _, n := range genNames {
			if g.r.IntN(2) == 0 {
				props[n] = g.sub(depth)
				if g.r.IntN(2) == 0 {
					req = append(req, n)
				}
			}
		}
		s["properties"] = props
		if req != nil {
			s["required"] = req
		}
	case 9:
		if g.r.IntN(2) == 0 {
			s["additionalProperties"] = false
		} else {
			s["additionalProperties"] = g.sub(depth)
		}
	case 10:
		s["items"] = g.sub(depth)
	case 11:
		s["prefixItems"] = g.subs(depth)
	case 12:
		s["uniqueItems"] = true
	case 13:
		s[[]string{"anyOf", "oneOf", "allOf"}[g.r.IntN(3)]] = g.subs(depth)
	case 14:
		s["anyOf"] = []any{g.sub(depth), map[string]any{"type": "null"}}
	case 15:
		s["oneOf"] = []any{g.tagged("cat", depth), g.tagged("dog", depth)}
	case 16:
		s["if"], s["then"], s["else"] = g.sub(depth), g.sub(depth), g.sub(depth)
	case 17:
		s["contentEncoding"] = "base64"
	case 18:
		s["patternProperties"] = map[string]any{"^a": g.sub(depth)}
		s["dependentRequired"] = map[string]any{"b": []any{"a"}}
	case 19:
		s["title"] = "T" + strconv.Itoa(g.r.IntN(3))
	case 20:
		s["not"] = g.sub(depth)
	case 21:
		s["contains"] = g.sub(depth)
		if g.r.IntN(2) == 0 {
			s["minContains"] = g.r.IntN(3)
		}
		if g.r.IntN(2) == 0 {
			s["maxContains"] = g.r.IntN(3)
		}
	case 22:
		deps := map[string]any{}
		for _, n := range genNames[:1+g.r.IntN(3)] {
			deps[n] = g.sub(depth)
		}
		s["dependentSchemas"] = deps
	}
}

// tagged is a variant of a discriminated union.
func (g gen) tagged(tag string, depth int) map[string]any {
	return map[string]any{"type": "object", "required": []any{"kind", "a"},
		"properties": map[string]any{"kind": map[string]any{"const": tag}, "a": g.sub(depth)}}
}

// value is a random value, often shaped after s.
func (g gen) value(s any, depth int) any {
	m, _ := s.(map[string]any)
	if depth > 4 || m == nil || g.r.IntN(5) == 0 {
		return g.pick(genScalars)
	}
	if c, ok := m["const"]; ok && g.r.IntN(2) == 0 {
		return c
	}
	if e, ok := m["enum"].([]any); ok && g.r.IntN(2) == 0 {
		return e[g.r.IntN(len(e))]
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if list, ok := m[k].([]any); ok && g.r.IntN(2) == 0 {
			return g.value(list[g.r.IntN(len(list))], depth+1)
		}
	}
	if p, ok := m["properties"].(map[string]any); ok || m["type"] == "object" || m["dependentSchemas"] != nil {
		obj := map[string]any{}
		for n, ps := range p {
			if g.r.IntN(4) > 0 {
				obj[n] = g.value(ps, depth+1)
			}
		}
		if g.r.IntN(4) == 0 {
			obj[genNames[g.r.IntN(len(genNames))]+"z"] = g.pick(genScalars)
		}
		return obj
	}
	if m["type"] == "array" || m["items"] != nil || m["prefixItems"] != nil || m["contains"] != nil {
		arr := make([]any, g.r.IntN(4))
		for i := range arr {
			if g.r.IntN(2) == 0 && m["contains"] != nil {
				arr[i] = g.value(m["contains"], depth+1)
			} else {
				arr[i] = g.value(m["items"], depth+1)
			}
		}
		return arr
	}
	return g.pick(genScalars)
}

// Random schemas and values: the same violations both ways.
func TestRandomMatchesLibrary(t *testing.T) {
	g := gen{rand.New(rand.NewPCG(7, 19))}
	compared := 0
	for range 600 {
		root := g.root()
		raw, err := json.Marshal(root)
		if err != nil {
			t.Fatal(err)
		}
		s, ok := compileBoth(t, raw)
		if !ok {
			continue
		}
		for i := range 12 {
			var data []byte
			if i == 11 {
				data = []byte(testutil.RandomJSON(g.r, 0))
			} else {
				data, _ = json.Marshal(g.value(root, 0))
			}
			s.compare(t, string(data))
			compared++
		}
	}
	t.Logf("%d values compared", compared)
	if compared < 3000 {
		t.Errorf("only %d values compared: the generator makes too many schemas Compile refuses", compared)
	}
}

// FuzzMatchesLibrary: whatever the schema (that Compile accepts) and the
// value, the violations are the library's.
func FuzzMatchesLibrary(f *testing.F) {
	g := gen{rand.New(rand.NewPCG(3, 4))}
	for range 40 {
		root := g.root()
		raw, _ := json.Marshal(root)
		data, _ := json.Marshal(g.value(root, 0))
		f.Add(raw, data)
	}
	for _, c := range corpus {
		f.Add([]byte(c.schema), []byte(c.instances[0]))
	}
	f.Fuzz(func(t *testing.T, raw, data []byte) {
		if !comparable(raw) {
			return
		}
		if s, ok := compileBoth(t, raw); ok {
			s.compare(t, string(data))
		}
	})
}

// comparable reports whether the library's violations for schema raw can
// be compared: propertyNames below the root (or reached again through a
// reference to the root) makes the library report at a location that
// another value's validation overwrote, as it keeps its location slice
// without copying it.
func comparable(raw []byte) bool {
	n := bytes.Count(raw, []byte("propertyNames"))
	if n == 0 {
		return true
	}
	var root map[string]any
	if json.Unmarshal(raw, &root) != nil {
		return false
	}
	_, atRoot := root["propertyNames"]
	return n == 1 && atRoot && !bytes.Contains(raw, []byte(`"#"`))
}
