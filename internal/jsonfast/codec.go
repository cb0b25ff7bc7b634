package jsonfast

import (
	"bytes"
	"encoding/json"
	"io"
	"sync"
)

// Codec is the JSON library behind every fallback of a fast path (and
// every encoding of transport and sdk, through jsonenc.Marshal): the seam
// at which the bespoke paths are measured against libraries
// (bench/compare.sh; TAGS=wireslow turns the bespoke paths off). A library
// with encoding/json's API is tried by building with JSON set to
// newLibCodec of its NewEncoder, NewDecoder and Unmarshal (a file under a
// build tag, and a go.mod copy requiring it passed as -modfile).
type Codec interface {
	// Marshal is json.Marshal without HTML escaping ('<', '>' and '&'
	// are written as they are).
	Marshal(v any) ([]byte, error)
	// Unmarshal is json.Unmarshal.
	Unmarshal(data []byte, v any) error
	// DecodeNumbers decodes the first JSON value of data into an any, as a
	// json.Decoder with UseNumber does (data after that value is not read).
	DecodeNumbers(data []byte) (any, error)
}

// JSON is the codec in use: encoding/json. (segmentio/encoding and
// go-json-experiment/json were measured behind this seam and not taken:
// see the commit that added it.)
var JSON Codec = newLibCodec(json.NewEncoder, json.NewDecoder, json.Unmarshal)

type jsonEncoder interface {
	Encode(v any) error
	SetEscapeHTML(on bool)
}

type jsonDecoder interface {
	Decode(v any) error
	UseNumber()
}

// libCodec is a Codec on a library with encoding/json's API.
type libCodec[E jsonEncoder, D jsonDecoder] struct {
	newEncoder func(io.Writer) E
	newDecoder func(io.Reader) D
	unmarshal  func([]byte, any) error
	encoders   *sync.Pool // of *pooledEncoder[E]
}

// pooledEncoder is a reusable encoder writing into its own buffer.
type pooledEncoder[E jsonEncoder] struct {
	buf bytes.Buffer
	enc E
}

// maxPooled bounds the buffers kept for reuse, so that one huge message
// does not pin its memory.
const maxPooled = 64 << 10

func newLibCodec[E jsonEncoder, D jsonDecoder](newEncoder func(io.Writer) E, newDecoder func(io.Reader) D, unmarshal func([]byte, any) error) *libCodec[E, D] {
	c := &libCodec[E, D]{newEncoder: newEncoder, newDecoder: newDecoder, unmarshal: unmarshal}
	c.encoders = &sync.Pool{New: func() any {
		e := &pooledEncoder[E]{}
		e.enc = newEncoder(&e.buf)
		e.enc.SetEscapeHTML(false)
		return e
	}}
	return c
}

func (c *libCodec[E, D]) Marshal(v any) ([]byte, error) {
	e := c.encoders.Get().(*pooledEncoder[E])
	e.buf.Reset()
	err := e.enc.Encode(v)
	var out []byte
	if err == nil {
		b := e.buf.Bytes()
		out = append([]byte(nil), b[:len(b)-1]...) // Encode ends with a newline
	}
	if e.buf.Cap() <= maxPooled {
		c.encoders.Put(e)
	}
	return out, err
}

func (c *libCodec[E, D]) Unmarshal(data []byte, v any) error { return c.unmarshal(data, v) }

func (c *libCodec[E, D]) DecodeNumbers(data []byte) (any, error) {
	dec := c.newDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}
