package testutil

import (
	"math/rand/v2"
	"strings"
)

// JSONPieces are scalar values and edge cases RandomJSON builds from:
// escapes, invalid UTF-8, odd numbers, bad literals, trailing commas, deep
// nesting.
var JSONPieces = []string{
	`"dune"`, `"p\u0069ng"`, "\"caf\xc3\xa9\"", "\"bad\xff\"", `"\ud800"`, `"\q"`, `"a\"b"`,
	`5`, `-1`, `0`, `01`, `1.`, `1.5e-3`, `-0`, `2e`, `1e400`, `123456789012345678901234567890`,
	`null`, `true`, `false`, `nul`, `{}`, `[]`, `[1,]`, `{"a":1,}`,
	strings.Repeat("[", 250) + strings.Repeat("]", 250),
}

// jsonKeys are object keys: tools/call members, the same in another case
// or escaped, and others.
var jsonKeys = []string{`"query"`, `"limit"`, `"name"`, `"arguments"`, `"_meta"`, `"Name"`, `"ARGUMENTS"`, `"n\u0061me"`, "\"\u017f\"", `"x"`, `""`}

// RandomJSON returns a random, mostly valid JSON text of JSONPieces in
// arrays and objects (nested up to 4 deep, sometimes with trailing data),
// for differential tests of hand-written decoders against encoding/json.
func RandomJSON(r *rand.Rand, depth int) string {
	if depth > 3 || r.IntN(3) == 0 {
		return JSONPieces[r.IntN(len(JSONPieces))]
	}
	var b strings.Builder
	sp := []string{"", "", " ", "\n\t"}
	open, close := "[", "]"
	if r.IntN(2) != 0 {
		open, close = "{", "}"
	}
	b.WriteString(open)
	for i := range r.IntN(4) {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(sp[r.IntN(len(sp))])
		if open == "{" {
			b.WriteString(jsonKeys[r.IntN(len(jsonKeys))] + ":")
		}
		b.WriteString(RandomJSON(r, depth+1))
	}
	b.WriteString(close)
	if r.IntN(40) == 0 {
		b.WriteString(" 1")
	}
	return b.String()
}
