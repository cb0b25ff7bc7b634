package transport

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
)

var encodeValues = append([]string{
	`{"content":[{"type":"text","text":"Found 3 books matching 'dune' (showing up to 5)."}],"structuredContent":{"result":"x"}}`,
	`"a<b"`, `"\u003c"`, "\"line\u2028sep\"", "\"\xe2\x80\xa9\"", `{"a": 1}`, ` 1`, `[1, 2]`, `"tab\tin"`, `"q\"<"`,
	"\"caf\xc3\xa9\"", "\"bad\xff\"", `{"k":"v & w"}`,
}, jsonValues...)

func checkPlainResponse(t *testing.T, m *Message) bool {
	if !isPlainResponse(m) {
		return false
	}
	want, err := jsonenc.Marshal(m)
	if err != nil {
		t.Fatalf("isPlainResponse(%+v) but jsonenc.Marshal: %v", m, err)
	}
	got := `{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":` + string(m.Result) + "}"
	if got != string(want) {
		t.Fatalf("fast encoding %s, jsonenc.Marshal %s", got, want)
	}
	return true
}

// The stream connection writes a plain response without encoding/json; it
// must be byte for byte what jsonenc.Marshal writes.
func TestPlainResponseMatchesMarshal(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	ids := []string{`1`, `"a"`, `"<id>"`, `-3`, ` 2`, `null`, `1.5`, `"x y"`}
	plain := 0
	for range 50000 {
		m := &Message{JSONRPC: Version, ID: json.RawMessage(ids[r.IntN(len(ids))])}
		if r.IntN(2) == 0 {
			m.Result = json.RawMessage(encodeValues[r.IntN(len(encodeValues))])
		} else {
			m.Result = randomObject(r)
		}
		if r.IntN(20) == 0 {
			m.Method = "x"
		}
		if checkPlainResponse(t, m) {
			plain++
		}
	}
	t.Logf("%d of 50000 responses written without encoding/json", plain)
	if plain < 5000 {
		t.Error("the fast encoding was taken too rarely to be tested")
	}
}

func FuzzPlainResponse(f *testing.F) {
	for i, v := range encodeValues {
		f.Add([]byte([]string{`1`, `"a"`, `"<id>"`, ` 2`}[i%4]), []byte(v))
	}
	f.Fuzz(func(t *testing.T, id, result []byte) {
		checkPlainResponse(t, &Message{JSONRPC: Version, ID: id, Result: result})
	})
}
