package sdk_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// benchEvent has the types whose JSON form the SDK checks itself: a
// time.Time (format date-time), a []byte (base64) and a uint8 (bounds).
type benchEvent struct {
	Title string    `json:"title"`
	At    time.Time `json:"at"`
	Icon  []byte    `json:"icon,omitempty"`
	Level uint8     `json:"level"`
}

// BenchmarkSessionHandleTypedArgs is BenchmarkSessionHandle for a tool
// whose arguments carry a date-time, base64 bytes and a bounded integer.
func BenchmarkSessionHandleTypedArgs(b *testing.B) {
	s := sdk.NewServer("Calendar", nil)
	sdk.Tool(s, func(ctx context.Context, e benchEvent) (string, error) { return "added " + e.Title, nil },
		&sdk.ToolOptions{Name: "add_event", Description: "Add an event."})
	ss := s.NewSession(func(*transport.Message) error { return nil })
	defer ss.Close()
	ctx := context.Background()
	init, _ := transport.Decode([]byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}`))
	ss.Handle(ctx, init)
	line := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add_event","arguments":{"title":"launch","at":"2025-07-01T09:30:00+02:00","icon":"iVBORw0K","level":3}}}`)
	b.ReportAllocs()
	for b.Loop() {
		m, _ := transport.Decode(line)
		resp := ss.Handle(ctx, m)
		if resp.Error != nil || !bytes.Contains(resp.Result, []byte("added launch")) {
			b.Fatalf("response: %+v", resp)
		}
	}
}
