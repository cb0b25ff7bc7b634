package jsonfast

import (
	"math/rand/v2"
	"testing"
)

// stopsAt reports whether String stops at c (a byte-at-a-time test).
func stopsAt(c byte) bool { return c == '"' || c == '\\' || c < 0x20 }

// naiveBlocks is plainBlocks a byte at a time.
func naiveBlocks(data []byte, i int) int {
	for i+8 <= len(data) {
		for _, c := range data[i : i+8] {
			if stopsAt(c) {
				return i
			}
		}
		i += 8
	}
	return i
}

// plainBlocks stops at the block a byte-at-a-time test stops at: every
// byte value at every position of a block, among plain bytes and random
// ones.
func TestPlainBlocksMatchesByteTest(t *testing.T) {
	for pos := range 8 {
		for c := range 256 {
			data := []byte("abcdefghijklmnopqrstuvwx")
			data[8+pos] = byte(c)
			for from := range 9 {
				if got, want := plainBlocks(data, from), naiveBlocks(data, from); got != want {
					t.Fatalf("plainBlocks(%q, %d) = %d, want %d", data, from, got, want)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		data := make([]byte, r.IntN(40))
		for i := range data {
			data[i] = byte(0x18 + r.IntN(0x70)) // around the control characters, '"' and '\\'
			if r.IntN(8) == 0 {
				data[i] = byte(r.IntN(256))
			}
		}
		from := r.IntN(len(data) + 1)
		if got, want := plainBlocks(data, from), naiveBlocks(data, from); got != want {
			t.Fatalf("plainBlocks(%q, %d) = %d, want %d", data, from, got, want)
		}
	}
}
