package transport_test

import (
	"context"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/transport"
)

// A long frame leaves no garbage behind: once Read returns it, the pieces
// it was read in are collected, so that what the receiver decodes from it
// next (a result's text, as large again) takes their memory rather than
// fresh memory beside them (issue 31). The heap then holds the frame once.
func TestLongFrameLeavesNoPieces(t *testing.T) {
	const size = 8 << 20
	head := `{"result":{"text":"`
	tail := `"},"jsonrpc":"2.0","id":42}` + "\n"
	r := io.MultiReader(strings.NewReader(head), &repeatReader{b: 'x', n: size - len(head) - len(tail) + 1}, strings.NewReader(tail))
	c := transport.NewStream(r, io.Discard, &transport.StreamOptions{MaxMessageSize: 2 * size})
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	m, err := c.Read(context.Background())
	runtime.ReadMemStats(&after)
	if err != nil || string(m.ID) != "42" {
		t.Fatalf("Read = %v, %v; want the message", m, err)
	}
	if x := float64(after.HeapAlloc-before.HeapAlloc) / size; x > 1.3 {
		t.Errorf("after reading a %d-byte frame the heap holds %.2f× its size, want at most 1.3×", size, x)
	}
	runtime.KeepAlive(m)
}
