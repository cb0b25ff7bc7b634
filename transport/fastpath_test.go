package transport

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
)

// jsonPieces are the fragments random messages are assembled from: the
// usual members, their case and escape variants, duplicates, odd
// whitespace, invalid UTF-8, bad numbers and escapes, deep nesting.
var jsonKeys = []string{`"jsonrpc"`, `"id"`, `"method"`, `"params"`, `"result"`, `"error"`, `"ID"`, `"Method"`, `"j\u017fonrpc"`, "\"j\u017fonrpc\"", `"metho\u0064"`, `"other"`, `"x"`, `""`, `"\u00e9"`}

var jsonValues = []string{
	`"2.0"`, `"1.0"`, `"tools/call"`, `"ping"`, `"p\u0069ng"`, "\"caf\xc3\xa9\"", "\"bad\xff\"", `"tab	x"`, `"\q"`, `"\u12"`,
	`1`, `-1`, `0`, `01`, `1.`, `.5`, `1e5`, `1E+2`, `-`, `1.5e-3`, `-0`, `2e`,
	`null`, `true`, `false`, `nul`, `tru`,
	`{}`, `[]`, `[1,2]`, `[1,]`, `{"a":1,}`, `{"a" 1}`, `{"code":-32600,"message":"m","data":{"k":[1]}}`, `{"code":"x"}`,
	`{"name":"t","arguments":{"a":[1,{"b":null}]}}`, `{"_meta":{"progressToken":"p"}}`,
	strings.Repeat("[", 250) + strings.Repeat("]", 250), strings.Repeat("[", 20) + strings.Repeat("]", 20),
}

var jsonSpace = []string{"", "", "", " ", "\n", "\t", "\r\n", "\v"}

func randomObject(r *rand.Rand) []byte {
	var b strings.Builder
	sp := func() { b.WriteString(jsonSpace[r.IntN(len(jsonSpace))]) }
	sp()
	if r.IntN(30) == 0 {
		b.WriteString("[")
	}
	b.WriteString("{")
	n := r.IntN(6)
	for i := range n {
		if i > 0 {
			sp()
			b.WriteString(",")
		}
		sp()
		b.WriteString(jsonKeys[r.IntN(len(jsonKeys))])
		sp()
		if r.IntN(40) != 0 {
			b.WriteString(":")
		}
		sp()
		b.WriteString(jsonValues[r.IntN(len(jsonValues))])
	}
	sp()
	if r.IntN(30) != 0 {
		b.WriteString("}")
	}
	if r.IntN(30) == 0 {
		b.WriteString(" {}")
	}
	sp()
	return []byte(b.String())
}

// checkDecodeFast: where decodeFast answers, encoding/json decodes the same
// message without error.
func checkDecodeFast(t *testing.T, data []byte) bool {
	fast, ok := decodeFast(&Message{}, data, false)
	if !ok {
		return false
	}
	var slow Message
	if err := json.Unmarshal(data, &slow); err != nil {
		t.Fatalf("decodeFast accepted %q; encoding/json: %v", data, err)
	}
	if !reflect.DeepEqual(*fast, slow) {
		t.Fatalf("decodeFast(%q) = %+v; encoding/json: %+v", data, *fast, slow)
	}
	return true
}

func TestDecodeFastMatchesEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	fast := 0
	for range 100000 {
		if checkDecodeFast(t, randomObject(r)) {
			fast++
		}
	}
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t","arguments":{"q":"x"}}}`,
		`{"jsonrpc":"2.0","id":"a","result":{"content":[]}}`,
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}`,
	} {
		if !checkDecodeFast(t, []byte(s)) {
			t.Errorf("%s: not decoded by the fast path", s)
		}
	}
	t.Logf("fast path decoded %d of 100000 random objects", fast)
	if fast < 1000 {
		t.Errorf("fast path decoded only %d random objects", fast)
	}
}

func FuzzDecodeFast(f *testing.F) {
	for _, v := range jsonValues {
		f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"m","params":` + v + `}`))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkDecodeFast(t, data)
	})
}

func checkPeekFast(t *testing.T, data []byte) bool {
	raw, ok := peekFast(data)
	if !ok {
		return false
	}
	got := raw.params(t)
	var want peekedParams
	if err := json.Unmarshal(data, &want); err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("peekFast(%s) = %+v; encoding/json: %+v, %v", data, got, want, err)
	}
	return true
}

// params is what peekFast read, as encoding/json reads it.
func (p peekedRaw) params(t *testing.T) peekedParams {
	str := func(val []byte) *string {
		if val == nil {
			return nil
		}
		s, ok := jsonfast.PlainString(val)
		if !ok {
			t.Fatalf("peekFast kept %s, not a plain string", val)
		}
		return &s
	}
	out := peekedParams{Name: str(p.name), URI: str(p.uri), TaskID: str(p.taskID)}
	if p.meta {
		out.Meta = &struct {
			Version json.RawMessage `json:"io.modelcontextprotocol/protocolVersion"`
		}{Version: p.version}
	}
	return out
}

