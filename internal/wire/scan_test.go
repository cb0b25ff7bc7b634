package wire

import (
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
