package proxy

import (
	"bytes"
	"sync"
)

// bodies are the buffers that carry the HTTP proxy's bodies and events to
// the recorder, which gives each back once it has written the frame.
var bodies = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func getBody() *bytes.Buffer { return bodies.Get().(*bytes.Buffer) }

func putBody(b *bytes.Buffer) {
	if b == nil || b.Cap() > 1<<20 {
		return // a big one goes to the collector
	}
	b.Reset()
	bodies.Put(b)
}

// withBody makes a queued frame's body its Text or Base64 and gives the
// buffer back.
func withBody(rec Record) Record {
	var b []byte
	switch {
	case rec.body != nil:
		b = rec.body.Bytes()
	case rec.raw != nil:
		b = rec.raw
	default:
		return rec
	}
	out := frameRecord(rec.Time, rec.Dir, b, rec.Partial)
	out.Truncated, out.HTTP = rec.Truncated, rec.HTTP
	putBody(rec.body)
	return out
}
