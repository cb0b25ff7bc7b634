package transport

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
)

// BenchmarkStreamReadLong reads long lines through a stream connection:
// the frame's pieces (FrameBuffer), joined once, then decoded.
func BenchmarkStreamReadLong(b *testing.B) {
	for _, size := range []int{100 << 10, 1 << 20, 20 << 20} {
		b.Run(fmt.Sprintf("%dKB", size>>10), func(b *testing.B) {
			head := `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"`
			line := []byte(head + strings.Repeat("x", size-len(head)-6) + `"}]}}` + "\n")
			c := NewStream(&lineRepeater{line: line}, io.Discard, &StreamOptions{MaxMessageSize: 64 << 20})
			b.SetBytes(int64(len(line)))
			for b.Loop() {
				if _, err := c.Read(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// lineRepeater reads line over and over.
type lineRepeater struct {
	line []byte
	off  int
}

func (r *lineRepeater) Read(p []byte) (int, error) {
	n := copy(p, r.line[r.off:])
	r.off = (r.off + n) % len(r.line)
	return n, nil
}