// peekMetas are _meta values for peekFast's tests.
var peekMetas = []string{`null`, `{}`, `{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}`,
	`{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`,
	`{"IO.modelcontextprotocol/protocolVersion":"x"}`, `{"io.modelcontextprotocol/protocolVersion":1,"io.modelcontextprotocol/protocolVersion":2}`,
	`{"io.modelcontextprotocol/protocolVersion":null}`, `[]`, `"x"`}

func FuzzPeekFast(f *testing.F) {
	for _, m := range peekMetas {
		f.Add([]byte(`{"name":"t","uri":"u","taskId":null,"_meta":` + m + `}`))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkPeekFast(t, data)
	})
}

// peekFast, where it answers, reads what encoding/json reads.
func TestPeekFastMatchesEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	keys := []string{`"name"`, `"uri"`, `"taskId"`, `"_meta"`, `"Name"`, `"_META"`, `"n\u0061me"`, `"other"`}
	fast := 0
	for range 50000 {
		params := randomParams(r, 5, keys, func(k string) string {
			if k == `"_meta"` || r.IntN(4) == 0 {
				return peekMetas[r.IntN(len(peekMetas))]
			}
			return jsonValues[r.IntN(len(jsonValues))]
		})
		if checkPeekFast(t, params) {
			fast++
		}
	}
	t.Logf("peekFast answered %d of 50000", fast)
	if fast < 5000 {
		t.Error("peekFast answered too rarely to be tested")
	}
}

// peekParams reads the same name and version whether it takes the fast
// path or encoding/json, for every method that names something.
func TestPeekParamsFastMatchesSlow(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	keys := []string{`"name"`, `"uri"`, `"taskId"`, `"_meta"`, `"Name"`, `"other"`}
	methods := []string{"tools/call", "prompts/get", "resources/read", "tasks/get", "tasks/cancel", "tools/list", ""}
	versions := []string{`"2026-07-28"`, `"2026-07-28 "`, `"2026\u002d07-28"`, `null`, `1`, `{}`, "\"caf\xc3\xa9\"", `""`}
	fast := 0
	for range 50000 {
		params := randomParams(r, 4, keys, func(k string) string {
			if k == `"_meta"` {
				return `{"io.modelcontextprotocol/protocolVersion":` + versions[r.IntN(len(versions))] + `}`
			}
			return jsonValues[r.IntN(len(jsonValues))]
		})
		m := &Message{Method: methods[r.IntN(len(methods))], Params: params}
		if _, ok := peekFast(m.Params); !ok {
			continue
		}
		fast++
		got, want := PeekParams(m), peekSlow(m.Method, m.Params)
		if got.Name != want.Name || got.HasName != want.HasName || got.HasVersion() != want.HasVersion() ||
			got.HasVersion() && got.VersionString() != want.VersionString() {
			t.Fatalf("%s %s: fast %+v, encoding/json %+v", m.Method, m.Params, got, want)
		}
		for _, v := range []string{"2026-07-28", "café", "", `2026\u002d07-28`} {
			if got.HasVersion() && got.VersionIs(v) != (want.VersionString() == v) {
				t.Fatalf("%s: versionIs(%q) = %v, version %q", m.Params, v, got.VersionIs(v), want.VersionString())
			}
		}
	}
	if fast < 5000 {
		t.Errorf("the fast path was taken only %d times", fast)
	}
}

// randomParams is an object of fewer than n members, keys drawn from keys,
// each value value(key).
func randomParams(r *rand.Rand, n int, keys []string, value func(key string) string) []byte {
	var b strings.Builder
	b.WriteString("{")
	for i := range r.IntN(n) {
		if i > 0 {
			b.WriteString(",")
		}
		k := keys[r.IntN(len(keys))]
		b.WriteString(k + ":" + value(k))
	}
	b.WriteString("}")
	return []byte(b.String())
}

// DecodeOwnedInto decodes what Decode decodes, with the same error, over
// random objects (those the fast path refuses included): the usual
// message into the memory it is given, the others into their own.
func TestDecodeOwnedIntoMatchesDecode(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	into := 0
	for range 20000 {
		data := randomObject(r)
		want, wantErr := Decode(data)
		var dst Message
		got, gotErr := DecodeOwnedInto(&dst, bytes.Clone(data))
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotErr, wantErr) {
			t.Fatalf("DecodeOwnedInto(%q) = %+v, %v; Decode: %+v, %v", data, got, gotErr, want, wantErr)
		}
		if got == &dst {
			into++
		}
	}
	if into < 2000 {
		t.Errorf("only %d of 20000 messages decoded into the memory given", into)
	}
}
