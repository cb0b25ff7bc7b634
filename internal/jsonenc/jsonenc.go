// Package jsonenc is the one JSON encoder of transport and sdk:
// encoding/json without HTML escaping. json.Marshal writes '<', '>' and
// '&' as \u003c, \u003e and \u0026, which a model then reads literally;
// nothing MCP carries is embedded in HTML, so the SDK writes them as they
// are. Everything else (U+2028 and U+2029 included, which encoding/json
// always escapes) is what json.Marshal writes.
package jsonenc

import (
	"bytes"
	"encoding/json"
	"sync"
)

// encoder is a reusable json.Encoder writing into its own buffer.
type encoder struct {
	buf bytes.Buffer
	enc *json.Encoder
}

var pool = sync.Pool{New: func() any {
	e := &encoder{}
	e.enc = json.NewEncoder(&e.buf)
	e.enc.SetEscapeHTML(false)
	return e
}}

// maxPooled bounds the buffers kept for reuse, so that one huge message
// does not pin its memory.
const maxPooled = 64 << 10

// Marshal is json.Marshal without HTML escaping.
func Marshal(v any) ([]byte, error) {
	e := pool.Get().(*encoder)
	e.buf.Reset()
	err := e.enc.Encode(v)
	var out []byte
	if err == nil {
		b := e.buf.Bytes()
		out = append([]byte(nil), b[:len(b)-1]...) // Encode ends with a newline
	}
	if e.buf.Cap() <= maxPooled {
		pool.Put(e)
	}
	return out, err
}

// MarshalIndent is json.MarshalIndent(v, "", "  ") without HTML escaping.
func MarshalIndent(v any) ([]byte, error) {
	data, err := Marshal(v)
	if err != nil {
		return nil, err
	}
	return Indent(data), nil
}

// Indent indents compact JSON by two spaces, as json.MarshalIndent does;
// data that is not JSON comes back as it is.
func Indent(data []byte) []byte {
	var b bytes.Buffer
	b.Grow(len(data) + len(data)/4)
	if json.Indent(&b, data, "", "  ") != nil {
		return data
	}
	return b.Bytes()
}
