package tui

import (
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

// The Traffic tab's search takes attach's filter terms: an answer is found
// by its request's method and tool, a request without an answer by
// status:pending; words still search the raw text.
func TestTrafficSearchTakesFilterTerms(t *testing.T) {
	m, _ := newTestModel(t, 100, 30)
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	ev := func(dir sdk.Direction, id, what, raw string) trafficEvent {
		return trafficEvent{at: at, dir: dir, raw: []byte(raw), id: id, what: what}
	}
	m.Update(eventsMsg{gen: m.gen, events: []any{
		ev(sdk.Sent, "2", "tools/call", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_books","arguments":{"query":"dune"}}}`),
		ev(sdk.Received, "2", "result", `{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"Dune"}]}}`),
		ev(sdk.Sent, "3", "tools/call", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"add_book","arguments":{}}}`),
		ev(sdk.Received, "3", "error", `{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"book: Field required"}}`),
		ev(sdk.Received, "", "notifications/message", `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"Dune"}}`),
		ev(sdk.Sent, "4", "tools/call", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"search_books","arguments":{"query":"x"}}}`),
	}})
	press(m, "3")
	for _, c := range []struct {
		query string
		want  int
	}{
		{"tool:search status:ok", 1},
		{"tool:add_book dir:in", 3},
		{"status:error", 3},
		{"status:pending", 5},
		{"method:notifications", 4},
		{"id:3 dir:out", 2},
		{"dune dir:in method:tools", 1},
		{"Field required", 3},
	} {
		m.traffic.cursor = 0
		press(m, "/")
		m.traffic.search.SetValue("")
		typeText(m, c.query)
		press(m, "enter")
		if m.traffic.cursor != c.want {
			t.Errorf("search %q: cursor on message %d, want %d", c.query, m.traffic.cursor, c.want)
		}
	}
}
