package jsonfast

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

func slowDecode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

func checkDecodeValue(t *testing.T, data []byte) bool {
	fast, ok := DecodeValue(data)
	if !ok {
		return false
	}
	slow, err := slowDecode(data)
	if err != nil || !reflect.DeepEqual(fast, slow) {
		t.Fatalf("DecodeValue(%q) = %#v; encoding/json: %#v, %v", data, fast, slow, err)
	}
	return true
}

// DecodeValue, where it answers, gives what encoding/json gives.
func TestDecodeValueMatchesEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	ok := 0
	for range 50000 {
		if checkDecodeValue(t, []byte(testutil.RandomJSON(r, 0))) {
			ok++
		}
	}
	if !checkDecodeValue(t, []byte(`{"name":"search_books","arguments":{"query":"dune","limit":5}}`)) {
		t.Error("a tools/call params object: not decoded by the fast path")
	}
	t.Logf("of 50000 random values: DecodeValue answered %d", ok)
	if ok < 5000 {
		t.Error("the fast path answered too rarely to be tested")
	}
}

func FuzzDecodeValue(f *testing.F) {
	for _, p := range testutil.JSONPieces {
		f.Add([]byte(`{"name":"t","arguments":` + p + `}`))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkDecodeValue(t, data)
	})
}
