package transport_test

import (
	"context"
	"testing"

	"github.com/mcpdev/mcpdev/transport"
)

// BenchmarkMemoryEventStoreAppend: storing one SSE event of a stream in the
// default store (every progress, log or streamed result pays it).
func BenchmarkMemoryEventStoreAppend(b *testing.B) {
	s := transport.NewMemoryEventStore(256)
	data := []byte(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":1}}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Append(context.Background(), "0123456789abcdef0123456789abcdef", "1", data); err != nil {
			b.Fatal(err)
		}
	}
}
