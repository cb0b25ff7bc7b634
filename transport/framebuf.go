package transport

import (
	"io"
	"runtime"
)

// FrameBuffer collects the bytes of one frame, up to a limit, in pieces
// that are never copied while it grows, so that a frame over the limit
// costs no more memory than the limit before it is refused (a buffer grown
// by doubling costs twice that, one grown by append's steps five times).
// Bytes joins the pieces once, into memory of the frame's exact size.
type FrameBuffer struct {
	parts [][]byte
	n     int
	limit int
}

// NewFrameBuffer returns a FrameBuffer holding at most limit bytes.
func NewFrameBuffer(limit int) *FrameBuffer { return &FrameBuffer{limit: limit} }

// minPart is the smallest piece added to a frame already under way.
const minPart = 64 << 10

// Len is the number of bytes held.
func (b *FrameBuffer) Len() int { return b.n }

// Write adds p; it adds nothing and returns false when the frame would
// pass the limit.
func (b *FrameBuffer) Write(p []byte) bool {
	if b.n+len(p) > b.limit {
		return false
	}
	for len(p) > 0 {
		k := copy(b.spare(len(p)), p)
		b.grow(k)
		p = p[k:]
	}
	return true
}

// ReadAll reads r to its end into the buffer; over is true when r holds
// more than the limit (the buffer then holds the first limit bytes).
func (b *FrameBuffer) ReadAll(r io.Reader) (over bool, err error) {
	for b.n < b.limit {
		n, err := r.Read(b.spare(minPart))
		b.grow(n)
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return false, err
		}
	}
	var one [1]byte
	for {
		n, err := r.Read(one[:])
		switch {
		case n > 0:
			return true, nil
		case err == io.EOF:
			return false, nil
		case err != nil:
			return false, err
		}
	}
}

// spare is the free room of the last piece, a new piece when it has none:
// the first piece as large as want, the next ones a quarter of what is
// held (at least minPart), never past the limit.
func (b *FrameBuffer) spare(want int) []byte {
	if k := len(b.parts); k > 0 && len(b.parts[k-1]) < cap(b.parts[k-1]) {
		last := b.parts[k-1]
		return last[len(last):cap(last)]
	}
	size := want
	if b.n > 0 {
		size = max(want, b.n/4, minPart)
	}
	size = min(size, b.limit-b.n)
	b.parts = append(b.parts, make([]byte, 0, size))
	last := b.parts[len(b.parts)-1]
	return last[:cap(last)]
}

// grow counts k bytes written into the last piece's spare room.
func (b *FrameBuffer) grow(k int) {
	if k == 0 {
		return
	}
	last := &b.parts[len(b.parts)-1]
	*last = (*last)[:len(*last)+k]
	b.n += k
}

// Head is a copy of the first n bytes held (fewer when it holds fewer).
func (b *FrameBuffer) Head(n int) []byte {
	out := make([]byte, 0, min(n, b.n))
	for _, p := range b.parts {
		if len(out) == cap(out) {
			break
		}
		out = append(out, p[:min(len(p), cap(out)-len(out))]...)
	}
	return out
}

// lastByte is the last byte held (0 when empty).
func (b *FrameBuffer) lastByte() byte {
	for i := len(b.parts) - 1; i >= 0; i-- {
		if p := b.parts[i]; len(p) > 0 {
			return p[len(p)-1]
		}
	}
	return 0
}

// Bytes is the frame in one piece, which the caller may keep (the buffer
// is reset): the only piece as it is, or the pieces joined. The pieces of
// a frame past DefaultMaxMessageSize are collected at once (collectPieces).
func (b *FrameBuffer) Bytes() []byte {
	var out []byte
	switch len(b.parts) {
	case 0:
	case 1:
		out = b.parts[0]
	default:
		out = make([]byte, 0, b.n)
		for _, p := range b.parts {
			out = append(out, p...)
		}
	}
	joined := len(b.parts) > 1 && b.n >= collectPieces
	b.Reset()
	if joined {
		runtime.GC()
	}
	return out
}

// collectPieces is the size of a frame whose pieces Bytes has collected
// as soon as it has joined them. Until a collection the pieces stay in
// memory beside the frame, and a collection is not due before the heap
// grows by as much again: what the receiver then decodes from the frame
// (a result's text, the frame's size again) would take fresh memory, so
// a frame of megabytes cost three times its size at once where twice
// suffices (issue 31). One collection per frame past the default limit
// costs little beside reading it.
const collectPieces = DefaultMaxMessageSize

// ScanInto feeds the bytes held to f and resets the buffer.
func (b *FrameBuffer) ScanInto(f *FrameScanner) {
	b.scanInto(&f.scan)
}

func (b *FrameBuffer) scanInto(s *frameScan) {
	for _, p := range b.parts {
		s.write(p)
	}
	b.Reset()
}

// Reset empties the buffer, letting its pieces go.
func (b *FrameBuffer) Reset() {
	clear(b.parts)
	b.parts, b.n = b.parts[:0], 0
}
