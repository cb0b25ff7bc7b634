package tui

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// The traffic pane keeps a message of megabytes without a copy of it: the
// big member is shared with the message (the result pane shows the text
// decoded from the same message), and its size, start and search work
// on it as on a whole message (a match across the search's windows, in
// any case).
func TestTrafficSharesABigMessage(t *testing.T) {
	result := json.RawMessage(`{"content":[{"type":"text","text":"` + strings.Repeat("x", 200<<10) + `NeedLe` + strings.Repeat("y", 3<<20) + `"}]}`)
	m := &transport.Message{JSONRPC: "2.0", ID: json.RawMessage("7"), Result: result}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	e := traceEvent(sdk.Received, m)
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<10 {
		t.Errorf("tracing a %d-byte message allocated %d bytes: a copy of it", len(result), grew)
	}
	whole := `{"jsonrpc":"2.0","id":7,"result":` + string(result) + `}`
	if e.size() != len(whole) {
		t.Errorf("size %d, want %d", e.size(), len(whole))
	}
	if got := string(e.head(40)); got != whole[:40] {
		t.Errorf("head %q, want %q", got, whole[:40])
	}
	for _, q := range []string{"needle", `"id":7,"result":{"content"`, "yyy\"}]}}"} {
		if !e.contains([]byte(q)) {
			t.Errorf("contains(%q) = false", q)
		}
	}
	if e.contains([]byte("needlex")) {
		t.Error(`contains("needlex") = true`)
	}
	head := len(`{"jsonrpc":"2.0","id":7,"result":`)
	for _, at := range []int{head + 64<<10, head + 128<<10} { // a match across a window's edge
		whole := []byte(whole)
		copy(whole[at-3:], "MaTcH")
		e := traceEvent(sdk.Received, &transport.Message{JSONRPC: "2.0", ID: json.RawMessage("7"), Result: whole[head : len(whole)-1]})
		if !e.contains([]byte("match")) {
			t.Errorf("a match across byte %d not found", at)
		}
	}
}
