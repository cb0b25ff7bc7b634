package strict

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/schema/compile"
	"github.com/mcpdev/mcpdev/internal/testutil/tokentest"
)

// genSchema writes a random schema of the keywords certainlyValid knows,
// with well-formed and malformed values, and some it does not know.
func genSchema(rng *rand.Rand, depth int) string {
	if depth > 3 || rng.IntN(8) == 0 {
		return []string{"true", "false", "{}", "1", `"s"`, "null", "[]"}[rng.IntN(7)]
	}
	values := map[string][]string{
		"type":                 {`"string"`, `"object"`, `"integer"`, `"strin"`, `["string","null"]`, `["string","string"]`, `[]`, `[1]`, `5`, `null`},
		"description":          {`"words"`, `""`, `5`, `null`, `["a"]`},
		"title":                {`"T"`, `{}`},
		"$comment":             {`"c"`, `1`},
		"format":               {`"date-time"`, `"uri"`, `"no-such-format"`, `""`, `7`},
		"default":              {`1`, `null`, `{"$ref":"#/nowhere"}`, `[1,1]`},
		"const":                {`"x"`, `{"a":[]}`},
		"examples":             {`[]`, `[1,"a"]`, `"a"`, `{}`},
		"enum":                 {`[]`, `["a","a"]`, `[1,null,{}]`, `"a"`, `null`},
		"deprecated":           {`true`, `"yes"`},
		"readOnly":             {`false`, `1`},
		"writeOnly":            {`true`, `null`},
		"uniqueItems":          {`true`, `0`},
		"required":             {`[]`, `["a","b"]`, `["a","a"]`, `[1]`, `"a"`, `{}`},
		"minimum":              {`0`, `-1.5`, `1e308`, `1e400`, `"1"`, `null`},
		"maximum":              {`10`, `1E3`, `true`},
		"exclusiveMinimum":     {`0`, `false`, `true`},
		"exclusiveMaximum":     {`5.5`, `"5"`},
		"minLength":            {`0`, `3`, `-1`, `1.0`, `1.5`, `1e2`, `123456789`, `12345678901234567890`, `"2"`},
		"maxItems":             {`2`, `-2`, `null`},
		"minProperties":        {`1`, `0.0`},
		"properties":           {"P", `[]`, `5`},
		"items":                {"S", `[{}]`},
		"additionalProperties": {"S"},
		"not":                  {"S"},
		"anyOf":                {"L", `[]`, `{}`},
		"oneOf":                {"L"},
		"allOf":                {"L"},
		"$schema":              {`"https://json-schema.org/draft/2020-12/schema"`, `"http://json-schema.org/draft-07/schema#"`, `"http://json-schema.org/draft-04/schema#"`, `"https://example.com/s"`, `5`},
		"pattern":              {`"^a"`, `"("`},
		"$ref":                 {`"#/$defs/x"`, `"#"`},
		"$defs":                {`{"x":{}}`},
		"$id":                  {`"https://example.com/a"`},
		"prefixItems":          {`[{}]`},
		"x-extra":              {`{"$ref":"http://x"}`},
	}
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var parts []string
	for range rng.IntN(5) {
		k := keys[rng.IntN(len(keys))]
		v := values[k][rng.IntN(len(values[k]))]
		switch v {
		case "S":
			v = genSchema(rng, depth+1)
		case "L":
			v = "[" + genSchema(rng, depth+1) + "," + genSchema(rng, depth+1) + "]"
		case `{"y":S}`:
			v = `{"y":` + genSchema(rng, depth+1) + "}"
		case "P":
			v = `{"a":` + genSchema(rng, depth+1) + `,"b c":` + genSchema(rng, depth+1) + "}"
		}
		parts = append(parts, fmt.Sprintf("%q:%s", k, v))
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// TestProofSound: every document certainlyValid accepts compiles, among
// random documents and the real tools' schemas; and it accepts most of
// those the compiler accepts without references or patterns.
func TestProofSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 2))
	docs := []string{`{"type":"object"} x`, `{"type":"object"}{}`, `[]`, `{"$schema":"http://json-schema.org/draft-07/schema","type":"object"}`,
		`{"$schema":"http://json-schema.org/draft-07/schema#","format":"no-such-format"}`, `{"$schema":"http://json-schema.org/draft-07/schema#","pattern":"("}`,
		`{"$schema":"http://json-schema.org/draft-07/schema#","$defs":{"x":{}},"$ref":"#/$defs/x"}`, `{"$defs":{"x":{"$ref":"#/$defs/x"}},"$ref":"#/$defs/x"}`,
		`{"properties":{"a":{"$defs":{"x":{}},"$ref":"#/$defs/x"}}}`, `{"$defs":{"a b":{}},"$ref":"#/$defs/a b"}`}
	for range 15000 {
		docs = append(docs, genSchema(rng, 0))
	}
	docs = append(docs, realSchemas(t)...)
	proved, valid := 0, 0
	for _, doc := range docs {
		_, err := compile.Schema([]byte(doc))
		if err == nil {
			valid++
		}
		if !certainlyValid([]byte(doc)) {
			continue
		}
		proved++
		if err != nil {
			t.Errorf("certainlyValid(%s), but it does not compile: %v", doc, err)
		}
	}
	t.Logf("%d documents, %d compile, %d proved", len(docs), valid, proved)
	if proved < valid/3 {
		t.Errorf("proved %d of %d valid documents", proved, valid)
	}
}

// realSchemas is the input and output schemas of internal/tokens' real
// and hostile tool definitions.
func realSchemas(t *testing.T) []string {
	var out []string
	for _, tool := range tokentest.Tools(t, "server-everything", "server-filesystem", "bookshop", "hostile") {
		out = append(out, string(tool.InputSchema))
		if len(tool.OutputSchema) > 0 {
			out = append(out, string(tool.OutputSchema))
		}
	}
	return out
}
