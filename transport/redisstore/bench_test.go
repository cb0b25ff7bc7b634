package redisstore_test

import (
	"context"
	"testing"

	"github.com/mcpdev/mcpdev/transport/redisstore"
)

// BenchmarkRedisStoreAppend: storing one SSE event in a real redis-server
// on 127.0.0.1 (one pipelined round trip); compare with transport's
// BenchmarkMemoryEventStoreAppend.
func BenchmarkRedisStoreAppend(b *testing.B) {
	s := redisstore.New(startRedis(b).client(b), nil)
	data := []byte(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":1}}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Append(context.Background(), "0123456789abcdef0123456789abcdef", "1", data); err != nil {
			b.Fatal(err)
		}
	}
}
