package transport

import (
	"testing"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
	"github.com/mcpdev/mcpdev/internal/jsonfast"
)

// The transport's bespoke paths against the JSON codec they stand in for
// (see sdk's BenchmarkFast*).

var fastBenchLine = []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_books","arguments":{"query":"dune","limit":5}}}`)

func BenchmarkFastDecodeMessage(b *testing.B) {
	b.Run("bespoke", func(b *testing.B) {
		for b.Loop() {
			if _, ok := decodeFast(&Message{}, fastBenchLine, false); !ok {
				b.Fatal("not taken")
			}
		}
	})
	b.Run("codec", func(b *testing.B) {
		for b.Loop() {
			var m Message
			if err := jsonfast.JSON.Unmarshal(fastBenchLine, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkFastWriteResponse(b *testing.B) {
	m := &Message{JSONRPC: Version, ID: []byte(`1`), Result: []byte(`{"content":[{"type":"text","text":"Found 3 books matching 'dune' (showing up to 5)."}],"structuredContent":{"result":"Found 3 books matching 'dune' (showing up to 5)."}}`)}
	var buf []byte
	b.Run("bespoke", func(b *testing.B) {
		for b.Loop() {
			if !isPlainResponse(m) {
				b.Fatal("not taken")
			}
			buf = append(append(append(append(append(buf[:0], `{"jsonrpc":"2.0","id":`...), m.ID...), `,"result":`...), m.Result...), '}')
		}
	})
	b.Run("codec", func(b *testing.B) {
		for b.Loop() {
			if _, err := jsonenc.Marshal(m); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkFastPeek(b *testing.B) {
	params := []byte(`{"name":"search_books","arguments":{"query":"dune","limit":5},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}`)
	b.Run("bespoke", func(b *testing.B) {
		for b.Loop() {
			if _, ok := peekFast(params); !ok {
				b.Fatal("not taken")
			}
		}
	})
	b.Run("codec", func(b *testing.B) {
		for b.Loop() {
			var p peekedParams
			if err := jsonfast.JSON.Unmarshal(params, &p); err != nil {
				b.Fatal(err)
			}
		}
	})
}
