package sdk

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

func checkCallParams(t *testing.T, data []byte) bool {
	var fast CallToolParams
	if !decodeCallParams(data, &fast) {
		return false
	}
	var slow CallToolParams
	if err := unmarshalParams(data, &slow); err != nil || !reflect.DeepEqual(fast, slow) {
		t.Fatalf("decodeCallParams(%q) = %+v; encoding/json: %+v, %v", data, fast, slow, err)
	}
	return true
}

// decodeCallParams, where it answers, gives what encoding/json gives.
func TestDecodeCallParamsMatchesEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	ok := 0
	for range 50000 {
		if checkCallParams(t, []byte(testutil.RandomJSON(r, 0))) {
			ok++
		}
	}
	for _, s := range []string{`{"name":"search_books","arguments":{"query":"dune","limit":5}}`, `{"name":"t","_meta":{"progressToken":1}}`} {
		if !checkCallParams(t, []byte(s)) {
			t.Errorf("%s: not decoded by the fast path", s)
		}
	}
	t.Logf("of 50000 random values: decodeCallParams answered %d", ok)
	if ok < 500 {
		t.Error("the fast path answered too rarely to be tested")
	}
}

func FuzzDecodeCallParams(f *testing.F) {
	for _, p := range testutil.JSONPieces {
		f.Add([]byte(`{"name":"t","arguments":` + p + `}`))
		f.Add([]byte(`{"name":` + p + `,"_meta":{"progressToken":` + p + `}}`))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkCallParams(t, data)
	})
}
