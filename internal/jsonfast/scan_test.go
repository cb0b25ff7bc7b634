package jsonfast

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

// wholeValue reports whether data is one JSON value by Value, whitespace
// around it allowed.
func wholeValue(data []byte) bool {
	end, ok := Value(data, Space(data, 0), 1)
	return ok && Space(data, end) == len(data)
}

func checkValue(t *testing.T, data []byte) {
	ok := wholeValue(data)
	deep := strings.Count(string(data), "[")+strings.Count(string(data), "{") > MaxDepth
	if ok != json.Valid(data) && !(deep && !ok) {
		t.Fatalf("Value(%q) = %v, json.Valid = %v", data, ok, json.Valid(data))
	}
}

// Value accepts exactly what json.Valid accepts (below its depth limit).
func TestScanValueMatchesValid(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		checkValue(t, []byte(testutil.RandomJSON(r, 0)))
	}
}

func FuzzValue(f *testing.F) {
	for _, p := range testutil.JSONPieces {
		f.Add([]byte(p))
	}
	f.Fuzz(checkValue)
}

// fieldNames are the members FuzzFields reads, as a struct of these json
// names would.
var fieldNames = []string{"name", "arguments", "_meta"}

// Fields, where it answers, finds each name's member where encoding/json
// does: same presence, same raw value.
func FuzzFields(f *testing.F) {
	for _, s := range []string{`{"name":"t","arguments":{"a":1},"_meta":null}`, `{"Name":1}`, `{"n\u0061me":1}`,
		`{"name":1,"name":2}`, ` {"x":[1,{"name":2}]} `, `{}`, `{"a":1,}`, "{\"\xff\":1}", `{"arguments":"\u2028"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got := map[string][]byte{}
		if !Fields(data, fieldNames, func(name string, val []byte) bool {
			got[name] = val
			return true
		}) {
			return
		}
		var want map[string]json.RawMessage
		if err := json.Unmarshal(data, &want); err != nil || want == nil {
			t.Fatalf("Fields(%q) answered; encoding/json: %v", data, err)
		}
		for _, name := range fieldNames {
			g, gok := got[name]
			w, wok := want[name]
			if gok != wok || string(g) != string(w) {
				t.Fatalf("Fields(%q): %s = %q (%v); encoding/json: %q (%v)", data, name, g, gok, w, wok)
			}
		}
	})
}

// String finds the end of a string exactly where encoding/json does.
func FuzzString(f *testing.F) {
	for _, s := range []string{`"a"`, `"a\"b" x`, `"\u12"`, `"\q"`, "\"tab\t\"", "\"\xff\"", `"\ud800"`, `"`, `"a\`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 || data[0] != '"' {
			return
		}
		end, escaped, ok := String(data, 0)
		var s string
		if !ok {
			// No prefix of data ending in a quote is a JSON string.
			for i := 2; i <= len(data); i++ {
				if data[i-1] == '"' && json.Unmarshal(data[:i], &s) == nil {
					t.Fatalf("String(%q) failed; encoding/json reads %q", data, data[:i])
				}
			}
			return
		}
		if err := json.Unmarshal(data[:end], &s); err != nil {
			t.Fatalf("String(%q) = %d; encoding/json: %v", data, end, err)
		}
		if !escaped && bytes.IndexByte(data[:end-1], '\\') >= 0 {
			t.Fatalf("String(%q): escaped false, but it holds a backslash", data)
		}
	})
}

// PlainString reads a scanned string value only when encoding/json reads
// the same text.
func FuzzPlainString(f *testing.F) {
	for _, s := range []string{`"a"`, `"a\"b"`, "\"caf\xc3\xa9\"", "\"\xff\"", `"\u0041"`, `""`, "\"\xe2\x80\xa8\""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 || data[0] != '"' {
			return
		}
		if end, _, ok := String(data, 0); !ok || end != len(data) {
			return // PlainString is given scanned values only
		}
		got, ok := PlainString(data)
		if !ok {
			return
		}
		var want string
		if err := json.Unmarshal(data, &want); err != nil || got != want {
			t.Fatalf("PlainString(%q) = %q; encoding/json: %q, %v", data, got, want, err)
		}
	})
}

// MarshalsUnchanged data really is written unchanged by jsonenc.Marshal,
// and PlainText strings are written between quotes unchanged.
func FuzzMarshalsUnchanged(f *testing.F) {
	for _, s := range []string{`{"a":[1,2]}`, `{"a": 1}`, `"<&>"`, "\"\u2028\"", `"\u003c"`, "\"\xff\"", `1e5`, `[`, `"\/"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if MarshalsUnchanged(data) {
			got, err := JSON.Marshal(json.RawMessage(data))
			if err != nil || string(got) != string(data) {
				t.Fatalf("MarshalsUnchanged(%q), but jsonenc.Marshal writes %q, %v", data, got, err)
			}
		}
		if s := string(data); PlainText(s) {
			got, err := JSON.Marshal(s)
			if err != nil || string(got) != `"`+s+`"` {
				t.Fatalf("PlainText(%q), but jsonenc.Marshal writes %q, %v", s, got, err)
			}
		}
	})
}
