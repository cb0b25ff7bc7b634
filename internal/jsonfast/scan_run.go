package jsonfast

import "encoding/binary"

// plainBlocks skips whole 8-byte blocks of plain string content from
// data[i] on: it returns the index of the first block holding a quote, a
// backslash or a control character (what String stops at), or of the
// last few bytes, which String reads one at a time as it does the rest.
func plainBlocks(data []byte, i int) int {
	for i+8 <= len(data) && !stopByte8(binary.LittleEndian.Uint64(data[i:])) {
		i += 8
	}
	return i
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// stopByte8 reports whether any of the eight bytes in x is a quote, a
// backslash or below 0x20. It is the exact test for a byte less than n:
// (x - n in every byte) &^ x has a byte's high bit set only if that byte
// or one below it is less than n; a quote or backslash is a zero byte of
// x xor that byte in every byte.
func stopByte8(x uint64) bool {
	q := x ^ (ones * '"')
	b := x ^ (ones * '\\')
	return ((x-ones*0x20)&^x|(q-ones)&^q|(b-ones)&^b)&highs != 0
}
