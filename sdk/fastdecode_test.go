package sdk

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

var decodePieces = []string{
	`"dune"`, `"p\u0069ng"`, "\"caf\xc3\xa9\"", "\"bad\xff\"", `"\ud800"`, `"\q"`, `"a\"b"`,
	`5`, `-1`, `0`, `01`, `1.`, `1.5e-3`, `-0`, `2e`, `1e400`, `123456789012345678901234567890`,
	`null`, `true`, `false`, `nul`, `{}`, `[]`, `[1,]`, `{"a":1,}`,
	strings.Repeat("[", 250) + strings.Repeat("]", 250),
}

var decodeKeys = []string{`"query"`, `"limit"`, `"name"`, `"arguments"`, `"_meta"`, `"Name"`, `"ARGUMENTS"`, `"n\u0061me"`, "\"\u017f\"", `"x"`, `""`}

func randomJSON(r *rand.Rand, depth int) string {
	if depth > 3 || r.IntN(3) == 0 {
		return decodePieces[r.IntN(len(decodePieces))]
	}
	var b strings.Builder
	sp := []string{"", "", " ", "\n\t"}
	if r.IntN(2) == 0 {
		b.WriteString("[")
		for i := range r.IntN(4) {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(sp[r.IntN(len(sp))] + randomJSON(r, depth+1))
		}
		b.WriteString("]")
	} else {
		b.WriteString("{")
		for i := range r.IntN(4) {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(sp[r.IntN(len(sp))] + decodeKeys[r.IntN(len(decodeKeys))] + ":" + randomJSON(r, depth+1))
		}
		b.WriteString("}")
	}
	if r.IntN(40) == 0 {
		b.WriteString(" 1")
	}
	return b.String()
}

func slowDecode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

func checkDecodeAny(t *testing.T, data []byte) bool {
	fast, ok := decodeAny(data)
	if !ok {
		return false
	}
	slow, err := slowDecode(data)
	if err != nil || !reflect.DeepEqual(fast, slow) {
		t.Fatalf("decodeAny(%q) = %#v; encoding/json: %#v, %v", data, fast, slow, err)
	}
	return true
}

func checkCallParams(t *testing.T, data []byte) bool {
	var fast CallToolParams
	if !decodeCallParams(data, &fast) {
		return false
	}
	var slow CallToolParams
	if err := json.Unmarshal(data, &slow); err != nil || !reflect.DeepEqual(fast, slow) {
		t.Fatalf("decodeCallParams(%q) = %+v; encoding/json: %+v, %v", data, fast, slow, err)
	}
	return true
}

// decodeAny and decodeCallParams, where they answer, give what
// encoding/json gives.
func TestFastDecodeMatchesEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var anyOK, paramsOK int
	for range 50000 {
		data := []byte(randomJSON(r, 0))
		if checkDecodeAny(t, data) {
			anyOK++
		}
		if checkCallParams(t, data) {
			paramsOK++
		}
	}
	for _, s := range []string{`{"name":"search_books","arguments":{"query":"dune","limit":5}}`, `{"name":"t","_meta":{"progressToken":1}}`} {
		if !checkCallParams(t, []byte(s)) || !checkDecodeAny(t, []byte(s)) {
			t.Errorf("%s: not decoded by the fast path", s)
		}
	}
	t.Logf("of 50000 random values: decodeAny answered %d, decodeCallParams %d", anyOK, paramsOK)
	if anyOK < 5000 || paramsOK < 500 {
		t.Error("the fast paths answered too rarely to be tested")
	}
}

func FuzzFastDecode(f *testing.F) {
	for _, p := range decodePieces {
		f.Add([]byte(`{"name":"t","arguments":` + p + `}`))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkDecodeAny(t, data)
		checkCallParams(t, data)
	})
}
